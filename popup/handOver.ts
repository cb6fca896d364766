/**
 * Where the popup's first script (start.ts, a classic script run before the page's module) leaves its first
 * requests for the page's module (main.tsx): two bundles, one window. Its own module, so the page's
 * entry loads nothing else to pick them up.
 */
import type { FirstRequests } from "./firstRequests";

const HANDED_OVER = Symbol.for("shorty.popup.firstRequests");
type WithFirstRequests = { [HANDED_OVER]?: FirstRequests };

export function handOver(first: FirstRequests): void {
	(globalThis as WithFirstRequests)[HANDED_OVER] = first;
}

/** The first requests start.ts sent. It runs before any module, so finding none is a build that lost it. */
export function takeOver(): FirstRequests {
	const first = (globalThis as WithFirstRequests)[HANDED_OVER];
	if (!first) throw new Error("The popup's first script did not run: popup/index.html lacks popup/start.js");
	delete (globalThis as WithFirstRequests)[HANDED_OVER];
	return first;
}
