import type { BackgroundCall, MessageType, Reply, RequestOf } from "../src/messages";

/** Requests after which the background acts for another user (or none). */
const SESSION_CHANGES: ReadonlySet<MessageType> = new Set(["signIn", "signUp", "signOut"]);

/**
 * `call`, except that a request that changes who is signed in first waits for `flush`: a delete still
 * waiting for its undo is sent, and answered, while its own user is the one signed in.
 */
export function sendingDeletesFirst(call: BackgroundCall, flush: () => Promise<void>): BackgroundCall {
	return async <T extends MessageType>(request: RequestOf<T>): Promise<Reply<T>> => {
		if (SESSION_CHANGES.has(request.type)) await flush();
		return call(request);
	};
}
