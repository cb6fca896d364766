/**
 * The keyboard shortcut as a user presses it: Chromium in a real window (tests/e2e/realWindow.ts), the keys
 * pressed through X, the press timed in the page it was pressed in, to its short link on the clipboard.
 * The menu rows of the worker and latency benchmarks dispatch the click in a worker Playwright holds, which
 * cannot time a stopped worker's start; this one times the first shortcut in a while too. For a new and a
 * repeated address, at 0 ms and at SHORTY_BENCH_RTT_MS (latency proxies, latencyProxy.ts):
 * - with the worker running: another shortcut within the minutes Shorty keeps it (background/keepWarm.ts);
 * - after the worker stopped, and the extension's process with it: the first shortcut in a while (Chrome
 *   stops the worker five minutes after a use at the earliest, and the clipboard document closes itself
 *   five minutes after its last copy).
 * Each row says in how many runs the page itself wrote the clipboard (background/pageFirstCopies.ts) rather
 * than the clipboard document.
 * The page sees the shortcut's modifiers, not its letter, which the browser takes: a press is timed from the
 * last modifier's keydown plus one more of xdotool's steps between a chord's keys (some 8 ms here). The page
 * reads the clipboard every 2 to 4 ms (setTimeout's floor once nested), so a figure may be a few ms late.
 * Run: npx tsx tests/bench/shortcut.ts (Linux, with Xvfb, xdotool and xclip: scripts/setup.mjs --browser).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import manifest from "../../manifest.json" with { type: "json" };
import { buildLocalExtension } from "../../scripts/localBuild";
import { OFFSCREEN_DOCUMENT } from "../../src/messages";
import { poll } from "../e2e/extension";
import { launchRealWindow, type RealWindow, type TargetInfo } from "../e2e/realWindow";
import { hostsThrough, startFarNetwork, withBenchBackend } from "./extensionRig";
import { benchRoundTrip } from "./latencyProxy";
import { newLinksCountFromZero } from "./quotas";
import { record } from "./report";
import { benchRuns, p50p95 } from "./stats";

const ROUND_TRIP_MS = benchRoundTrip();
const RUNS = benchRuns(10);
/** The shortcut as a user presses it: the manifest's suggested key, in xdotool's spelling. */
const SHORTCUT = manifest.commands["shorten-current-tab"].suggested_key.default.toLowerCase();
/** A press with no copy after this long was lost (Chrome drops a few right after its start): pressed again. */
const PRESS_LOST_MS = 5_000;
/** Long enough for the extension's process to exit once its worker and documents are gone. */
const PROCESS_EXIT_MS = 1_000;

const wait = (ms: number) => new Promise((settle) => setTimeout(settle, ms));

/** The shortcut's modifiers as a page's keydown names them ("Alt", "Shift"): the page sees those, not the letter. */
const MODIFIERS = SHORTCUT.split("+")
	.slice(0, -1)
	.map((key) => key[0]?.toUpperCase() + key.slice(1));

/** Each page load's number: a page typed in again has the same address, and must not be taken for the last. */
let visits = 0;

/**
 * A page to shorten, load number `visit`, that tells the site when it has the focus, and when its clipboard
 * changes after the shortcut's modifiers are pressed in it, with their keydowns (Date.now() time); or that
 * it could not read the clipboard (a page that lost the focus may not).
 */
const page = (path: string, visit: number) => `<!doctype html><title>Bench ${path}</title><p>A page to shorten</p>
<script>
	const tell = (what, data) => fetch("/" + what + "?" + new URLSearchParams({ visit: ${visit}, ...data }));
	const modifiers = ${JSON.stringify(MODIFIERS)};
	const keydowns = [];
	addEventListener("keydown", async (event) => {
		if (!modifiers.includes(event.key)) return;
		keydowns.push(performance.timeOrigin + event.timeStamp);
		if (keydowns.length > 1) return;
		try {
			const before = await navigator.clipboard.readText();
			for (;;) {
				const text = await navigator.clipboard.readText();
				if (text !== before) return tell("copied", { at: Date.now(), keydowns: JSON.stringify(keydowns.splice(0)) });
				await new Promise((wait) => setTimeout(wait, 2));
			}
		} catch (error) {
			keydowns.length = 0;
			tell("unread", { error: String(error) });
		}
	}, true);
	// Checked until it has, rather than on "focus": a page the address bar prerendered as it was typed in
	// gets none when it is shown.
	const focused = () => (document.hasFocus() ? tell("focus", { page: location.pathname }) : setTimeout(focused, 10));
	focused();
</script>`;

interface Told {
	what: string;
	visit: number;
	data: URLSearchParams;
}

const told: Told[] = [];

/** The test site: what its pages tell it is kept, anything else is a page to shorten. */
function site(path: string): string {
	const { pathname, searchParams } = new URL(path, "http://site");
	if (!["/focus", "/copied", "/unread"].includes(pathname)) return page(path, ++visits);
	told.push({ what: pathname.slice(1), visit: Number(searchParams.get("visit")), data: searchParams });
	return "";
}

/** The first thing one of `whats` that a page load `matches` told the site, once one has. */
function tellingOf(
	whats: string[],
	matches: (visit: number, data: URLSearchParams) => boolean,
	withinMs: number,
): Promise<Told> {
	return poll(
		async () => told.find((report) => whats.includes(report.what) && matches(report.visit, report.data)),
		withinMs,
	);
}

const isClipboardDocument = (target: TargetInfo) => URL.parse(target.url)?.pathname === `/${OFFSCREEN_DOCUMENT}`;
const isWorker = (target: TargetInfo) =>
	target.type === "service_worker" && target.url.startsWith("chrome-extension://");

