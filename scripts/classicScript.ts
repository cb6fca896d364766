/**
 * A page's first script as a classic script: `entry` and everything it imports built into one file with
 * no imports, put first in the page's head. Vite builds a page's scripts as modules, and a module runs
 * only once the document is parsed and every file it imports has arrived (each a request of its own to
 * the extension); a classic script runs as soon as the parser reaches it. The popup's first requests
 * (popup/start.ts) leave some 5 ms sooner that way, and their answers are read before React's chunk
 * occupies the page's main thread (docs/architecture.md, "The popup's first script").
 */
import { build, type Plugin, type Rollup, type UserConfig } from "vite";

export interface ClassicScript {
	/** The page, as Vite names its HTML ("popup/index.html"). */
	page: string;
	/** The script's source. */
	entry: string;
	/** Where the build puts it ("popup/start.js"). */
	fileName: string;
	/** What the extension's own build bakes in and how it reads the environment: the same here. */
	inherit: Pick<UserConfig, "define" | "envDir" | "envPrefix">;
	target: string;
}

function onlyChunk(output: Awaited<ReturnType<typeof build>>): Rollup.OutputChunk {
	const [result] = Array.isArray(output) ? output : [output];
	const chunks = result && "output" in result ? result.output.filter((file) => file.type === "chunk") : [];
	const [chunk] = chunks;
	if (!chunk || chunks.length > 1) throw new Error("A classic script must build into exactly one file");
	return chunk;
}

export function classicScript({ page, entry, fileName, inherit, target }: ClassicScript): Plugin {
	return {
		name: "shorty:classic-script",
		apply: "build",
		buildStart() {
			this.addWatchFile(entry);
		},
		transformIndexHtml: {
			order: "post",
			handler: (_html, { path }) =>
				path === `/${page}` ? [{ tag: "script", attrs: { src: `/${fileName}` }, injectTo: "head-prepend" }] : [],
		},
		async generateBundle() {
			const output = await build({
				...inherit,
				configFile: false,
				logLevel: "warn",
				build: {
					write: false,
					target,
					minify: true,
					lib: { entry, formats: ["iife"], name: "shortyClassicScript" },
				},
			});
			this.emitFile({ type: "asset", fileName, source: onlyChunk(output).code });
		},
	};
}
