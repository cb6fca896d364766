/**
 * Shortening without the popup (context menu, keyboard command): the same shorten request the popup
 * sends, through the same message handler and so the same checks, then copy and announce.
 */
import { appError } from "../src/errors";
import type { Reply, RequestOf } from "../src/messages";
import { announceCopied, announceFailure } from "./notify";
import type { PendingCopy } from "./offscreenCopies";

export type ShortenTarget = { url: string; title?: string };

export interface QuickShortenDeps {
	shorten: (request: RequestOf<"shorten">) => Promise<Reply<"shorten">>;
	/**
	 * Readies the clipboard as the click arrives, so the copy need not wait for it after the link: in the tab
	 * acted on, which the click granted activeTab on, or a document of Shorty's (./clipboard.ts).
	 */
	startCopy: (tabId?: number) => PendingCopy;
}

export function createQuickShorten({ shorten, startCopy }: QuickShortenDeps) {
	async function shortenCopyAnnounce({ url, title }: ShortenTarget, tabId?: number): Promise<void> {
		const pending = startCopy(tabId);
		const reply = await shorten({ type: "shorten", url, ...(title ? { title } : {}) });
		if (!reply.ok) return announceFailure(reply.error);
		try {
			await pending.copy(reply.data.shortUrl);
		} catch {
			return announceFailure(appError("clipboard-failed"));
		}
		await announceCopied(reply.data);
	}
	// Nobody awaits a menu click: whatever fails must still end in something the user sees, or the log.
	// `tabId`: the tab the click or keypress came from, where the copy is made when the page can take it.
	return (target: ShortenTarget, tabId?: number): Promise<void> =>
		shortenCopyAnnounce(target, tabId).catch((error: unknown) =>
			announceFailure(appError("internal", error instanceof Error ? error.message : String(error))).catch(
				(reported: unknown) => console.error("Shorty could not report a failed shorten", error, reported),
			),
		);
}
