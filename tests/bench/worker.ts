/**
 * The service worker's own figures:
 * - context menu to clipboard: from a "Shorten link" click (dispatched in the worker as Chrome does) to
 *   the short link on the clipboard, read by polling the clipboard in a page; each run a new URL;
 * - cold start: from a message sent to a stopped worker (terminated as Chrome does when it idles) to its
 *   answer, for `ping` (no Firebase) and `session` (Firebase Auth restored from IndexedDB).
 * Run: npx tsx tests/bench/worker.ts
 */
import type { Page } from "playwright-core";
import { type Extension, grantActiveTab } from "../e2e/extension";
import { withExtensionRig } from "./extensionRig";
import { menuToClipboard } from "./paths";
import { record } from "./report";
import { benchRuns, p50p95, sample } from "./stats";

const RUNS = benchRuns(20);

async function coldAnswer(extension: Extension, page: Page, type: "ping" | "session"): Promise<number> {
	await extension.terminateWorker();
	return page.evaluate(async (type) => {
		const start = performance.now();
		await chrome.runtime.sendMessage({ type });
		return performance.now() - start;
	}, type);
}

// Two browsers: Playwright reaches only the worker's first instance, which the menu runs need, and the
// cold starts end it.
const menu = await withExtensionRig(async ({ extension, site }) => {
	await extension.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: site.origin });
	const page = await extension.context.newPage();
	await page.goto(`${site.origin}/menu`);
	// As a real click grants it: the copy is made in the page.
	const copy = { inPage: await grantActiveTab(extension, page) };
	// The first shorten signs in anonymously; a returning user's clicks do not.
	await menuToClipboard(extension, page, `${site.origin}/warm-up`, { ...copy, warmUp: true });
	return sample(RUNS, async (run) => (await menuToClipboard(extension, page, `${site.origin}/menu/${run}`, copy)).ms);
});
record(`context menu to clipboard, new URL (${RUNS} runs)`, p50p95(menu));

await withExtensionRig(async ({ extension }) => {
	const extensionPage = await extension.openPage("options/index.html");
	// Not counted: the page's own first requests may still be on their way to the worker.
	await coldAnswer(extension, extensionPage, "session");
	const ping = await sample(RUNS, () => coldAnswer(extension, extensionPage, "ping"));
	const session = await sample(RUNS, () => coldAnswer(extension, extensionPage, "session"));
	record(`worker cold start to first answer (${RUNS} runs)`, p50p95(ping));
	record(`worker cold start to the session, Firebase (${RUNS} runs)`, p50p95(session));
});
