/**
 * The clipboard, from a service worker that has none: an offscreen document (reason CLIPBOARD) does the
 * copying. Copies run one after another: each makes sure the document exists, and the last one closes it,
 * so no hidden page outlives its use (a timer would not: the worker may stop before it fires). Running
 * them in turn also means the document is never created twice (Chrome throws) nor closed under a copy.
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

export function copyToClipboard(text: string): Promise<void> {
	waiting += 1;
	const copying = queue.then(() => copyNow(text));
	queue = copying.catch(() => undefined);
	return copying;
}
