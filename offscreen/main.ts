/**
 * The offscreen document's one job: put text on the clipboard for the service worker, which has no DOM
 * and so no clipboard. document.execCommand("copy") works here with the clipboardWrite permission;
 * navigator.clipboard does not, because an offscreen document never has focus.
 */
import { browser } from "../src/browser";
import { isOffscreenCopy } from "../src/messages";

browser.runtime.onMessage.addListener((message: unknown) => {
	if (!isOffscreenCopy(message)) return undefined;
	const field = document.querySelector("textarea");
	if (!field) return Promise.resolve({ copied: false });
	field.value = message.text;
	field.select();
	const copied = document.execCommand("copy");
	field.value = "";
	return Promise.resolve({ copied });
});
