// Prints how long `vite build` takes and how much JavaScript each entry point loads (its own file
// plus every file it imports, raw and gzip). Figures for the README's performance section.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const dist = join(root, "dist");
const RUNS = 3;

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

function timeBuilds() {
	/** @type {number[]} */
	const seconds = [];
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

/**
 * Every JavaScript file an entry loads, following static and dynamic imports from `file`.
 * @param {string} file path inside dist/, with forward slashes
 * @param {Set<string>} seen
 */
function jsClosure(file, seen = new Set()) {
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

/** @param {number} bytes */
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const buildSeconds = timeBuilds();
const manifest = JSON.parse(readFileSync(join(dist, "manifest.json"), "utf8"));
const entries = {
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
