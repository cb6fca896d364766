import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// Four suites with different needs: unit tests run in jsdom; build tests read dist/; integration
// tests use the real Firebase SDK against the local backend; end-to-end tests drive real Chromium (and
// Firefox for the Firefox build), one file at a time (the keep-warm file runs its browsers together).
// groupOrder runs end-to-end last, after the others have all finished.
export default defineConfig({
	plugins: [react()],
	test: {
		reporters: ["default", "./tests/plainSummary.ts"],
		projects: [
			{
				extends: true,
				test: {
					name: "unit",
					include: ["tests/unit/**/*.test.{ts,tsx}"],
					environment: "jsdom",
					setupFiles: ["tests/unit/englishMessages.ts", "tests/unit/jsdomLayout.ts"],
				},
			},
			{
				test: { name: "build", include: ["tests/build/**/*.test.ts"], environment: "node" },
			},
			{
				test: {
					name: "integration",
					include: ["tests/integration/**/*.test.ts"],
					environment: "node",
					globalSetup: ["tests/integration/backendSetup.ts"],
					setupFiles: ["tests/integration/quietSdk.ts"],
					testTimeout: 30_000,
					hookTimeout: 60_000,
				},
			},
			{
				test: {
					name: "e2e",
					include: ["tests/e2e/**/*.test.ts"],
					environment: "node",
					globalSetup: ["tests/e2e/setup.ts"],
					sequence: { groupOrder: 1 },
					fileParallelism: false,
					testTimeout: 60_000,
					hookTimeout: 60_000,
				},
			},
		],
	},
});
