/**
 * The Firefox build in stock Firefox (tests/e2e/firefoxBrowser.ts), against the local backend at a round
 * trip of about 0 ms:
 * - background cold start: from a message sent to a stopped background page (stopped as Firefox does when
 *   it idles) to its answer, for `ping` (no Firebase) and `session` (Firebase Auth restored from IndexedDB);
 * - popup start to link: from the popup document's start to the link on screen (its `shorty:link-shown`
 *   mark), for a new and a repeated address, and for a new one after the background page stopped, which
 *   Firefox does 30 s after its last event (five minutes after a use, as Shorty keeps it), so before the
 *   first shorten after a pause.
 * Run: npx tsx tests/bench/firefox.ts
 */
import { rmSync } from "node:fs";
import type { Page } from "puppeteer-core";
import {
	buildFirefoxExtension,
	closePopups,
	type FirefoxExtension,
	launchFirefoxExtension,
} from "../e2e/firefoxBrowser";
import { withBenchBackend } from "./extensionRig";
import { record } from "./report";
import { benchRuns, p50p95, sample } from "./stats";

const RUNS = benchRuns(15);
const POPUP_LIMIT_MS = 15_000;

const wait = (ms: number) => new Promise((settle) => setTimeout(settle, ms));

/** From `page`'s own clock: a message to the stopped background page, to its answer. */
async function coldAnswer(firefox: FirefoxExtension, page: Page, type: "ping" | "session"): Promise<number> {
	await firefox.stopBackground();
	return page.evaluate(async (type) => {
		const start = performance.now();
		await (globalThis as unknown as { browser: typeof chrome }).browser.runtime.sendMessage({ type });
		return performance.now() - start;
	}, type);
}

/**
 * A toolbar click with `tab` at `url`, to the popup's `shorty:link-shown` mark, from the popup document's
 * start; with `stopped`, the background page stopped first. `reader`, an extension page, reads the popup
 * (pages of one add-on share a process), which is closed and gone before the next click.
 */
async function popupStartToLink(
	firefox: FirefoxExtension,
	reader: Page,
	tab: Page,
	url: string,
	stopped = false,
): Promise<number> {
	await tab.goto(url);
	// After the last popup has gone: its last requests would start the background page again.
	if (stopped) await firefox.stopBackground();
	await firefox.clickAction(tab);
	const deadline = Date.now() + POPUP_LIMIT_MS;
	for (;;) {
		const shown = await reader.evaluate(() => {
			const browser = (globalThis as unknown as { browser: typeof chrome }).browser;
			const [popup] = browser.extension.getViews({ type: "popup" });
			return popup?.performance.getEntriesByName("shorty:link-shown")[0]?.startTime ?? null;
		});
		if (shown !== null) {
			await closePopups(reader);
			return shown;
		}
		if (Date.now() > deadline) throw new Error(`The popup showed no link for ${url} within ${POPUP_LIMIT_MS} ms`);
		await wait(20);
	}
}

await withBenchBackend(async ({ backend, site }) => {
	const extensionDir = await buildFirefoxExtension(backend);
	let firefox: FirefoxExtension | undefined;
	try {
		firefox = await launchFirefoxExtension(extensionDir);
		const open = firefox;
		// An extension page that asks the background nothing on its own after it has loaded.
		const reader = await open.openPage("popup/index.html");
		const tab = await open.browser.newPage();
		// The first shorten signs in anonymously; a returning user's do not.
		await popupStartToLink(open, reader, tab, `${site.origin}/warm-up`);

		const ping = await sample(RUNS, () => coldAnswer(open, reader, "ping"));
		const session = await sample(RUNS, () => coldAnswer(open, reader, "session"));
		record(`Firefox: background cold start to first answer (${RUNS} runs)`, p50p95(ping));
		record(`Firefox: background cold start to the session, Firebase (${RUNS} runs)`, p50p95(session));

		const fresh = await sample(RUNS, (run) => popupStartToLink(open, reader, tab, `${site.origin}/new/${run}`));
		const repeated = await sample(RUNS, () => popupStartToLink(open, reader, tab, `${site.origin}/new/0`));
		const afterStop = await sample(RUNS, (run) =>
			popupStartToLink(open, reader, tab, `${site.origin}/after-stop/${run}`, true),
		);
		record(`Firefox: popup start to link, new URL (${RUNS} clicks)`, p50p95(fresh));
		record("Firefox: popup start to link, repeated URL", p50p95(repeated));
		record("Firefox: popup start to link after the background page stopped, new URL", p50p95(afterStop));
	} finally {
		await firefox?.close();
		rmSync(extensionDir, { recursive: true, force: true });
	}
});
