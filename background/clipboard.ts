/**
 * The clipboard, from the background. Chrome's service worker has none: the page the user shortened from
 * writes it when it can (./pageFirstCopies.ts), and an offscreen document (reason CLIPBOARD) when it
 * cannot, opened as a copy starts and kept a while after it (./offscreenCopies.ts; the document's side,
 * offscreen/). This module binds both to Chrome's API.
 *
 * Firefox has no offscreen API and needs none: its background is an event page with a DOM, and the
 * clipboardWrite permission lets it write the clipboard directly. The build mode decides which, so the
 * Firefox bundle carries no offscreen or scripting calls.
 */
import { browser } from "../src/browser";
import { ShortyError } from "../src/errors";
import { CLOSE_AFTER_PARAMETER, OFFSCREEN_DOCUMENT, type OffscreenCopy } from "../src/messages";
import { type OffscreenDocuments, offscreenCopies, type PendingCopy } from "./offscreenCopies";
import { type PageClipboard, pageFirstCopies } from "./pageFirstCopies";

const chromeOffscreenDocuments: OffscreenDocuments = {
	// Any offscreen document is this one: Chrome allows an extension one at a time, and Shorty opens no other.
	// Its address would not do to find it by, its query saying how long it stays.
	isOpen: async () =>
		(await chrome.runtime.getContexts({ contextTypes: [chrome.runtime.ContextType.OFFSCREEN_DOCUMENT] })).length > 0,
	open: (closeAfterMs) =>
		chrome.offscreen.createDocument({
			url: `${OFFSCREEN_DOCUMENT}?${new URLSearchParams({ [CLOSE_AFTER_PARAMETER]: String(closeAfterMs) })}`,
			reasons: [chrome.offscreen.Reason.CLIPBOARD],
			justification: "Copy a new short link to the clipboard when shortening from the context menu or shortcut.",
		}),
	// Throws when none is open, which is as good.
	close: () => chrome.offscreen.closeDocument().catch(() => undefined),
	async copy(text) {
		const request: OffscreenCopy = { target: "offscreen", type: "copy", text };
		// No document: the message finds no receiver (rejected), or only pages that leave it unanswered.
		const reply = await browser.runtime.sendMessage(request).catch(() => undefined);
		const copied = (reply as { copied?: unknown } | undefined)?.copied;
		if (copied === undefined) return "unreached";
		return copied === true ? "copied" : "refused";
	},
};

type ClipboardWriter = { writeText(text: string): Promise<void> };

/** What the functions run in a page see of it: the worker's WebWorker types describe no window. */
type PageScope = {
	isSecureContext: boolean;
	// Chrome's: a Permissions-Policy that forbids clipboard-write binds the extension's isolated world too.
	document: { hasFocus(): boolean; featurePolicy?: { allowsFeature(feature: string): boolean } };
	navigator: { clipboard?: ClipboardWriter };
};

// Run in the page, in the extension's isolated world, by chrome.scripting, which sends a function's source
// alone: they use nothing from this module. Neither reads anything of the page but what a write needs.
function pageCanWrite(): boolean {
	const { isSecureContext, document, navigator } = globalThis as unknown as PageScope;
	return (
		isSecureContext &&
		navigator.clipboard !== undefined &&
		document.featurePolicy?.allowsFeature("clipboard-write") !== false &&
		document.hasFocus()
	);
}

async function writeInPage(text: string, deadline: number): Promise<boolean> {
	// Too late: the worker has copied through its document, and the user may have copied something since.
	const { clipboard } = (globalThis as unknown as PageScope).navigator;
	if (Date.now() > deadline || !clipboard) return false;
	try {
		await clipboard.writeText(text);
		return true;
	} catch {
		return false;
	}
}

/** Runs `func` in the top frame of the tab `tabId`, without waiting for the page to finish loading. */
async function inPage<Args extends unknown[], Result>(
	tabId: number,
	func: (...args: Args) => Result,
	args: Args,
): Promise<Awaited<Result> | undefined> {
	const [frame] = await chrome.scripting.executeScript({ target: { tabId }, func, args, injectImmediately: true });
	return frame?.result;
}

const chromePageClipboard = (tabId: number): PageClipboard => ({
	ready: async () => (await inPage(tabId, pageCanWrite, [])) === true,
	copy: async (text, withinMs) => (await inPage(tabId, writeInPage, [text, Date.now() + withinMs])) === true,
});

// Firefox's event page is a window, which the worker's WebWorker types do not describe.
type PageNavigator = WorkerNavigator & { clipboard: ClipboardWriter };

async function copyInBackgroundPage(text: string): Promise<void> {
	await (navigator as PageNavigator).clipboard.writeText(text).catch(() => {
		throw new ShortyError("clipboard-failed");
	});
}

/** Readies a copy now, for a text still being made, to go on the clipboard from the tab `tabId`. */
export const startCopy: (tabId?: number) => PendingCopy =
	import.meta.env.MODE === "firefox"
		? () => ({ copy: copyInBackgroundPage })
		: pageFirstCopies(chromePageClipboard, offscreenCopies(chromeOffscreenDocuments));
