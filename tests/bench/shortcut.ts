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
 * reads the clipboard every 2 to 4 ms (setTimeout's floor once nested), each read asking X's clipboard
 * owner, so a figure may be a few ms late. A run whose first press copied nothing is left out.
 * Run: npx tsx tests/bench/shortcut.ts (Linux, with Xvfb, xdotool and xclip: scripts/setup.mjs --browser).
 */
import { poll } from "../e2e/extension";
import {
	isClipboardDocument,
	isExtensionWorker,
	launchRealWindow,
	type RealWindow,
	SHORTCUT,
	type TargetInfo,
} from "../e2e/realWindow";
import { withBenchBackend, withExtensionBuild } from "./extensionRig";
import { benchRoundTrip } from "./latencyProxy";
import { newLinksCountFromZero } from "./quotas";
import { record } from "./report";
import { benchRuns, p50p95 } from "./stats";

const ROUND_TRIP_MS = benchRoundTrip();
const RUNS = benchRuns(10);
/** A press with no copy after this long was lost: pressed again. */
const PRESS_LOST_MS = 5_000;
/** After a lost press, how long its copy may still take to come: the next run waits it out. */
const STRAGGLER_MS = 3_000;
/** How long the extension's process is given to exit once its worker and documents are gone. */
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
 * changes after the shortcut's modifiers are pressed in it, with the new text, the modifiers' keydowns and
 * the change, all in the page's clock (performance.timeOrigin + performance.now()); or that it could not
 * read the clipboard (a page that lost the focus may not).
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
				const at = performance.timeOrigin + performance.now();
				if (text !== before) return tell("copied", { text, at, keydowns: JSON.stringify(keydowns.splice(0)) });
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

/** What a page told the site: "focus", "copied" or "unread", from its load number `visit`. */
interface PageReport {
	what: string;
	visit: number;
	data: URLSearchParams;
}

const reports: PageReport[] = [];

/** The test site: what its pages tell it is kept, anything else is a page to shorten. */
function testSite(path: string): string {
	const { pathname, searchParams } = new URL(path, "http://site");
	if (!["/focus", "/copied", "/unread"].includes(pathname)) return page(path, ++visits);
	reports.push({ what: pathname.slice(1), visit: Number(searchParams.get("visit")), data: searchParams });
	return "";
}

/** The first report of one of `whats` that `matches`, once a page has sent one. */
function reportOf(
	whats: string[],
	matches: (visit: number, data: URLSearchParams) => boolean,
	withinMs: number,
): Promise<PageReport> {
	return poll(
		async () => reports.find((report) => whats.includes(report.what) && matches(report.visit, report.data)),
		withinMs,
	);
}

async function closeAll(chromium: RealWindow, which: (target: TargetInfo) => boolean): Promise<void> {
	// One already gone (a worker that stopped on its own) is what was wanted; one Chrome did not close is
	// looked for again by the caller.
	for (const target of (await chromium.targets()).filter(which)) await chromium.closeTarget(target).catch(() => {});
}

/** Stops the worker as Chrome does after a while, then gives the extension's process time to exit with it. */
async function stopWorker(chromium: RealWindow): Promise<void> {
	// Something may start it again at once (a notification closing), or Chrome ignore the close of a worker
	// still starting: then it is stopped again.
	await poll(async () => {
		await closeAll(chromium, isExtensionWorker);
		await wait(PROCESS_EXIT_MS);
		return !(await chromium.targets()).some(isExtensionWorker);
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
		reportOf(["focus"], (visit, data) => visit > before && data.get("page") === path, within);
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
	/** Presses that copied nothing and were made again; the time is the last press's. */
	lost: number;
}

/**
 * The shortcut pressed on page load `visit`, which has the focus, to its link on the clipboard; pressed
 * again after `pressAgainAfterMs` without a copy, `presses` times in all.
 */
async function shortcutCopy(
	chromium: RealWindow,
	visit: number,
	{ pressAgainAfterMs = PRESS_LOST_MS, presses = 3 } = {},
): Promise<Copy> {
	// Something no run copies, on the clipboard before the page reads it, so a repeated address's link,
	// already on the clipboard, is seen arriving.
	const marker = `before ${crypto.randomUUID()}`;
	await chromium.copyElsewhere(marker);
	await poll(async () => (await chromium.clipboard()) === marker);
	for (let press = 1; press <= presses; press++) {
		await chromium.press(SHORTCUT);
		const report = await reportOf(["copied", "unread"], (load) => load === visit, pressAgainAfterMs).catch(
			() => undefined,
		);
		if (report?.what === "unread")
			throw new Error(`the page could not read the clipboard: ${report.data.get("error")}`);
		if (!report) continue;
		const text = report.data.get("text") ?? "";
		if (!URL.canParse(text)) throw new Error(`the shortcut put "${text}" on the clipboard, not a short link`);
		const [modifier, lastModifier] = (JSON.parse(report.data.get("keydowns") ?? "[]") as number[]).slice(-2);
		if (modifier === undefined || lastModifier === undefined) throw new Error("the page saw no shortcut's modifiers");
		const pressedAt = lastModifier + (lastModifier - modifier);
		const inPage = !(await chromium.targets()).some(isClipboardDocument);
		// A press that seemed lost may still copy: not into the next run.
		if (press > 1) await wait(STRAGGLER_MS);
		return { ms: Number(report.data.get("at")) - pressedAt, inPage, lost: press - 1 };
	}
	throw new Error(`${presses} presses of ${SHORTCUT} copied nothing`);
}

/** A row of runs, leaving out those whose first press was lost: their time is not a press's. */
function report(figure: string, copies: Copy[]): void {
	const timed = copies.filter((copy) => copy.lost === 0);
	record(figure, p50p95(timed.map((copy) => copy.ms)));
	const inPage = copies.filter((copy) => copy.inPage).length;
	const lost = copies.length - timed.length;
	record(
		`${figure}: copied in the page`,
		`${inPage} of ${copies.length} runs${lost > 0 ? ` (${lost} with a press lost, left out of the times)` : ""}`,
	);
}

await withBenchBackend(
	({ backend, site }) =>
		withExtensionBuild(backend, { roundTripMs: 0 }, async ({ extensionDir, network }) => {
			if (!network) throw new Error("the shortcut bench needs the rig's proxies");
			let chromium: RealWindow | undefined;
			try {
				chromium = await launchRealWindow(extensionDir, `${site.origin}/warm-up`);
				await chromium.allowClipboardRead(site.origin);
				await chromium.clickPage();
				const { visit } = await reportOf(["focus"], () => true, 30_000);
				// The first shortcut signs in anonymously. Chrome drops presses made right after its start (see
				// tests/e2e/realWindow.test.ts): pressed each second until one copies.
				await shortcutCopy(chromium, visit, { pressAgainAfterMs: 1_000, presses: 30 });

				for (const roundTrip of [0, ROUND_TRIP_MS]) {
					network.setRoundTrip(roundTrip);
					// Each round trip's 2 × RUNS new links counted from zero (./quotas.ts).
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
			}
		}),
	testSite,
);
