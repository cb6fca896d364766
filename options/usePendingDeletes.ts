import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { AppError } from "../src/errors";
import { useBackground } from "../src/ui/BackgroundContext";
import { useBackgroundEvents } from "../src/ui/BackgroundEvents";

export interface PendingDelete {
	codes: string[];
	/** What its toast says, e.g. "Deleted sho.rt/abc1234" or "Deleted 12 links". */
	text: string;
	/** The id of the toast that offers its Undo. */
	toast: number;
}

/** How a delete ended: sent and answered, refused, or never sent because another account is signed in now. */
export type DeleteOutcome = { deleted: string[] } | { error: AppError } | { accountChanged: true };

export interface PendingDeletes {
	pending: PendingDelete | null;
	/** Codes to keep off screen: waiting for their undo, on their way, or deleted (until a link has the code again). */
	hidden: ReadonlySet<string>;
	start(next: PendingDelete): void;
	undo(): void;
	/** Sends the pending delete, if any; resolves once the background has answered. */
	flush(): Promise<void>;
}

export interface PendingDeleteEvents {
	/** The delete is leaving: its Undo is over. */
	onSending(sending: PendingDelete): void;
	onSent(outcome: DeleteOutcome): void;
}

const plus = (codes: string[]) => (set: ReadonlySet<string>) => new Set([...set, ...codes]);
const minus = (codes: string[]) => (set: ReadonlySet<string>) =>
	codes.some((code) => set.has(code)) ? new Set([...set].filter((code) => !codes.includes(code))) : set;

/**
 * Deletes that wait for their undo before they reach the background. Re-creating a link after a real
 * delete would not give it back: its creation time and clicks are the server's to set, and the rules
 * refuse them from clients. So nothing is deleted until the undo is over: its toast closes, the page
 * moves on (the caller flushes), the page is hidden or closed (visibilitychange fires before it goes), or
 * the session is about to change (the account section flushes first). One delete waits at a time:
 * starting another sends the one before. A delete is only ever sent for the user it was made by
 * (`uid`): after an account change elsewhere, it is dropped and reported instead.
 */
export function usePendingDeletes(uid: string | null, events: PendingDeleteEvents): PendingDeletes {
	const call = useBackground();
	const [pending, setPending] = useState<PendingDelete | null>(null);
	const [sending, setSending] = useState<ReadonlySet<string>>(new Set());
	const [gone, setGone] = useState<ReadonlySet<string>>(new Set());
	const current = useRef<{ delete: PendingDelete; uid: string | null } | null>(null);
	const user = useRef(uid);
	user.current = uid;
	const listeners = useRef(events);
	listeners.current = events;

	const flush = useCallback(async () => {
		const waiting = current.current;
		if (!waiting) return;
		current.current = null;
		setPending(null);
		const { codes } = waiting.delete;
		listeners.current.onSending(waiting.delete);
		if (waiting.uid !== user.current) return listeners.current.onSent({ accountChanged: true });
		setSending(plus(codes));
		const reply = await call({ type: "deleteLinks", codes });
		setSending(minus(codes));
		if (reply.ok) setGone(plus(reply.data.codes));
		listeners.current.onSent(reply.ok ? { deleted: reply.data.codes } : { error: reply.error });
	}, [call]);

	const start = useCallback(
		(next: PendingDelete) => {
			void flush();
			current.current = { delete: next, uid: user.current };
			setPending(next);
		},
		[flush],
	);

	const undo = useCallback(() => {
		current.current = null;
		setPending(null);
	}, []);

	// biome-ignore lint/correctness/useExhaustiveDependencies: a new user is the trigger: a delete made for the one before is not sent.
	useEffect(() => {
		void flush();
	}, [uid, flush]);

	useEffect(() => {
		const sendIfHidden = () => {
			if (document.visibilityState === "hidden") void flush();
		};
		document.addEventListener("visibilitychange", sendIfHidden);
		window.addEventListener("pagehide", flush);
		return () => {
			document.removeEventListener("visibilitychange", sendIfHidden);
			window.removeEventListener("pagehide", flush);
			void flush();
		};
	}, [flush]);

	// A deleted code is free again: a link made with it since (an alias used anew, here or in another browser)
	// is no longer the one deleted, and shows.
	useBackgroundEvents((event) => {
		if (event.type === "links-changed" && event.kind !== "deleted") setGone(minus(event.codes));
	});

	const hidden = useMemo(() => new Set([...(pending?.codes ?? []), ...sending, ...gone]), [pending, sending, gone]);
	return { pending, hidden, start, undo, flush };
}
