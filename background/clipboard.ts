/**
 * The clipboard, from a service worker that has none: an offscreen document (reason CLIPBOARD) does the
 * copying. Opening it takes some 40 ms, so a copy is started as the click arrives (startCopy), and the
 * document opens while the shorten is out; the copy comes with the link. Openings and copies run one
 * after another, each making sure the document exists, so it is never created twice (Chrome throws) nor
 * closed under a copy.
 *
 * The document closes a second after the last copy ends (or is given up), not as soon as it answered:
 * its answer can come before its copy is on the clipboard. Closed at once, it lost 3 copies in about
 * 1,100 menu shortens in the bench's rigs, each announced as copied over the old clipboard text; a second
 * later, none in 812. The likely cause, and what is not known: docs/architecture.md ("Clipboard"). The
 * close is queued like a copy, so a copy after it makes a new document; a copy started within the second
 * cancels it and reuses the document. A worker that stops before its close leaves the document to the
 * next worker's first copy, which reuses it and then closes it.
 *
 * Firefox has no offscreen API and needs none: its background is an event page with a DOM, and the
 * clipboardWrite permission lets it write the clipboard directly. The build mode decides which, so the
 * Firefox bundle carries no offscreen calls.
 */
import { browser } from "../src/browser";
import { ShortyError } from "../src/errors";
import type { OffscreenCopy } from "../src/messages";

const DOCUMENT = "offscreen/index.html";
/** A margin, not a measured need: long for the browser to commit a copy, short for a hidden page to linger. */
const CLOSE_AFTER_MS = 1_000;

let queue: Promise<unknown> = Promise.resolve();
let waiting = 0;
let closeTimer: ReturnType<typeof setTimeout> | undefined;

/** Runs `step` after everything queued before it, whatever became of that. */
function enqueue<T>(step: () => Promise<T>): Promise<T> {
	const running = queue.then(step);
	queue = running.catch(() => undefined);
	return running;
}

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

/**
 * A copy whose text is still being made: the means to copy are readied at once, beside the work that makes
 * the text (a shorten's round trip), rather than after it.
 */
export interface PendingCopy {
	/** Copies `text` onto the clipboard: once, before `release`. */
	copy(text: string): Promise<void>;
	/** This copy needs the clipboard no more (its text never came, or it is copied); called again, nothing. */
	release(): void;
}

function startCopyThroughOffscreenDocument(): PendingCopy {
	clearTimeout(closeTimer);
	waiting += 1;
	let released = false;
	const release = () => {
		if (released) return;
		released = true;
		waiting -= 1;
		if (waiting === 0) {
			closeTimer = setTimeout(
				() => void enqueue(() => chrome.offscreen.closeDocument().catch(() => undefined)),
				CLOSE_AFTER_MS,
			);
		}
	};
	// A failure to open is the copy's: it makes sure of the document again, and reports.
	const opening = enqueue(ensureDocument);
	opening.catch(() => undefined);
	return {
		copy: (text) =>
			enqueue(async () => {
				try {
					await opening.catch(() => undefined);
					// Checked again: the document may have gone while the text was being made (its renderer crashed).
					await ensureDocument();
					const request: OffscreenCopy = { target: "offscreen", type: "copy", text };
					const reply = (await browser.runtime.sendMessage(request)) as { copied?: unknown } | undefined;
					if (reply?.copied !== true) throw new ShortyError("clipboard-failed");
				} finally {
					release();
				}
			}),
		release,
	};
}

// Firefox's event page is a window, which the worker's WebWorker types do not describe.
type PageNavigator = WorkerNavigator & { clipboard: { writeText(text: string): Promise<void> } };

async function copyInBackgroundPage(text: string): Promise<void> {
	await (navigator as PageNavigator).clipboard.writeText(text).catch(() => {
		throw new ShortyError("clipboard-failed");
	});
}

function startCopyInBackgroundPage(): PendingCopy {
	return { copy: copyInBackgroundPage, release: () => undefined };
}

/** Readies a copy now, for a text still being made. */
export const startCopy =
	import.meta.env.MODE === "firefox" ? startCopyInBackgroundPage : startCopyThroughOffscreenDocument;
