/**
 * The typed protocol between the pages (popup, options) and the background service worker.
 * One map is the source of truth: each message type names the fields its request carries and the
 * data its successful reply carries, so renaming a field breaks the build instead of the user.
 */
import { type AppError, appError, toAppError } from "./errors";

export interface Protocol {
	ping: {
		request: Record<never, never>;
		/** startedAt changes whenever Chrome restarts the worker, which is how tests see a restart. */
		reply: { version: string; startedAt: number };
	};
}

export type MessageType = keyof Protocol;
export type RequestOf<T extends MessageType> = { type: T } & Protocol[T]["request"];
export type AnyRequest = { [T in MessageType]: RequestOf<T> }[MessageType];
export type Failure = { ok: false; error: AppError };
export type Reply<T extends MessageType> = { ok: true; data: Protocol[T]["reply"] } | Failure;

export type Handlers = {
	[T in MessageType]: (request: RequestOf<T>) => Protocol[T]["reply"] | Promise<Protocol[T]["reply"]>;
};

/** A typed call from a page to the background. It never throws: every failure is a Failure value. */
export type BackgroundCall = <T extends MessageType>(request: RequestOf<T>) => Promise<Reply<T>>;

/** The background side: validates an incoming message, runs its handler, and wraps the outcome. */
export function createMessageHandler(handlers: Handlers): (message: unknown) => Promise<Reply<MessageType>> {
	const isRequest = (message: unknown): message is AnyRequest =>
		typeof message === "object" &&
		message !== null &&
		typeof (message as { type?: unknown }).type === "string" &&
		Object.hasOwn(handlers, (message as { type: string }).type);

	return async (message) => {
		if (!isRequest(message)) return { ok: false, error: appError("unknown-message") };
		const handler = handlers[message.type] as (request: AnyRequest) => Promise<Protocol[MessageType]["reply"]>;
		try {
			return { ok: true, data: await handler(message) };
		} catch (error) {
			return { ok: false, error: toAppError(error) };
		}
	};
}

function isReply(value: unknown): value is Reply<MessageType> {
	return typeof value === "object" && value !== null && typeof (value as { ok?: unknown }).ok === "boolean";
}

/**
 * The page side, over any transport. A rejected send means the worker could not be reached (not
 * installed, crashed, or killed mid-request: Chrome closes the message port); an empty reply means no
 * listener answered. Both surface as one code so the UI can offer a retry.
 */
export function createClient(send: (request: AnyRequest) => Promise<unknown>): BackgroundCall {
	return async <T extends MessageType>(request: RequestOf<T>) => {
		let reply: unknown;
		try {
			reply = await send(request as AnyRequest);
		} catch (error) {
			return {
				ok: false,
				error: appError("background-unavailable", error instanceof Error ? error.message : undefined),
			};
		}
		if (!isReply(reply)) return { ok: false, error: appError("background-unavailable", "no reply") };
		return reply as Reply<T>;
	};
}
