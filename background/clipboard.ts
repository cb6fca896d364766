/**
 * The clipboard, from a service worker that has none: an offscreen document (reason CLIPBOARD) does the
 * copying. It is created on first use, reused while open, and closed after a quiet spell so it holds no
 * memory between uses. Two copies arriving together share one creation: creating twice throws.
 */
import { browser } from "../src/browser";
import { ShortyError } from "../src/errors";
import type { OffscreenCopy } from "../src/messages";

const DOCUMENT = "offscreen/index.html";
const IDLE_CLOSE_MS = 30_000;

let creating: Promise<void> | null = null;
let closeTimer: ReturnType<typeof setTimeout> | undefined;

async function ensureDocument(): Promise<void> {
	const open = await chrome.runtime.getContexts({
		contextTypes: [chrome.runtime.ContextType.OFFSCREEN_DOCUMENT],
		documentUrls: [chrome.runtime.getURL(DOCUMENT)],
	});
	if (open.length > 0) return;
	creating ??= chrome.offscreen
		.createDocument({
			url: DOCUMENT,
			reasons: [chrome.offscreen.Reason.CLIPBOARD],
			justification: "Copy a new short link to the clipboard when shortening from the context menu or shortcut.",
		})
		.finally(() => {
			creating = null;
		});
	await creating;
}

export async function copyToClipboard(text: string): Promise<void> {
	await ensureDocument();
	const request: OffscreenCopy = { target: "offscreen", type: "copy", text };
	const reply = (await browser.runtime.sendMessage(request)) as { copied?: unknown } | undefined;
	clearTimeout(closeTimer);
	closeTimer = setTimeout(() => void chrome.offscreen.closeDocument().catch(() => undefined), IDLE_CLOSE_MS);
	if (reply?.copied !== true) throw new ShortyError("clipboard-failed");
}
