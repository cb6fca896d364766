/**
 * The clipboard, from the background. Chrome's service worker has none: an offscreen document (reason
 * CLIPBOARD) does the copying, opened as a copy starts and kept a while after it (./offscreenCopies.ts;
 * the document's side, offscreen/). This module binds that to Chrome's API.
 *
 * Firefox has no offscreen API and needs none: its background is an event page with a DOM, and the
 * clipboardWrite permission lets it write the clipboard directly. The build mode decides which, so the
 * Firefox bundle carries no offscreen calls.
 */
import { browser } from "../src/browser";
import { ShortyError } from "../src/errors";
import { CLOSE_AFTER_PARAMETER, OFFSCREEN_DOCUMENT, type OffscreenCopy } from "../src/messages";
import { type OffscreenDocuments, offscreenCopies, type PendingCopy } from "./offscreenCopies";

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

// Firefox's event page is a window, which the worker's WebWorker types do not describe.
type PageNavigator = WorkerNavigator & { clipboard: { writeText(text: string): Promise<void> } };

async function copyInBackgroundPage(text: string): Promise<void> {
	await (navigator as PageNavigator).clipboard.writeText(text).catch(() => {
		throw new ShortyError("clipboard-failed");
	});
}

/** Readies a copy now, for a text still being made. */
export const startCopy: () => PendingCopy =
	import.meta.env.MODE === "firefox"
		? () => ({ copy: copyInBackgroundPage })
		: offscreenCopies(chromeOffscreenDocuments);
