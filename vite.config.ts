import { crx } from "@crxjs/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import manifest from "./manifest.json" with { type: "json" };

export default defineConfig({
	plugins: [react(), crx({ manifest })],
	build: {
		outDir: "dist",
		emptyOutDir: true,
		// Emit only syntax the oldest Chrome the manifest accepts can run.
		target: `chrome${manifest.minimum_chrome_version}`,
		// The manifest names every other page; the offscreen clipboard document is opened from code.
		rollupOptions: { input: { offscreen: "offscreen/index.html" } },
	},
});
