import { crx } from "@crxjs/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv } from "vite";
import manifest from "./manifest.json" with { type: "json" };
import { FIREFOX_MIN_VERSION, firefoxManifest } from "./scripts/firefoxManifest.ts";
import { configFromEnv } from "./src/config.ts";

// `vite build --mode firefox` (npm run build:firefox) builds the same sources as a Firefox add-on.
export default defineConfig(({ mode }) => {
	const firefox = mode === "firefox";
	// The pages and worker read these settings at run time; reading them here too makes a bad one (a
	// short-link base with a path, a project without an API key) stop the build instead.
	configFromEnv(loadEnv(mode, process.cwd(), "VITE_"));
	return {
		plugins: [react(), firefox ? crx({ manifest: firefoxManifest(manifest), browser: "firefox" }) : crx({ manifest })],
		build: {
			outDir: firefox ? "dist-firefox" : "dist",
			emptyOutDir: true,
			// Emit only syntax the oldest browser the manifest accepts can run.
			target: firefox ? `firefox${FIREFOX_MIN_VERSION}` : `chrome${manifest.minimum_chrome_version}`,
			// The manifest names every other page; Chrome's offscreen clipboard document is opened from code.
			rollupOptions: firefox ? {} : { input: { offscreen: "offscreen/index.html" } },
		},
	};
});
