/**
 * `npm run bench` is how this project measures itself, and its browser benchmarks drive the pages as a
 * user does: a change to a page can break one without failing any test. The options benchmark looked for a
 * "Next" button by its exact text and stopped at the numbered pages' "Next ›", unnoticed for two days,
 * taking every figure of the options page with it. Here each browser benchmark runs its every path once
 * (SHORTY_BENCH_RUNS=1, tests/bench/stats.ts): the figures mean nothing, only that each path completes.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { join } from "node:path";
import { expect, it } from "vitest";

const BROWSER_BENCHMARKS = ["worker", "popup", "options", "latency"];
/** Each benchmark builds the extension, starts a backend and a browser, and the latency one a few browsers. */
const LIMIT_MS = 8 * 60_000;

const tsx = createRequire(import.meta.url).resolve("tsx/cli");
const runner = join(import.meta.dirname, "../bench/run.ts");

function runBenchmarks(names: string[]): Promise<{ status: number | null; output: string }> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [tsx, runner, ...names], {
			env: { ...process.env, SHORTY_BENCH_RUNS: "1" },
			stdio: ["ignore", "pipe", "pipe"],
		});
		let output = "";
		child.stdout.on("data", (chunk) => {
			output += chunk;
		});
		child.stderr.on("data", (chunk) => {
			output += chunk;
		});
		child.on("error", reject);
		child.on("close", (status) => resolve({ status, output }));
	});
}

it(
	"every browser benchmark still completes each of its paths",
	async () => {
		const { status, output } = await runBenchmarks(BROWSER_BENCHMARKS);
		expect(status, output).toBe(0);
		for (const bench of BROWSER_BENCHMARKS) expect(output).toContain(`| ${bench} |`);
		// The rows that need a page's controls, not only its marks.
		expect(output).toMatch(/\| options \| options: Next to next page rendered, 10,000 links \| p50 \d+ ms/);
		expect(output).toMatch(/\| latency \| menu to clipboard, new address, at 100 ms RTT \| p50 \d+ ms/);
	},
	LIMIT_MS,
);
