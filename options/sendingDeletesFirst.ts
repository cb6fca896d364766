import { type BackgroundCall, type MessageType, type Reply, type RequestOf, withinTimeLimit } from "../src/messages";

/** Requests after which the background acts for another user (or none). */
const SESSION_CHANGES: ReadonlySet<MessageType> = new Set(["signIn", "signUp", "signOut"]);

/**
 * `call`, except that a request that changes who is signed in first waits for `flush`: a delete still
 * waiting for its undo is sent, and answered, while its own user is the one signed in. Both share one time
 * limit: the delete's and the sign-in's, one after the other, would keep the user twice as long as the
 * timeout's message says.
 */
export function sendingDeletesFirst(call: BackgroundCall, flush: () => Promise<void>): BackgroundCall {
	return <T extends MessageType>(request: RequestOf<T>): Promise<Reply<T>> => {
		if (!SESSION_CHANGES.has(request.type)) return call(request);
		return withinTimeLimit(flush().then(() => call(request)));
	};
}
