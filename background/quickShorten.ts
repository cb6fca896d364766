/**
 * Shortening without the popup (context menu, keyboard command): the same shorten request the popup
 * sends, through the same message handler and so the same checks, then copy and announce.
 */
import { appError } from "../src/errors";
import type { Reply, RequestOf } from "../src/messages";
import { copyToClipboard } from "./clipboard";
import { announceCopied, announceFailure } from "./notify";

export type ShortenTarget = { url: string; title?: string };

export function createQuickShorten(shorten: (request: RequestOf<"shorten">) => Promise<Reply<"shorten">>) {
	async function shortenCopyAnnounce({ url, title }: ShortenTarget): Promise<void> {
		const reply = await shorten({ type: "shorten", url, ...(title ? { title } : {}) });
		if (!reply.ok) return announceFailure(reply.error);
		try {
			await copyToClipboard(reply.data.shortUrl);
		} catch {
			return announceFailure(appError("clipboard-failed"));
		}
		await announceCopied(reply.data);
	}
	// Nobody awaits a menu click: whatever fails must still end in something the user sees, or the log.
	return (target: ShortenTarget): Promise<void> =>
		shortenCopyAnnounce(target).catch((error: unknown) =>
			announceFailure(appError("internal", error instanceof Error ? error.message : String(error))).catch(
				(reported: unknown) => console.error("Shorty could not report a failed shorten", error, reported),
			),
		);
}
