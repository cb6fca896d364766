/**
 * Builds the redirect page from Node, for the places that need it built against a particular backend:
 * `npm start` (watching, against the ports it started) and the test backends (against their random ports).
 * These builds take only the settings they are given (src/config.ts localBackendEnv, as the extension's
 * local builds in scripts/localBuild.ts): no `.env`, no VITE_* of the environment. A
 * developer's `.env` naming their real project would otherwise send a local or test page's reads and
 * clicks to production Firestore. The deploy build (vite.config.ts, `--mode deploy`) is the one that reads `.env`.
 */
import { join } from "node:path";
import { build, type Rollup } from "vite";
import type { BuildEnv } from "../src/config";
import { REDIRECT_DIR, redirectConfig } from "./vite.config";

/** Where `npm run build` puts the page: firebase.json's hosting.public. */
export const REDIRECT_DIST = join(REDIRECT_DIR, "dist");

function configFor(outDir: string, env: BuildEnv, watch: boolean) {
	const config = redirectConfig(env);
	return {
		...config,
		configFile: false as const,
		logLevel: "warn" as const,
		build: { ...config.build, outDir, ...(watch ? { watch: {} } : {}) },
	};
}

/** Builds once into `outDir`, against the backend `env` names (the local one on its default ports if empty). */
export async function buildRedirectPage(outDir: string, env: BuildEnv = {}): Promise<void> {
	await build(configFor(outDir, env, false));
}

/** Builds into `outDir` and again on every change, until the watcher is closed. */
export async function watchRedirectPage(outDir: string, env: BuildEnv = {}): Promise<Rollup.RollupWatcher> {
	return (await build(configFor(outDir, env, true))) as Rollup.RollupWatcher;
}
