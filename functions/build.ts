/**
 * Builds the function from Node for the local backend, which runs it in the Functions emulator. Several
 * backends may start at once (the integration and end-to-end suites do), and a running emulator reloads
 * the function when its file changes, so the bundle is written only when it differs, and by rename:
 * no emulator ever loads half a file, and none reloads for nothing.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build, type Rollup } from "vite";
import { FUNCTIONS_DIR, functionConfig } from "./vite.config";

export const FUNCTION_BUNDLE = join(FUNCTIONS_DIR, "lib", "index.js");

export async function buildFunction(): Promise<void> {
	const config = functionConfig();
	const output = (await build({
		...config,
		configFile: false,
		logLevel: "warn",
		build: { ...config.build, write: false },
	})) as Rollup.RollupOutput;
	const [bundle, ...others] = output.output;
	if (bundle?.type !== "chunk" || others.length > 0) throw new Error("The function's build made more than one file");
	if (existsSync(FUNCTION_BUNDLE) && readFileSync(FUNCTION_BUNDLE, "utf8") === bundle.code) return;
	mkdirSync(join(FUNCTIONS_DIR, "lib"), { recursive: true });
	const temporary = `${FUNCTION_BUNDLE}.${process.pid}.tmp`;
	writeFileSync(temporary, bundle.code);
	renameSync(temporary, FUNCTION_BUNDLE);
}

/** Rebuilds on every change, for `npm start`; the Functions emulator reloads the function when its file changes. */
export async function watchFunction(): Promise<Rollup.RollupWatcher> {
	const config = functionConfig();
	return (await build({
		...config,
		configFile: false,
		logLevel: "warn",
		// Emptying lib/ first would show the emulator a function that is gone.
		build: { ...config.build, emptyOutDir: false, watch: {} },
	})) as Rollup.RollupWatcher;
}
