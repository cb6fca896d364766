/**
 * The clipboard, from a service worker that has none: an offscreen document (reason CLIPBOARD) does the
 * copying. Copies run one after another: each makes sure the document exists, and the last one closes it,
 * so no hidden page outlives its use (a timer would not: the worker may stop before it fires). Running
 * them in turn also means the document is never created twice (Chrome throws) nor closed under a copy.
 * Firefox has no offscreen API and needs none: its background is an event page with a DOM, and the
 * clipboardWrite permission lets it write the clipboard directly. The build mode decides which, so the
 * Firefox bundle carries no offscreen calls.
 */
import { browser } from "../src/browser";
import { ShortyError } from "../src/errors";
import type { OffscreenCopy } from "../src/messages";

const DOCUMENT = "offscreen/index.html";

let queue: Promise<unknown> = Promise.resolve();
let waiting = 0;

async function ensureDocument(): Promise<void> {
	const open = await chrome.runtime.getContexts({
		contextTypes: [chrome.runtime.ContextType.OFFSCREEN_DOCUMENT],
		documentUrls: [chrome.runtime.getURL(DOCUMENT)],
	});
	if (open.length > 0) return;
	await chrome.offscreen.createDocument({
		url: DOCUMENT,
		reasons: [chrome.offscreen.Reason.CLIPBOARD],
		justification: "Copy a new short link to the clipboard when shortening from the context menu or shortcut.",
	});
}

async function copyNow(text: string): Promise<void> {
	try {
		await ensureDocument();
		const request: OffscreenCopy = { target: "offscreen", type: "copy", text };
		const reply = (await browser.runtime.sendMessage(request)) as { copied?: unknown } | undefined;
		if (reply?.copied !== true) throw new ShortyError("clipboard-failed");
	} finally {
		waiting -= 1;
		if (waiting === 0) await chrome.offscreen.closeDocument().catch(() => undefined);
	}
}

function copyThroughOffscreenDocument(text: string): Promise<void> {
	waiting += 1;
	const copying = queue.then(() => copyNow(text));
	queue = copying.catch(() => undefined);
	return copying;
}

// Firefox's event page is a window, which the worker's WebWorker types do not describe.
type PageNavigator = WorkerNavigator & { clipboard: { writeText(text: string): Promise<void> } };

async function copyInBackgroundPage(text: string): Promise<void> {
	await (navigator as PageNavigator).clipboard.writeText(text).catch(() => {
		throw new ShortyError("clipboard-failed");
	});
}

export const copyToClipboard = import.meta.env.MODE === "firefox" ? copyInBackgroundPage : copyThroughOffscreenDocument;
