/**
 * The extension built from Node against a local backend: `npm start` (watching, into dist/), the
 * end-to-end suite with its Firefox tests, and the browser benchmarks (each into a folder of its own).
 * These builds take only the hosts they are given, through localBackendEnv: no `.env`, no VITE_* of the
 * environment. A developer's `.env` for their real project would otherwise send a test run's sign-ups,
 * writes and deletes to production. `npm run build` (vite.config.ts) is the one build that reads `.env`.
 */
import { build, type InlineConfig, type Rollup } from "vite";
import { configFromEnv, type LocalBackendHosts, localBackendEnv } from "../src/config";
import { extensionConfig, type TargetBrowser } from "../vite.config";

function localConfig(outDir: string, backend: LocalBackendHosts, browser: TargetBrowser, watch: boolean): InlineConfig {
	const config = extensionConfig(browser, configFromEnv(localBackendEnv(backend)));
	return {
		...config,
		configFile: false,
		logLevel: watch ? "info" : "warn",
		build: { ...config.build, outDir, ...(watch ? { watch: {}, sourcemap: true } : {}) },
	};
}

/** Builds the extension for `browser` into `outDir`, talking to `backend`. */
export async function buildLocalExtension(
	outDir: string,
	backend: LocalBackendHosts,
	browser: TargetBrowser = "chrome",
): Promise<void> {
	await build(localConfig(outDir, backend, browser, false));
}

/** Builds into `outDir`, with source maps, and again on every change until the watcher is closed. */
export async function watchLocalExtension(outDir: string, backend: LocalBackendHosts): Promise<Rollup.RollupWatcher> {
	return (await build(localConfig(outDir, backend, "chrome", true))) as Rollup.RollupWatcher;
}
