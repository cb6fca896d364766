/**
 * A classic script: `entry` and everything it imports built into one file with no imports. The
 * background is one (scripts/classicBackground.ts); so is a page's first script, put first in the
 * page's head. Vite builds a page's scripts as modules, and a module runs
 * only once the document is parsed and every file it imports has arrived (each a request of its own to
 * the extension); a classic script needs only its own file. For the popup's first requests
 * (popup/start.ts) that was some 10 ms (docs/architecture.md, "The popup's first script is a classic one").
 * It is async, so it neither holds the parser (the module's tag is reached, and its imports sent for,
 * while the script is on its way) nor waits for anything but its own file: a deferred script waits, as a
 * module does, for the document to be parsed and for the head's stylesheets, which held the popup's first
 * script some 6 ms after it had arrived (docs/architecture.md, "The link's first frame"). An async script
 * keeps no order with the module, which nearly always runs later anyway; the page's side of the
 * hand-over (popup/handOver.ts) waits for it when it does not.
 */
import { build, type Plugin, type PluginOption, type ResolvedConfig, type Rollup } from "vite";

export interface ClassicScript {
	/** The page, as Vite names its HTML ("popup/index.html"). */
	page: string;
	/** The script's source, an absolute path. */
	entry: string;
	/** Where the build puts it ("popup/start.js"). */
	fileName: string;
}

function onlyChunk(output: Awaited<ReturnType<typeof build>>): Rollup.OutputChunk {
	const [result] = Array.isArray(output) ? output : [output];
	const chunks = result && "output" in result ? result.output.filter((file) => file.type === "chunk") : [];
	const [chunk] = chunks;
	if (!chunk || chunks.length > 1) throw new Error("A classic script must build into exactly one file");
	return chunk;
}

/** The script built as the extension's own build would build it: its root, mode, constants, target and minifier. */
async function buildClassic(
	entry: string,
	extension: ResolvedConfig,
	plugins: PluginOption[],
): Promise<Rollup.OutputChunk> {
	return onlyChunk(
		await build({
			configFile: false,
			plugins,
			logLevel: "warn",
			root: extension.root,
			mode: extension.mode,
			envDir: extension.envDir,
			...(extension.envPrefix === undefined ? {} : { envPrefix: extension.envPrefix }),
			// A library build leaves process.env.NODE_ENV in place, where a page has no `process`.
			define: {
				...extension.define,
				"process.env.NODE_ENV": JSON.stringify(extension.isProduction ? "production" : "development"),
			},
			build: {
				write: false,
				target: extension.build.target,
				minify: extension.build.minify,
				// `npm start`'s watching build maps its sources, inside the script so there is no second file to emit
				// (only DevTools reads it; a production build has none).
				sourcemap: extension.build.sourcemap ? "inline" : false,
				lib: { entry, formats: ["iife"], name: "shortyClassicScript" },
				// Strict, as the modules it replaces were, and as Shorty's code and its packages are tested.
				rolldownOptions: { output: { strict: true } },
			},
		}),
	);
}

/**
 * Builds `entry` as a classic script at the start of each build of the extension, its sources watched so
 * a watching build rebuilds when they change (the extension's own modules may never import them), with
 * `plugins` of its own. `hooks` go into the plugin; `code()` is the latest build.
 */
export function classicBuild(
	entry: string,
	plugins: PluginOption[] = [],
): { hooks: Pick<Plugin, "configResolved" | "buildStart">; code(): string } {
	let extension: ResolvedConfig;
	let code = "";
	return {
		hooks: {
			configResolved(config) {
				extension = config;
			},
			async buildStart() {
				const chunk = await buildClassic(entry, extension, plugins);
				code = chunk.code;
				for (const id of chunk.moduleIds)
					if (!id.includes("/node_modules/") && !id.startsWith("\0")) this.addWatchFile(id);
			},
		},
		code: () => code,
	};
}

export function classicScript({ page, entry, fileName }: ClassicScript): Plugin {
	const built = classicBuild(entry);
	return {
		name: `shorty:classic-script:${fileName}`,
		apply: "build",
		...built.hooks,
		transformIndexHtml: {
			order: "post",
			handler: (_html, { path }) =>
				path === `/${page}`
					? [{ tag: "script", attrs: { src: `/${fileName}`, async: true }, injectTo: "head-prepend" }]
					: [],
		},
		generateBundle() {
			this.emitFile({ type: "asset", fileName, source: built.code() });
		},
	};
}
