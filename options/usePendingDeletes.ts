import { useCallback, useEffect, useRef, useState } from "react";
import type { AppError } from "../src/errors";
import { useBackground } from "../src/ui/BackgroundContext";

export interface PendingDelete {
	codes: string[];
	/** What the toast says, e.g. "Deleted sho.rt/abc1234" or "Deleted 12 links". */
	text: string;
}

/**
 * Deletes that wait for their undo toast to close before they reach the background. Re-creating a link
 * after a real delete would not give it back: its creation time and clicks are the server's to set, and
 * the rules refuse them from clients. So nothing is deleted until the toast closes, and a pending delete is
 * sent at once when the page is hidden or closed (visibilitychange fires before the page goes), so a
 * closed tab never leaves a delete undone that the user saw done. One delete waits at a time: starting
 * another sends the one before.
 */
export function usePendingDeletes(onSent: (result: { deleted: string[] } | { error: AppError }) => void) {
	const call = useBackground();
	const [pending, setPending] = useState<PendingDelete | null>(null);
	const current = useRef<PendingDelete | null>(null);
	const onSentRef = useRef(onSent);
	onSentRef.current = onSent;

	/** Sends the pending delete, if any; resolves once the background has answered. */
	const flush = useCallback(async () => {
		const sending = current.current;
		if (!sending) return;
		current.current = null;
		setPending(null);
		const reply = await call({ type: "deleteLinks", codes: sending.codes });
		onSentRef.current(reply.ok ? { deleted: reply.data.codes } : { error: reply.error });
	}, [call]);

	const start = useCallback(
		(next: PendingDelete) => {
			void flush();
			current.current = next;
			setPending(next);
		},
		[flush],
	);

	const undo = useCallback(() => {
		current.current = null;
		setPending(null);
	}, []);

	useEffect(() => {
		const sendIfHidden = () => {
			if (document.visibilityState === "hidden") void flush();
		};
		document.addEventListener("visibilitychange", sendIfHidden);
		window.addEventListener("pagehide", flush);
		return () => {
			document.removeEventListener("visibilitychange", sendIfHidden);
			window.removeEventListener("pagehide", flush);
			// Leaving the list (signing out, say) closes the toast, which is when its delete happens.
			void flush();
		};
	}, [flush]);

	return { pending, start, undo, flush };
}
