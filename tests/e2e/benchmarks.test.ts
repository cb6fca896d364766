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
import { expect, it, onTestFinished } from "vitest";
import { firefoxMissing } from "../../scripts/firefox.mjs";
import { realWindowToolsMissing } from "../../scripts/realWindowTools.mjs";

// Firefox's and the real window's only where they can run, as for their end-to-end tests
// (tests/e2e/firefox.test.ts, tests/e2e/realWindow.test.ts): always in CI.
const BROWSER_BENCHMARKS = [
	"worker",
	"popup",
	"options",
	"latency",
	"keepWarm",
	...(realWindowToolsMissing() ? [] : ["shortcut"]),
	...(firefoxMissing() ? [] : ["firefox"]),
];
/**
 * Each benchmark builds the extension, starts a backend and a browser, and the latency one a few browsers:
 * some 5.5 minutes on a 2-core machine under CI, the shortcut one 35 s of it.
 */
const LIMIT_MS = 10 * 60_000;

const tsx = createRequire(import.meta.url).resolve("tsx/cli");
const runner = join(import.meta.dirname, "../bench/run.ts");

function runBenchmarks(names: string[]): Promise<{ status: number | null; output: string }> {
	// Every path, at the default round trip, whatever a developer's shell has set for their own runs.
	const { SHORTY_BENCH_RTT_MS, SHORTY_BENCH_LATENCY_PATHS, ...env } = process.env;
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [tsx, runner, ...names], {
			env: { ...env, SHORTY_BENCH_RUNS: "1" },
			stdio: ["ignore", "pipe", "pipe"],
			// Its own process group, stopped whole when the test ends (a timeout included), so no benchmark
			// and its browser and backend go on beside the next test files. SIGTERM lets each close them.
			detached: true,
		});
		onTestFinished(() => {
			if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
			try {
				process.kill(-child.pid, "SIGTERM");
			} catch {
				// The group ended between the check and the signal: nothing left to stop.
			}
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
		if (BROWSER_BENCHMARKS.includes("shortcut")) {
			// The real key press, also to a stopped worker: its copy read in the page it was pressed in.
			expect(output).toMatch(
				/\| shortcut \| shortcut to clipboard after the worker stopped \(idle\), new address, at 100 ms RTT \| p50 \d+ ms/,
			);
		}
	},
	LIMIT_MS,
);
