/**
 * The offscreen document's one job: put text on the clipboard for the service worker, which has no DOM
 * and so no clipboard. document.execCommand("copy") works here with the clipboardWrite permission;
 * navigator.clipboard does not, because an offscreen document never has focus.
 * Chrome's own API, as the worker's offscreen calls are (Firefox has no offscreen documents): the copy is
 * synchronous, so the answer goes back through sendResponse, and every other message (the worker's
 * broadcasts to all pages) gets none, so no sender waits on this page.
 */
import { isOffscreenCopy } from "../src/messages";

chrome.runtime.onMessage.addListener((message: unknown, _sender, sendResponse) => {
	if (!isOffscreenCopy(message)) return;
	const field = document.querySelector("textarea");
	if (!field) return sendResponse({ copied: false });
	field.value = message.text;
	field.select();
	const copied = document.execCommand("copy");
	field.value = "";
	sendResponse({ copied });
});
