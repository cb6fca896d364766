import { crx } from "@crxjs/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import manifest from "./manifest.json" with { type: "json" };

export default defineConfig({
	plugins: [react(), crx({ manifest })],
	build: {
		outDir: "dist",
		emptyOutDir: true,
		target: "chrome116",
	},
	// Explicit so CI and `npm start` never pick a random port if the dev server is ever used.
	server: { port: 5173, strictPort: true },
});
