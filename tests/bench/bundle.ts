// Prints how long `vite build` takes and how much JavaScript each entry point loads: to start (its own
// scripts plus everything they import) and later on demand (dynamic imports). Figures for the README's
// performance section; tests/build/budgets.test.ts holds the same figures to their budgets.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { extensionBundles, sizeOf } from "../build/bundles";
import { record } from "./report";

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

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const buildSeconds = timeBuilds();
record(`vite build, median of ${RUNS}`, `${median(buildSeconds).toFixed(2)} s`);
for (const { name, initial, lazy } of extensionBundles(dist)) {
	const { raw, gzip } = sizeOf(dist, initial);
	const later = lazy.length > 0 ? `, then ${kb(sizeOf(dist, lazy).gzip)} on demand` : "";
	record(`${name} JS to start (gzip)`, `${kb(gzip)} (${kb(raw)} raw)${later}`);
}
