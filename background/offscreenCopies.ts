/**
 * Copies through Chrome's offscreen clipboard document (background/clipboard.ts binds this to Chrome's API).
 * Opening it takes some 40 to 60 ms, so a copy is started as the click arrives, and the document opens
 * while the shorten is out; the copy comes with the link.
 *
 * The document then stays as long as the worker is kept warm after a use (WARM_AFTER_USE_MS), so another
 * menu or shortcut shorten meanwhile copies at once, a repeated address's link some 70 ms sooner than
 * after an opening. It closes itself once that long has passed without a copy (offscreen/closeWhenQuiet.ts),
 * told how long as it opens: a close timer in the worker would be lost with a worker stopped early, and
 * the document, and the extension's process with it, left until the next copy. So the worker never
 * closes it, but for what is left of one that no longer answers: a copy no document answers opens another.
 *
 * Openings and copies run one after another, each opening only if no document is open, so it is never
 * created twice (Chrome throws).
 */
import { ShortyError } from "../src/errors";
import { WARM_AFTER_USE_MS } from "./keepWarm";

/** What came of sending the document a text: "unreached" when no document answered (gone, or going). */
export type CopyOutcome = "copied" | "refused" | "unreached";

/** What the copying needs of the browser: Chrome's offscreen and runtime APIs, or a test's stand-in. */
export interface OffscreenDocuments {
	isOpen(): Promise<boolean>;
	/** Opens the document, which closes itself `closeAfterMs` after its last copy; throws if one is open. */
	open(closeAfterMs: number): Promise<void>;
	/** Closes the document if one is still there, one closing itself included; never throws. */
	close(): Promise<void>;
	copy(text: string): Promise<CopyOutcome>;
}

/**
 * A copy whose text is still being made: the means to copy are readied at once, beside the work that makes
 * the text (a shorten's round trip), rather than after it.
 */
export interface PendingCopy {
	/** Copies `text` onto the clipboard; a pending copy that never gets its text needs nothing more. */
	copy(text: string): Promise<void>;
}

/** Pending copies through the offscreen document `documents` reaches, kept while the worker is kept warm. */
export function offscreenCopies(documents: OffscreenDocuments): () => PendingCopy {
	let queue: Promise<unknown> = Promise.resolve();
	/** Runs `step` after everything queued before it, whatever became of that. */
	const enqueue = <T>(step: () => Promise<T>): Promise<T> => {
		const running = queue.then(step);
		queue = running.catch(() => undefined);
		return running;
	};
	return () => {
		// A failure to open is the copy's, queued after it: it tries again, and reports.
		enqueue(async () => {
			if (!(await documents.isOpen())) await documents.open(WARM_AFTER_USE_MS);
		}).catch(() => undefined);
		return {
			copy: (text) =>
				enqueue(async () => {
					let outcome = await documents.copy(text);
					if (outcome === "unreached") {
						// Gone since its opening (closed itself, crashed, never opened), or still listed while its
						// window.close() completes: once more, in a new one.
						await documents.close();
						await documents.open(WARM_AFTER_USE_MS);
						outcome = await documents.copy(text);
					}
					if (outcome !== "copied") throw new ShortyError("clipboard-failed");
				}),
		};
	};
}
