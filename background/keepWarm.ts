/**
 * Keeps the background running for a few minutes after Shorty was last used, where the browser would stop
 * it 30 s after its last event. A stopped worker costs the next shorten the worker's start and, with
 * nothing else of Shorty's running, a new process for the popup: at 100 ms round trip the popup's link
 * showed about 100 ms later than with the worker running (docs/architecture.md, "Kept warm after use").
 * Someone shortening several links in a row, for a post or a message, now pays that once.
 *
 * Chrome (from 110) and Firefox restart their idle clock on an extension API call the browser answers,
 * so `runtime.getPlatformInfo` every NUDGE_EVERY_MS keeps the background; calls answered in the
 * background's own process (`getManifest`, `getURL`, `i18n`) need not count, and Firefox counts only
 * calls to its parent process. Only for WARM_AFTER_USE_MS after the last use, never for good: a worker
 * kept alive indefinitely is what Chrome calls an anti-pattern, and the extension's process holds some
 * 50 MB while it runs. After the last nudge the browser's own 30 s apply.
 */

/** How long after the last use the background stays: a burst of shortening, not a browsing session. */
export const WARM_AFTER_USE_MS = 5 * 60_000;

/** Well inside the browser's 30 s, so a busy machine's late timer still lands in time. */
export const NUDGE_EVERY_MS = 20_000;

export interface KeepWarmDeps {
	/** An extension API call the browser answers: to the browser, the background is busy. */
	nudge: () => void;
	/** Milliseconds that only go forward (performance.now): a wall clock set back would stretch the window. */
	clock: () => number;
	/** Runs `task` once, `ms` from now (setTimeout). */
	later: (task: () => void, ms: number) => void;
}

/** The background's keep-warm: `used()` on each use of Shorty (background/index.ts says which). */
export function keepWarm({ nudge, clock, later }: KeepWarmDeps): { used(): void } {
	let lastUse = Number.NEGATIVE_INFINITY;
	let nudging = false;
	const next = () => {
		if (clock() - lastUse >= WARM_AFTER_USE_MS) {
			nudging = false;
			return;
		}
		// Scheduled first: a nudge that throws must not end the chain with `nudging` left true.
		later(next, NUDGE_EVERY_MS);
		nudge();
	};
	return {
		used() {
			lastUse = clock();
			if (nudging) return;
			nudging = true;
			later(next, NUDGE_EVERY_MS);
		},
	};
}
