import {
	type BackgroundCall,
	type MessageType,
	REQUEST_TIMEOUT_MS,
	type Reply,
	type RequestOf,
	withinTimeLimit,
} from "../src/messages";

/** Requests after which the background acts for another user (or none). */
const SESSION_CHANGES: ReadonlySet<MessageType> = new Set(["signIn", "signUp", "signOut"]);

/**
 * `call`, except that a request that changes who is signed in first waits for `flush`: a delete still
 * waiting for its undo is sent, and answered, while its own user is the one signed in. Both share one time
 * limit: the delete's and the sign-in's, one after the other, would keep the user twice as long as the
 * timeout's message says. A delete answered only as that limit runs out sends no sign-in: the page says
 * it timed out, and the session must not change under that message.
 */
export function sendingDeletesFirst(call: BackgroundCall, flush: () => Promise<void>): BackgroundCall {
	return <T extends MessageType>(request: RequestOf<T>): Promise<Reply<T>> => {
		if (!SESSION_CHANGES.has(request.type)) return call(request);
		const startedAt = Date.now();
		const sent = flush().then(() =>
			Date.now() - startedAt < REQUEST_TIMEOUT_MS ? call(request) : new Promise<Reply<T>>(() => undefined),
		);
		return withinTimeLimit(sent);
	};
}
