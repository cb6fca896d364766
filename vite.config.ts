import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { crx } from "@crxjs/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv, type Rolldown, type UserConfig } from "vite";
import manifest from "./manifest.json" with { type: "json" };
import { classicBackground } from "./scripts/classicBackground.ts";
import { classicScript } from "./scripts/classicScript.ts";
import { FIREFOX_MIN_VERSION, firefoxManifest } from "./scripts/firefoxManifest.ts";
import {
	configFromEnv,
	extensionPagesPolicy,
	firebaseHostPermissions,
	SEALED_ENV,
	type ShortyConfig,
} from "./src/config.ts";
import { OFFSCREEN_DOCUMENT } from "./src/messages.ts";

export const EXTENSION_ROOT = fileURLToPath(new URL(".", import.meta.url));

export type TargetBrowser = "chrome" | "firefox";

/**
 * Pages' first scripts, built as classic scripts (scripts/classicScript.ts): the popup's first requests,
 * and the offscreen clipboard document's only script, which the worker's copy waits for.
 */
export const CLASSIC_SCRIPTS = [
	{ page: "popup/index.html", entry: "popup/start.ts", fileName: "popup/start.js" },
	{ page: OFFSCREEN_DOCUMENT, entry: "offscreen/main.ts", fileName: "offscreen/main.js" },
];

/**
 * A module's path from the project's root, with "/" between folders: a chunk group's test for Shorty's
 * own folders must not match a folder of the same name above the checkout (~/src/shorty).
 */
const fromRoot = (id: string) => relative(EXTENSION_ROOT, id).split(sep).join("/");

/**
 * What the pages share, in a few files rather than the seven of automatic splitting: each file is a
 * request of its own to the extension, with work on the page's main thread for each, and the popup's
 * files load while its shorten is on the way (docs/architecture.md, "The popup's files"). `shared`:
 * Shorty's own modules that both pages use, with Vite's preload helper. `ui`: React and the components
 * both pages use, the theme first (src/ui/mountPage.tsx imports it), so it stays the pages' first
 * stylesheet. Each chunk takes along its modules' imports; `shared` claims its modules first, so the
 * modules React does not need stay out of `ui`. The background (BACKGROUND_SCRIPT) and the classic
 * scripts (CLASSIC_SCRIPTS) are files of their own.
 */
const SHARED_CHUNKS: Rolldown.CodeSplittingOptions = {
	groups: [
		{
			name: "shared",
			test: (id) => /^src\/(?!ui\/).*\.ts$/.test(fromRoot(id)) || /vite\/preload-helper/.test(id),
			minShareCount: 2,
			priority: 2,
		},
		{
			name: "ui",
			test: (id) =>
				/[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id) || /^src\/ui\/.*\.tsx?$/.test(fromRoot(id)),
			minShareCount: 2,
			priority: 1,
		},
	],
};

/**
 * A page with a classic first script names no module to preload in its head. The preload scanner would
 * fetch them beside the first script, whose own request and run they delayed by 10 to 15 ms; without
 * them, the page's module sends for its files as soon as it arrives, beside the first script
 * (docs/architecture.md, "The popup's files"). Other pages keep Vite's preloads.
 */
function preloadedBy(host: { hostId: string }, deps: string[]): string[] {
	return CLASSIC_SCRIPTS.some(({ page }) => host.hostId === page) ? [] : deps;
}

/**
 * The background, built from the manifest's entry as one classic script (scripts/classicBackground.ts):
 * Chrome's service worker and Firefox's event page's one script, each built in its browser's mode, under one name.
 */
const BACKGROUND_SCRIPT = "service-worker.js";

/**
 * `vite build --mode firefox` (npm run build:firefox); background/clipboard.ts and background/index.ts (the
 * toolbar click) tell the builds apart by it.
 */
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
			// No background for crxjs, which would build it as modules: classicBackground builds and names it.
			crx({
				manifest: { ...(firefox ? firefoxManifest(withPolicy) : withPolicy), background: undefined },
				...(firefox ? { browser: "firefox" as const } : {}),
			}),
			classicBackground({
				entry: join(EXTENSION_ROOT, manifest.background.service_worker),
				fileName: BACKGROUND_SCRIPT,
				browser,
			}),
			...CLASSIC_SCRIPTS.filter(({ page }) => !firefox || page !== OFFSCREEN_DOCUMENT).map((script) =>
				classicScript({ ...script, entry: join(EXTENSION_ROOT, script.entry) }),
			),
		],
		build: {
			outDir: firefox ? "dist-firefox" : "dist",
			emptyOutDir: true,
			// Emit only syntax the oldest browser the manifest accepts can run.
			target: firefox ? `firefox${FIREFOX_MIN_VERSION}` : `chrome${manifest.minimum_chrome_version}`,
			// Every browser the manifests accept reads modulepreload: the polyfill would be one more file to load.
			modulePreload: { polyfill: false, resolveDependencies: (_file, deps, host) => preloadedBy(host, deps) },
			rolldownOptions: {
				// The manifest names every other page; the clipboard document is opened from code, and Firefox has none.
				...(firefox ? {} : { input: { offscreen: OFFSCREEN_DOCUMENT } }),
				output: { codeSplitting: SHARED_CHUNKS },
			},
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
