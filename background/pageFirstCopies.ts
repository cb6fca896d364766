/**
 * Copies from the menu or the shortcut in the page the user acted on when it can take them, and through
 * the offscreen document (./offscreenCopies.ts) when it cannot. The click or keypress grants activeTab on
 * that tab, so Shorty may run a function there: the page writes the clipboard some 5 ms after the link,
 * where a document still to open takes some 60 (Chrome's own floor: a blank document opens in 58 ms).
 *
 * The document is still opened at the click, while the shorten is out, whenever the page cannot take the
 * copy: a tab Shorty may not script, a page without focus (the shortcut pressed in the address bar), one
 * that may not write the clipboard, or one too busy to answer. It is not opened otherwise: opening it
 * beside a copy in the page held that copy back, 38 ms against 5 (both are the browser's work, one after
 * the other). A page that was ready and then did not write (the tab closed, or busy by then) has its copy
 * go through the document, opened only then.
 */
import { settledWithin } from "../src/timeLimit";
import type { PendingCopy } from "./offscreenCopies";

/**
 * How long a page has to answer, at the click and with the link: one held by a long task or an alert
 * would hold the copy, where the document copies in some 60 ms. The page answers in some 5.
 */
export const PAGE_ANSWER_MS = 50;

/** The page of one tab, reached with the activeTab grant of the click or keypress. */
export interface PageClipboard {
	/** Whether the page looks able to take a copy: Shorty may run in it, it may write the clipboard, it has the focus. */
	ready(): Promise<boolean>;
	/** Whether the page put `text` on the clipboard; a page that gets to it only after `withinMs` writes nothing. */
	copy(text: string, withinMs: number): Promise<boolean>;
}

/**
 * Pending copies (see PendingCopy) for the tab a shorten came from, `pageOf` reaching its page; copies
 * with no tab, and those the page cannot take, go through `throughDocument`.
 */
export function pageFirstCopies(
	pageOf: (tabId: number) => PageClipboard,
	throughDocument: () => PendingCopy,
	answerWithinMs = PAGE_ANSWER_MS,
): (tabId?: number) => PendingCopy {
	return (tabId) => {
		// Chrome's TAB_ID_NONE (-1): a click outside a tab.
		const page = tabId === undefined || tabId < 0 ? null : pageOf(tabId);
		const pageReady = page ? answered(page.ready(), answerWithinMs) : Promise.resolve(false);
		let documentCopy: PendingCopy | undefined;
		// At most once: starting it opens the document.
		const startDocumentCopy = () => {
			documentCopy ??= throughDocument();
			return documentCopy;
		};
		void pageReady.then((ready) => {
			if (!ready) startDocumentCopy();
		});
		return {
			async copy(text) {
				// A write whose answer was lost (the tab closed after it) is made again through the document:
				// the same text, twice.
				if (page && (await pageReady) && (await answered(page.copy(text, answerWithinMs), answerWithinMs))) return;
				await startDocumentCopy().copy(text);
			},
		};
	};
}

/** `answer`, or false once it has failed or `withinMs` has passed. */
function answered(answer: Promise<boolean>, withinMs: number): Promise<boolean> {
	return settledWithin(
		answer.catch(() => false),
		withinMs,
		() => false,
	);
}
