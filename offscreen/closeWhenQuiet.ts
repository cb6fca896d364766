/**
 * When the clipboard document closes itself: the worker opens it with how long to stay after its last
 * copy (background/offscreenCopies.ts: as long as the worker is kept warm), and it closes once that long has
 * passed without one, counted from its opening until the first. Never sooner than COPY_SETTLE_MS after a
 * copy: the document's answer can come before its copy is on the clipboard, and closed at once it lost
 * some (docs/architecture.md, "Shortening without the popup"). Opened without the parameter, as a tab
 * (the tests open it so, as a page of Shorty's that sends the worker nothing), it stays like any page.
 */

/** A margin, not a measured need: long for the browser to commit a copy. */
export const COPY_SETTLE_MS = 1_000;

export interface QuietClock<Timer> {
	/** Runs `task` once, `ms` from now (setTimeout). */
	later(task: () => void, ms: number): Timer;
	cancel(timer: Timer): void;
	/** Closes the document (window.close(), which Chrome honours in an offscreen document). */
	close(): void;
}

/** Starts counting now; `copied()` after each copy starts again. `closeAfterMs`: the address's parameter. */
export function closeWhenQuiet<Timer>(
	closeAfterMs: string | null,
	{ later, cancel, close }: QuietClock<Timer>,
): { copied(): void } {
	if (closeAfterMs === null || !/^\d+$/.test(closeAfterMs)) return { copied: () => undefined };
	const wait = Math.max(Number(closeAfterMs), COPY_SETTLE_MS);
	let timer = later(close, wait);
	return {
		copied() {
			cancel(timer);
			timer = later(close, wait);
		},
	};
}
