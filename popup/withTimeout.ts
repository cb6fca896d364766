import { appError } from "../src/errors";
import type { MessageType, Reply } from "../src/messages";

/**
 * `reply`, or a timeout failure once `ms` have passed, whichever comes first: a worker that never answers
 * must not leave the popup waiting for ever. The background treats a repeated request as the same one, so
 * the user may simply try again.
 */
export function withTimeout<T extends MessageType>(reply: Promise<Reply<T>>, ms: number): Promise<Reply<T>> {
	let timer: ReturnType<typeof setTimeout> | undefined;
	const timedOut = new Promise<Reply<T>>((resolve) => {
		timer = setTimeout(() => resolve({ ok: false, error: appError("timeout") }), ms);
	});
	return Promise.race([reply, timedOut]).finally(() => clearTimeout(timer));
}
