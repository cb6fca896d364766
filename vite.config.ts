import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { crx } from "@crxjs/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv, type UserConfig } from "vite";
import manifest from "./manifest.json" with { type: "json" };
import { classicScript } from "./scripts/classicScript.ts";
import { FIREFOX_MIN_VERSION, firefoxManifest } from "./scripts/firefoxManifest.ts";
import {
	configFromEnv,
	extensionPagesPolicy,
	firebaseHostPermissions,
	SEALED_ENV,
	type ShortyConfig,
} from "./src/config.ts";

export const EXTENSION_ROOT = fileURLToPath(new URL(".", import.meta.url));

export type TargetBrowser = "chrome" | "firefox";

/** Pages' first scripts, built as classic scripts (scripts/classicScript.ts): the popup's first requests. */
export const CLASSIC_SCRIPTS = [{ page: "popup/index.html", entry: "popup/start.ts", fileName: "popup/start.js" }];

/** `vite build --mode firefox` (npm run build:firefox); background/clipboard.ts tells the builds apart by it. */
const FIREFOX_MODE = "firefox";

/**
 * The extension's build for one browser, talking to the backend `config` names: the same for
 * `npm run build` and for the local builds of scripts/localBuild.ts, which change only the output folder.
 */
export function extensionConfig(browser: TargetBrowser, config: ShortyConfig): UserConfig {
	const firefox = browser === "firefox";
	// firefoxManifest keeps the policy and the hosts: it derives the Firefox manifest from this one.
	const withPolicy = {
		...manifest,
		host_permissions: firebaseHostPermissions(config),
		content_security_policy: { extension_pages: extensionPagesPolicy(config) },
	};
	return {
		root: EXTENSION_ROOT,
		mode: firefox ? FIREFOX_MODE : "production",
		...SEALED_ENV,
		define: { SHORTY_CONFIG: JSON.stringify(config) },
		plugins: [
			react(),
			firefox ? crx({ manifest: firefoxManifest(withPolicy), browser: "firefox" }) : crx({ manifest: withPolicy }),
			...CLASSIC_SCRIPTS.map((script) => classicScript({ ...script, entry: join(EXTENSION_ROOT, script.entry) })),
		],
		build: {
			outDir: firefox ? "dist-firefox" : "dist",
			emptyOutDir: true,
			// Emit only syntax the oldest browser the manifest accepts can run.
			target: firefox ? `firefox${FIREFOX_MIN_VERSION}` : `chrome${manifest.minimum_chrome_version}`,
			// Every browser the manifests accept reads modulepreload: the polyfill would be one more file to load.
			modulePreload: { polyfill: false },
			// The manifest names every other page; Chrome's offscreen clipboard document is opened from code.
			rollupOptions: firefox ? {} : { input: { offscreen: "offscreen/index.html" } },
		},
	};
}

// `npm run build` and `npm run build:firefox`: the one build that reads `.env` (and VITE_* of the
// environment), for the project it names, or the local backend on its default ports without one.
// configFromEnv also stops the build on a bad setting (a short-link base with a path, a project
// without an API key).
export default defineConfig(({ mode }) =>
	extensionConfig(mode === FIREFOX_MODE ? "firefox" : "chrome", configFromEnv(loadEnv(mode, EXTENSION_ROOT, "VITE_"))),
);
