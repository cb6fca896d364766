/**
 * Where the popup's first script (start.ts, an async classic script) leaves its first requests for the
 * page's module (main.tsx): two bundles, one window. Its own module, so the page's entry loads nothing
 * else to pick them up. The first script runs as soon as it has arrived, nearly always before the module,
 * which waits for the document, its stylesheets and its own imports; should the module run first, it
 * waits for the hand-over rather than sending the requests twice.
 */
import type { FirstRequests } from "./firstRequests";

const HANDED_OVER = Symbol.for("shorty.popup.firstRequests");
const WAITING = Symbol.for("shorty.popup.waitingForFirstRequests");
type HandOverPlace = { [HANDED_OVER]?: FirstRequests; [WAITING]?: (first: FirstRequests) => void };

const place = globalThis as HandOverPlace;

export function handOver(first: FirstRequests): void {
	const waiting = place[WAITING];
	delete place[WAITING];
	if (waiting) waiting(first);
	else place[HANDED_OVER] = first;
}

/**
 * The first requests start.ts sent, at once if it has run, else once it does; for the page's module, which
 * takes them once. The window's load event waits for every async script, so a hand-over still missing then
 * never comes (the script failed to load, or threw first): refused, as a page that says why it is blank.
 */
export function takeOver(): Promise<FirstRequests> {
	const first = place[HANDED_OVER];
	delete place[HANDED_OVER];
	if (first) return Promise.resolve(first);
	return new Promise((resolve, reject) => {
		place[WAITING] = resolve;
		window.addEventListener(
			"load",
			() => {
				if (place[WAITING] !== resolve) return;
				delete place[WAITING];
				reject(new Error("The popup's first script did not run: popup/index.html lacks popup/start.js, or it failed"));
			},
			{ once: true },
		);
	});
}
