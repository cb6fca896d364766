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
	/** `askedAt`: when the click or keypress asked for the link (Date.now()). */
	copied(link: Link, askedAt: number): Promise<void>;
	notCopied(link: Link, why: NotCopied, askedAt: number): Promise<void>;
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
	 * The latest click or keypress whose link is on the clipboard. A new address takes a round trip and a
	 * repeated one none, so an earlier click's link can arrive after a later one's: copied then, it would
	 * replace the link the user was just told is on the clipboard.
	 */
	let copiedFor = 0;
	/** The short link that latest copy put there. */
	let copiedLink = "";
	/**
	 * The copy under way: copies run one at a time, in the order their links came, as a copy in the page
	 * may land before one through Shorty's document that started first.
	 */
	let copying: Promise<unknown> = Promise.resolve();

	async function copyInTurn(thisAsk: number, pending: PendingCopy, link: Link): Promise<NotCopied | null> {
		// A later request of the same page may have copied this very link: it is on the clipboard.
		if (copiedFor > thisAsk) return copiedLink === link.shortUrl ? null : "newer-copied";
		try {
			await pending.copy(link.shortUrl);
		} catch {
			return "clipboard-failed";
		}
		copiedFor = thisAsk;
		copiedLink = link.shortUrl;
		return null;
	}

	async function shortenCopyAnnounce({ url, title }: ShortenTarget, tabId?: number): Promise<void> {
		const thisAsk = ++asked;
		const askedAt = Date.now();
		const pending = startCopy(tabId);
		const reply = await shorten({ type: "shorten", url, ...(title ? { title } : {}) });
		if (!reply.ok) return announce.failure(reply.error);
		const copied = copying.then(() => copyInTurn(thisAsk, pending, reply.data));
		copying = copied.catch(() => undefined);
		const notCopied = await copied;
		await (notCopied ? announce.notCopied(reply.data, notCopied, askedAt) : announce.copied(reply.data, askedAt));
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
