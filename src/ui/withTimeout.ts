import { appError } from "../errors";
import type { Failure } from "../messages";

/** How long a page waits for the background before saying so; the catalogue's timeout text names it. */
export const REQUEST_TIMEOUT_MS = 10_000;

/**
 * `reply`, or a timeout failure once `ms` have passed, whichever comes first: a worker that never answers
 * must not leave a page waiting for ever. The background treats a repeated request as the same one, so
 * the user may simply try again.
 */
export function withTimeout<R>(reply: Promise<R>, ms: number = REQUEST_TIMEOUT_MS): Promise<R | Failure> {
	let timer: ReturnType<typeof setTimeout> | undefined;
	const timedOut = new Promise<Failure>((resolve) => {
		timer = setTimeout(() => resolve({ ok: false, error: appError("timeout") }), ms);
	});
	return Promise.race([reply, timedOut]).finally(() => clearTimeout(timer));
}
