/**
 * `npm run bench`: every benchmark in turn, then one table of all their figures and the machine they ran
 * on, ready to paste into the README's performance section. `npm run bench -- popup worker` runs some.
 * Each benchmark runs in its own process, so one's browser or backend cannot slow the next.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { findChromium } from "../../scripts/chromium.mjs";
import { findFirefox, firefoxMissing } from "../../scripts/firefox.mjs";
import { realWindowToolsMissing } from "../../scripts/realWindowTools.mjs";

const BENCHES = [
	"bundle",
	"firestore",
	"search",
	"mirror",
	"worker",
	"popup",
	"options",
	"latency",
	"keepWarm",
	"shortcut",
	"firefox",
	"function",
	"redirect",
] as const;
/** Far above need: a full run on a 2-core machine takes minutes, most of them the latency and burst benches. */
const BENCH_TIMEOUT_MS = 15 * 60_000;

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(BENCHES as readonly string[]).includes(name));
if (unknown.length > 0) {
	console.error(`bench: no benchmark named ${unknown.join(", ")}; there are ${BENCHES.join(", ")}`);
	process.exit(2);
}
// Firefox, and the real window's X tools, are optional outside CI (scripts/setup.mjs): without them, a full
// run leaves their benchmarks out and says so; asked for by name, each runs and fails with the hint.
const missing = new Map<string, string | undefined>(
	asked.length === 0
		? [
				["firefox", firefoxMissing()],
				["shortcut", realWindowToolsMissing()],
			]
		: [],
);
for (const [name, hint] of missing) if (hint) process.stderr.write(`bench: leaving out ${name}. ${hint}\n`);
const chosen = BENCHES.filter((name) => (asked.length === 0 || asked.includes(name)) && !missing.get(name));

const tsx = fileURLToPath(import.meta.resolve("tsx/cli"));
const scratch = mkdtempSync(join(tmpdir(), "shorty-bench-"));
const table: Array<{ bench: string; figure: string; value: string }> = [];
let failed = false;

for (const bench of chosen) {
	const script = join(import.meta.dirname, `${bench}.ts`);
	if (!existsSync(script)) continue;
	const rows = join(scratch, `${bench}.jsonl`);
	process.stderr.write(`bench: ${bench}…\n`);
	const run = spawnSync(process.execPath, [tsx, script], {
		env: { ...process.env, SHORTY_BENCH_ROWS: rows },
		encoding: "utf8",
		stdio: ["ignore", "pipe", "pipe"],
		// The backstop behind the browser benchmarks' own limit (extensionRig.ts): a stuck benchmark must not
		// hold up the rest forever.
		timeout: BENCH_TIMEOUT_MS,
		killSignal: "SIGKILL",
	});
	if (run.status !== 0) {
		failed = true;
		const why = run.error ? ` (${run.error.message}; limit ${BENCH_TIMEOUT_MS / 60_000} min)` : "";
		process.stderr.write(`bench: ${bench} failed${why}\n${run.stdout}${run.stderr}\n`);
		continue;
	}
	if (!existsSync(rows)) continue;
	for (const line of readFileSync(rows, "utf8").trim().split("\n")) table.push({ bench, ...JSON.parse(line) });
}
rmSync(scratch, { recursive: true, force: true });

/** What `find` finds says of its version, or `none`. */
function versionOf(find: () => string | undefined, none: string): string {
	const path = find();
	return path ? spawnSync(path, ["--version"], { encoding: "utf8" }).stdout.trim() : none;
}
const chromiumVersion = versionOf(findChromium, "no Chromium found");
const firefoxVersion = versionOf(findFirefox, "no Firefox found");
const [cpu] = cpus();
console.log(
	`\nMachine: ${cpus().length} × ${cpu?.model.trim() ?? "unknown CPU"}, ${Math.round(totalmem() / 2 ** 30)} GB RAM, ` +
		`Node ${process.version}, ${chromiumVersion}, ${firefoxVersion}\n`,
);
console.log("| bench | figure | value |\n| --- | --- | --- |");
for (const { bench, figure, value } of table) console.log(`| ${bench} | ${figure} | ${value} |`);
if (failed) process.exit(1);
