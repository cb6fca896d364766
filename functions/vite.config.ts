/**
 * The function's build (`npm run build:functions`; the backend builds it through build.ts): one ES module,
 * functions/lib/index.js, which is what the Functions emulator and `firebase deploy` load. The code it
 * shares with the static page (redirect/, src/links/) is bundled in, since only functions/ is deployed;
 * its npm dependencies stay outside, installed from functions/package.json where the function runs.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, type UserConfig } from "vite";

export const FUNCTIONS_DIR = fileURLToPath(new URL(".", import.meta.url));
const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));

/** What functions/package.json installs: imports of these (and their subpaths) stay imports. */
function installedPackage(): (id: string) => boolean {
	const { dependencies } = JSON.parse(readFileSync(new URL("package.json", import.meta.url), "utf8")) as {
		dependencies: Record<string, string>;
	};
	const names = Object.keys(dependencies);
	return (id) => names.some((name) => id === name || id.startsWith(`${name}/`));
}

export function functionConfig(): UserConfig {
	return {
		root: REPO_ROOT,
		publicDir: false,
		build: {
			ssr: fileURLToPath(new URL("src/index.ts", import.meta.url)),
			outDir: fileURLToPath(new URL("lib", import.meta.url)),
			emptyOutDir: true,
			// The oldest Node the function meets: the local emulator runs it on the developer's Node 20.
			target: "node20",
			rollupOptions: { external: installedPackage(), output: { entryFileNames: "index.js", format: "es" } },
		},
	};
}

export default defineConfig(functionConfig());
