/**
 * Builds the redirect page from Node, for the places that need it built against a particular backend:
 * `npm start` (watching, against the ports it started) and the test backends (against their random ports).
 */
import { join } from "node:path";
import { build, type Rollup } from "vite";
import type { BuildEnv } from "../src/config";
import { buildEnv, REDIRECT_DIR, redirectConfig } from "./vite.config";

/** Where `npm run build` puts the page: firebase.json's hosting.public. */
export const REDIRECT_DIST = join(REDIRECT_DIR, "dist");

function configFor(outDir: string, env: BuildEnv, watch: boolean) {
	const config = redirectConfig({ ...buildEnv("production"), ...env });
	return {
		...config,
		configFile: false as const,
		logLevel: "warn" as const,
		build: { ...config.build, outDir, ...(watch ? { watch: {} } : {}) },
	};
}

/** Builds once into `outDir`, with `env` over the usual VITE_* settings. */
export async function buildRedirectPage(outDir: string, env: BuildEnv = {}): Promise<void> {
	await build(configFor(outDir, env, false));
}

/** Builds into `outDir` and again on every change, until the watcher is closed. */
export async function watchRedirectPage(outDir: string, env: BuildEnv = {}): Promise<Rollup.RollupWatcher> {
	return (await build(configFor(outDir, env, true))) as Rollup.RollupWatcher;
}
