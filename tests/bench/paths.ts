/**
 * The user's paths the browser benchmarks time, each from the user's action to what the user waits for,
 * with the moment it ended in Date.now() time so a proxy's log can be cut there.
 */
import type { Page } from "playwright-core";
import { clipboardDocuments, closeClipboardDocument, type EventTab, type Extension } from "../e2e/extension";

export interface TimedPath {
	/** Milliseconds from the action to the result. */
	ms: number;
	/** Date.now() when the result was there. */
	endedAt: number;
}

export interface TimeToLink extends TimedPath {
	/** From the popup document's start: Shorty's page's part (the worker's shorten may have left before it). */
	popupMs: number;
	/** From the popup document's start to its first script running (`shorty:first-script`). */
	firstScriptMs: number;
	/** From the popup document's start to the shorten leaving (`shorty:shorten-sent`), when it went early. */
	shortenSentMs?: number;
}

/**
 * A real toolbar click on `url` (CDP Extensions.triggerAction, as in the e2e suite) to the short link in
 * the popup's DOM, read from the `shorty:link-shown` mark the popup sets when it renders the link.
 */
export async function timeToLink(extension: Extension, tab: Page, url: string): Promise<TimeToLink> {
	await tab.goto(url);
	await tab.bringToFront();
	const popup = await extension.clickAction(tab);
	// Serialised into the popup, so no helper functions inside (the bench's loader would name them).
	const shown = await popup.waitFor(() => {
		const sinceOrigin = performance.getEntriesByName("shorty:link-shown")[0]?.startTime;
		if (sinceOrigin === undefined) return null;
		return {
			origin: performance.timeOrigin,
			sinceOrigin,
			firstScript: performance.getEntriesByName("shorty:first-script")[0]?.startTime,
			shortenSent: performance.getEntriesByName("shorty:shorten-sent")[0]?.startTime,
		};
	});
	await popup.close();
	if (shown.firstScript === undefined) throw new Error("The popup set no shorty:first-script mark");
	const endedAt = shown.origin + shown.sinceOrigin;
	return {
		ms: endedAt - popup.clickedAt,
		endedAt,
		popupMs: shown.sinceOrigin,
		firstScriptMs: shown.firstScript,
		...(shown.shortenSent === undefined ? {} : { shortenSentMs: shown.shortenSent }),
	};
}

/**
 * Where a menu click's copy is made (background/pageFirstCopies.ts): in the page it was used on, `page`'s
 * tab granted activeTab (`inPage`, grantActiveTab), as every real click and keypress grants it; or, as
 * from a page that cannot take it (the shortcut pressed in the address bar), through the clipboard
 * document: "closed", none open, as for the first such copy in a while (the document stays after a copy
 * while the worker is kept warm, background/offscreenCopies.ts, so the bench closes it), or "kept" from
 * the copy before, as for another meanwhile. `warmUp`: the first copy in a page, which may go through the
 * document instead: the worker's first script there makes the extension's world in the page, which on a
 * busy machine has taken longer than the worker waits for a page's answer.
 */
export type MenuCopy = { inPage: EventTab; warmUp?: true } | { throughDocument: "closed" | "kept" };

/**
 * A "Shorten link" click on `target` (dispatched in the worker as Chrome does) to the short link on the
 * clipboard, read by polling the clipboard from `page`, a page of a site that may read it, in front.
 */
export async function menuToClipboard(
	extension: Extension,
	page: Page,
	target: string,
	copy: MenuCopy,
): Promise<TimedPath> {
	// The page's copy opens no document, which the run checks after: none is open before it.
	if ("inPage" in copy || copy.throughDocument === "closed") await closeClipboardDocument(extension);
	else if ((await clipboardDocuments(extension)).length === 0)
		throw new Error("no clipboard document was kept from the copy before");
	// Chrome's TAB_ID_NONE, a tab no click granted: the page cannot take the copy.
	const tab = "inPage" in copy ? copy.inPage : { id: -1, url: page.url() };
	await page.bringToFront();
	// Something no run copies, so a repeated address's link, already on the clipboard, is seen arriving.
	const before = `before ${crypto.randomUUID()}`;
	await page.evaluate((text) => navigator.clipboard.writeText(text), before);
	const copiedAt = page.evaluate(async (previous) => {
		const deadline = Date.now() + 30_000;
		while (Date.now() < deadline) {
			if ((await navigator.clipboard.readText()) !== previous) return Date.now();
			await new Promise((wait) => setTimeout(wait, 2));
		}
		throw new Error("the short link did not reach the clipboard within 30 s");
	}, before);
	const clickedAt = await extension.worker.evaluate(
		({ target, tab }) => {
			const clicked = Date.now();
			type Dispatchable = { dispatch(...args: unknown[]): void };
			(chrome.contextMenus.onClicked as unknown as Dispatchable).dispatch(
				{ menuItemId: "shorten-link", linkUrl: target, pageUrl: tab.url, editable: false },
				tab,
			);
			return clicked;
		},
		{ target, tab: { ...tab, index: 0, title: "Bench", active: true } },
	);
	const endedAt = await copiedAt.catch(async (error: unknown) => {
		// Say whether the worker announced a failure (a quota reached, say) or a link not copied, rather than
		// lost the copy.
		const shown = Object.keys(await extension.worker.evaluate(() => chrome.notifications.getAll()));
		const failures = shown.filter((id) => id.startsWith("shorty-error:") || id.startsWith("shorty-not-copied:"));
		throw new Error(`${error}; the worker's failure notifications: ${failures.length ? failures.join(", ") : "none"}`);
	});
	if ("inPage" in copy && !copy.warmUp && (await clipboardDocuments(extension)).length > 0)
		throw new Error("the copy went through the clipboard document, not the page");
	return { ms: endedAt - clickedAt, endedAt };
}

/** Loads the options page at `url` to its first page of links rendered (the `shorty:links-shown` mark). */
export async function optionsFirstPage(page: Page, url: string): Promise<TimedPath> {
	await page.goto(url);
	const shown = await page.waitForFunction(
		() => {
			const mark = performance.getEntriesByName("shorty:links-shown")[0];
			return mark && { ms: mark.startTime, endedAt: performance.timeOrigin + mark.startTime };
		},
		undefined,
		{ polling: 5 },
	);
	return (await shown.jsonValue()) as TimedPath;
}