async function closeAll(chromium: RealWindow, which: (target: TargetInfo) => boolean): Promise<void> {
	for (const target of (await chromium.targets()).filter(which)) await chromium.closeTarget(target);
}

/** Stops the worker as Chrome does after a while, and waits for the extension's process to go with it. */
async function stopWorker(chromium: RealWindow): Promise<void> {
	// Something may start it again at once (a notification closing): then it is stopped again.
	await poll(async () => {
		await closeAll(chromium, isWorker);
		await wait(PROCESS_EXIT_MS);
		return !(await chromium.targets()).some(isWorker);
	}, 30_000);
}

/**
 * Types `url` into the address bar, as a user goes to a page, and waits for the page to have the focus.
 * Its load's number (see `visits`).
 */
async function goTo(chromium: RealWindow, url: string): Promise<number> {
	const before = visits;
	await chromium.press("ctrl+l");
	await chromium.type(`${url}\n`);
	const path = new URL(url).pathname;
	// Of this address: the address bar may prerender others it suggests on the way.
	const focusOfNewLoad = (within: number) =>
		tellingOf(["focus"], (visit, told) => visit > before && told.get("page") === path, within);
	// Once, in some 30 goes, the new page did not have the focus (not traced); a click gives it the focus.
	const focused = await focusOfNewLoad(5_000).catch(() => undefined);
	if (focused) return focused.visit;
	console.error(`bench: ${url} did not have the focus 5 s after it was typed in; clicked into`);
	await chromium.clickPage();
	return (await focusOfNewLoad(30_000)).visit;
}

interface Copy {
	ms: number;
	/** Whether the page wrote the clipboard: no clipboard document opened. */
	inPage: boolean;
	/** Presses that copied nothing and were made again. */
	lost: number;
}

/** The shortcut pressed on page load `visit`, which has the focus, to its link on the clipboard. */
async function shortcutCopy(chromium: RealWindow, visit: number): Promise<Copy> {
	// Something no run copies, so a repeated address's link, already on the clipboard, is seen arriving.
	await chromium.copyElsewhere(`before ${crypto.randomUUID()}`);
	let lost = 0;
	for (;;) {
		await chromium.press(SHORTCUT);
		const told = await tellingOf(["copied", "unread"], (load) => load === visit, PRESS_LOST_MS).catch(() => undefined);
		if (told?.what === "unread") throw new Error(`the page could not read the clipboard: ${told.data.get("error")}`);
		if (told) {
			const [modifier, lastModifier] = (JSON.parse(told.data.get("keydowns") ?? "[]") as number[]).slice(-2);
			if (modifier === undefined || lastModifier === undefined) throw new Error("the page saw no shortcut's modifiers");
			const pressedAt = lastModifier + (lastModifier - modifier);
			const inPage = !(await chromium.targets()).some(isClipboardDocument);
			return { ms: Number(told.data.get("at")) - pressedAt, inPage, lost };
		}
		if (++lost === 3) throw new Error(`three presses of ${SHORTCUT} copied nothing`);
	}
}

function report(figure: string, copies: Copy[]): void {
	record(figure, p50p95(copies.map((copy) => copy.ms)));
	const inPage = copies.filter((copy) => copy.inPage).length;
	const lost = copies.reduce((sum, copy) => sum + copy.lost, 0);
	record(
		`${figure}: copied in the page`,
		`${inPage} of ${copies.length} runs${lost > 0 ? ` (${lost} presses lost and made again)` : ""}`,
	);
}

await withBenchBackend(async ({ backend, site }) => {
	const network = await startFarNetwork(backend, 0);
	const extensionDir = mkdtempSync(join(tmpdir(), "shorty-bench-extension-"));
	let chromium: RealWindow | undefined;
	try {
		await buildLocalExtension(extensionDir, hostsThrough(backend, network));
		const warmUp = `${site.origin}/warm-up`;
		chromium = await launchRealWindow(extensionDir, warmUp);
		await chromium.allowClipboardRead(site.origin);
		await chromium.clickPage();
		const { visit } = await tellingOf(["focus"], () => true, 30_000);
		// The first shortcut signs in anonymously; Chrome drops presses made right after its start.
		await shortcutCopy(chromium, visit);

		for (const roundTrip of [0, ROUND_TRIP_MS]) {
			network.setRoundTrip(roundTrip);
			// 2 × RUNS new links for each round trip: an hour's allowance is 60.
			await newLinksCountFromZero(backend.firestore);
			for (const idle of [false, true]) {
				const when = idle ? " after the worker stopped (idle)" : "";
				const path = (run: number) => `${site.origin}/${idle ? "idle" : "running"}/${roundTrip}/${run}`;
				for (const repeated of [false, true]) {
					const copies: Copy[] = [];
					for (let run = 0; run < RUNS; run++) {
						const visit = await goTo(chromium, path(repeated ? 0 : run));
						// A document would stay from a copy through it; only one this run opens should count.
						await closeAll(chromium, isClipboardDocument);
						if (idle) await stopWorker(chromium);
						copies.push(await shortcutCopy(chromium, visit));
						// The rest of the shorten (the notification, the mirror, Auth's own start) before the next.
						await wait(200 + 3 * roundTrip);
					}
					report(
						`shortcut to clipboard${when}, ${repeated ? "repeated" : "new"} address, at ${roundTrip} ms RTT`,
						copies,
					);
				}
			}
		}
	} finally {
		await chromium?.close();
		await network.close();
		rmSync(extensionDir, { recursive: true, force: true });
	}
}, site);
