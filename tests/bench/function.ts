/**
 * The short-link function's answer time at the Hosting port, as a script sees it (fetch, not following
 * the redirect): the Hosting emulator hands the path to the function in the Functions emulator, which
 * reads links/{code} from the local Firestore server and, for a visit, counts it (a person: the day and the
 * total, one commit) before answering.
 * Warm: one worker already running. Cold: the first answer from a fresh worker (a new Node process that
 * loads the function and the Admin SDK), forced by changing the function's file, which makes the
 * emulator drop its workers. Firestore models production's write contention (local/firestore/contention.ts),
 * as a deployed function meets it. The warm visits go round 20 links, as a site's ordinary traffic does
 * (one link opened a dozen times a second is a burst, which has its own row: 500 visits in 10 s).
 * Run: npx tsx tests/bench/function.ts
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FUNCTION_BUNDLE } from "../../functions/build";
import { startBackend } from "../../local/backend";
import { FIRESTORE_WRITE_CONTENTION } from "../../local/firestore/contention";
import { freePort } from "../../local/ports";
import { firestoreAdmin } from "../firestoreAdmin";
import { record } from "./report";
import { p50p95, sample } from "./stats";

const WARM_RUNS = 60;
const COLD_RUNS = 5;
const BURST = 500;
const BURST_SECONDS = 10;
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
/** What the Functions emulator logs each time it has (re)loaded the function. */
const LOADED = "Loaded functions definitions";

const dataDir = mkdtempSync(join(tmpdir(), "shorty-bench-function-"));
const backend = await startBackend({
	ports: { auth: await freePort(), firestore: await freePort(), hosting: await freePort() },
	dataDir,
	persistAuth: false,
	hostingPublicDir: join(dataDir, "hosting"),
	writeContention: FIRESTORE_WRITE_CONTENTION,
});
const bundle = readFileSync(FUNCTION_BUNDLE, "utf8");

try {
	const site = `http://127.0.0.1:${backend.ports.hosting}`;
	const admin = firestoreAdmin(`http://${backend.env.FIRESTORE_EMULATOR_HOST}`);
	const codes = Array.from({ length: 20 }, (_, i) => `benchFn${i}`);
	for (const code of [...codes, "benchViral"]) await admin.addLink(code, "https://example.com/");
	const link = (run: number) => `/${codes[run % codes.length]}`;

	/** Milliseconds until the answer's headers, which carry the 302 or the 404. */
	async function answer(path: string, userAgent = CHROME, expected = 302): Promise<number> {
		const start = performance.now();
		const response = await fetch(`${site}${path}`, { redirect: "manual", headers: { "User-Agent": userAgent } });
		const ms = performance.now() - start;
		await response.body?.cancel();
		if (response.status !== expected) throw new Error(`${path} answered ${response.status}, not ${expected}`);
		return ms;
	}

	const loads = () => readFileSync(backend.emulatorLog, "utf8").split(LOADED).length - 1;
	/** Changes the function's file (a comment), and waits until the emulator has reloaded it. */
	async function freshWorker(run: number): Promise<void> {
		const before = loads();
		appendFileSync(FUNCTION_BUNDLE, `\n// bench: cold start ${run}\n`);
		const deadline = Date.now() + 60_000;
		while (loads() === before) {
			if (Date.now() > deadline) throw new Error("The Functions emulator did not reload the function");
			await new Promise((resolve) => setTimeout(resolve, 100));
		}
		// The emulator drops its idle workers as it logs the line, then registers the function again.
		await new Promise((resolve) => setTimeout(resolve, 1000));
	}

	// The emulator's four workers (local/emulators.ts), started before anything is timed.
	for (let round = 0; round < 3; round++) await Promise.all(codes.slice(0, 4).map((code) => answer(`/${code}`)));
	record(
		`person's visit, warm: read, count, 302 (${WARM_RUNS} runs)`,
		p50p95(await sample(WARM_RUNS, (run) => answer(link(run)))),
	);
	record(
		`bot's visit, warm: read, count, 302 (${WARM_RUNS} runs)`,
		p50p95(await sample(WARM_RUNS, (run) => answer(link(run), "curl/8.5.0"))),
	);
	record(
		`unknown code, warm: read, 404 (${WARM_RUNS} runs)`,
		p50p95(await sample(WARM_RUNS, () => answer("/noSuchCode1", CHROME, 404))),
	);

	// Sent evenly over 10 s without waiting for answers; the emulator queues what its workers cannot take,
	// and Hosting gives up on a request after 60 s (504).
	const burstStart = performance.now();
	const burst = await Promise.all(
		Array.from({ length: BURST }, async (_, i) => {
			await new Promise((resolve) => setTimeout(resolve, (i * BURST_SECONDS * 1000) / BURST));
			return answer("/benchViral").catch(() => null);
		}),
	);
	const burstSeconds = (performance.now() - burstStart) / 1000;
	const answered = burst.filter((ms) => ms !== null);
	const { people, documents } = await admin.visitsOf("benchViral");
	record(`one link, ${BURST} visits sent in ${BURST_SECONDS} s: each 302`, p50p95(answered));
	record(
		`one link, ${BURST} visits sent in ${BURST_SECONDS} s: all done, counted`,
		`${burstSeconds.toFixed(1)} s, ${answered.length} redirected, ${people} counted over ${documents} shards`,
	);

	const cold = await sample(COLD_RUNS, async (run) => {
		await freshWorker(run);
		return answer(link(run));
	});
	record(`person's visit, cold worker: first answer (${COLD_RUNS} runs)`, p50p95(cold));
} finally {
	writeFileSync(FUNCTION_BUNDLE, bundle);
	await backend.stop();
	rmSync(dataDir, { recursive: true, force: true });
}
