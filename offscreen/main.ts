/**
 * The offscreen document's one job: put text on the clipboard for the service worker, which has no DOM
 * and so no clipboard. document.execCommand("copy") works here with the clipboardWrite permission;
 * navigator.clipboard does not, because an offscreen document never has focus.
 * Chrome's own API, as the worker's offscreen calls are (Firefox has no offscreen documents): the copy is
 * synchronous, so the answer goes back through sendResponse, which every Chrome takes (a promise returned
 * only from Chrome 148). Every other message (the worker's broadcasts, other pages' requests to the
 * worker) gets none from here, so no sender waits on this page.
 *
 * A classic script, the page's only one (scripts/classicScript.ts): the worker's copy waits for this
 * document to load, and one file with no imports loads some 7 ms sooner than a module and its chunk.
 */
import { CLOSE_AFTER_PARAMETER, isOffscreenCopy } from "../src/messages";
import { closeWhenQuiet } from "./closeWhenQuiet";

const quiet = closeWhenQuiet(new URLSearchParams(location.search).get(CLOSE_AFTER_PARAMETER), {
	later: (task, ms) => setTimeout(task, ms),
	cancel: (timer) => clearTimeout(timer),
	close: () => window.close(),
});

chrome.runtime.onMessage.addListener((message: unknown, _sender, sendResponse) => {
	if (!isOffscreenCopy(message)) return undefined;
	sendResponse({ copied: copy(message.text) });
	quiet.copied();
	return undefined;
});

function copy(text: string): boolean {
	const field = document.querySelector("textarea");
	if (!field) return false;
	field.value = text;
	field.select();
	const copied = document.execCommand("copy");
	field.value = "";
	return copied;
}
