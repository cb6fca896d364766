/**
 * Shortening without the popup (context menu, keyboard command): the same shorten request the popup
 * sends, through the same message handler and so the same checks, then copy and announce.
 */
import { type AppError, appError } from "../src/errors";
import type { Link } from "../src/links/types";
import type { Reply, RequestOf } from "../src/messages";
import type { NotCopied } from "./notify";
import type { PendingCopy } from "./offscreenCopies";

export type ShortenTarget = { url: string; title?: string };

/** What the user is told (./notify.ts). */
export interface QuickShortenAnnouncer {
	copied(link: Link): Promise<void>;
	notCopied(link: Link, why: NotCopied): Promise<void>;
	failure(error: AppError): Promise<void>;
}

export interface QuickShortenDeps {
	shorten: (request: RequestOf<"shorten">) => Promise<Reply<"shorten">>;
	/**
	 * Readies the clipboard as the click arrives, so the copy need not wait for it after the link: in the tab
	 * acted on, which the click granted activeTab on, or a document of Shorty's (./clipboard.ts).
	 */
	startCopy: (tabId?: number) => PendingCopy;
	announce: QuickShortenAnnouncer;
}

export function createQuickShorten({ shorten, startCopy, announce }: QuickShortenDeps) {
	let asked = 0;
	/**
	 * The latest click or keypress whose link has gone to the clipboard. A new address takes a round trip
	 * and a repeated one none, so an earlier click's link can arrive after a later one's: copied then, it
	 * would replace the link the user was just told is on the clipboard.
	 */
	let copiedFor = 0;

	async function shortenCopyAnnounce({ url, title }: ShortenTarget, tabId?: number): Promise<void> {
		const thisAsk = ++asked;
		const pending = startCopy(tabId);
		const reply = await shorten({ type: "shorten", url, ...(title ? { title } : {}) });
		if (!reply.ok) return announce.failure(reply.error);
		if (copiedFor > thisAsk) return announce.notCopied(reply.data, "newer-copied");
		const copiedBefore = copiedFor;
		copiedFor = thisAsk;
		try {
			await pending.copy(reply.data.shortUrl);
		} catch {
			// Not on the clipboard after all: an earlier request's link, answered later, may still go there.
			if (copiedFor === thisAsk) copiedFor = copiedBefore;
			return announce.notCopied(reply.data, "clipboard-failed");
		}
		await announce.copied(reply.data);
	}
	// Nobody awaits a menu click: whatever fails must still end in something the user sees, or the log.
	// `tabId`: the tab the click or keypress came from, where the copy is made when the page can take it.
	return (target: ShortenTarget, tabId?: number): Promise<void> =>
		shortenCopyAnnounce(target, tabId).catch((error: unknown) =>
			announce
				.failure(appError("internal", error instanceof Error ? error.message : String(error)))
				.catch((reported: unknown) => console.error("Shorty could not report a failed shorten", error, reported)),
		);
}
