// Prints how long `vite build` takes and how much JavaScript each entry point loads (its own file
// plus every file it imports, raw and gzip). Figures for the README's performance section.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { gzipSync } from "node:zlib";

const root = join(import.meta.dirname, "..", "..");
const dist = join(root, "dist");
const RUNS = 3;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

function timeBuilds() {
	const seconds: number[] = [];
	for (let run = 0; run < RUNS; run++) {
		const start = process.hrtime.bigint();
		const result = spawnSync(process.execPath, [join(root, "node_modules", "vite", "bin", "vite.js"), "build"], {
			cwd: root,
			stdio: "ignore",
		});
		if (result.status !== 0) throw new Error("vite build failed; run `npm run build` to see why");
		seconds.push(Number(process.hrtime.bigint() - start) / 1e9);
	}
	return seconds;
}

/** Every JavaScript file an entry loads, following static and dynamic imports from `file` (a dist/ path). */
function jsClosure(file: string, seen = new Set<string>()): Set<string> {
	const source = readFileSync(join(dist, file), "utf8");
	const references = file.endsWith(".html")
		? [...source.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+\.js)"/g)]
		: [...source.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["']([^"']+\.js)["']/g)];
	for (const [, reference = ""] of references) {
		const target = reference.startsWith("/") ? reference.slice(1) : posix.join(posix.dirname(file), reference);
		if (seen.has(target)) continue;
		seen.add(target);
		jsClosure(target, seen);
	}
	return seen;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const buildSeconds = timeBuilds();
const manifest = JSON.parse(readFileSync(join(dist, "manifest.json"), "utf8"));
const entries: Record<string, string> = {
	popup: manifest.action.default_popup,
	options: manifest.options_ui.page,
	"service worker": manifest.background.service_worker,
};

console.log(
	`vite build: median ${median(buildSeconds).toFixed(2)} s over ${RUNS} runs (${buildSeconds.map((s) => s.toFixed(2)).join(", ")})`,
);
console.log("entry            files   raw JS     gzip JS");
for (const [name, entry] of Object.entries(entries)) {
	const files = [...jsClosure(entry, new Set(entry.endsWith(".js") ? [entry] : []))];
	const sources = files.map((file) => readFileSync(join(dist, file)));
	const raw = sources.reduce((sum, source) => sum + source.length, 0);
	const gzip = sources.reduce((sum, source) => sum + gzipSync(source, { level: 9 }).length, 0);
	console.log(
		`${name.padEnd(16)} ${String(files.length).padStart(5)}   ${kb(raw).padStart(8)}   ${kb(gzip).padStart(8)}`,
	);
}
