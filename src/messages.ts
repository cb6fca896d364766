/**
 * The typed protocol between the pages (popup, options) and the background service worker.
 * One map is the source of truth: each message type names the fields its request carries and the
 * data its successful reply carries, so renaming a field breaks the build instead of the user.
 */
import { type AppError, appError, isErrorCode, toAppError } from "./errors";

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

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/**
 * The background side. Messages that are not requests of this protocol get no answer (undefined), so
 * another listener, such as the offscreen clipboard document, can answer them: Chrome delivers every
 * runtime message to every extension page and keeps only the first reply.
 */
export function createMessageHandler(
	handlers: Handlers,
): (message: unknown) => Promise<Reply<MessageType>> | undefined {
	const isRequest = (message: unknown): message is AnyRequest =>
		isObject(message) && typeof message.type === "string" && Object.hasOwn(handlers, message.type);

	return (message) => {
		if (!isRequest(message)) return undefined;
		const handler = handlers[message.type] as (request: AnyRequest) => Promise<Protocol[MessageType]["reply"]>;
		return (async (): Promise<Reply<MessageType>> => {
			try {
				return { ok: true, data: await handler(message) };
			} catch (error) {
				return { ok: false, error: toAppError(error) };
			}
		})();
	};
}

/** Only the two shapes a handler produces count as replies; anything else means no usable answer. */
function isReply(value: unknown): value is Reply<MessageType> {
	if (!isObject(value)) return false;
	if (value.ok === true) return "data" in value;
	return (
		value.ok === false &&
		isObject(value.error) &&
		isErrorCode(value.error.code) &&
		typeof value.error.message === "string"
	);
}

/**
 * The page side, over any transport. A rejected send means the worker could not be reached (not
 * installed, crashed, or killed mid-request: Chrome closes the message port); an empty or malformed
 * reply means nobody answered usefully. Both surface as one code so the UI can offer a retry.
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
		if (!isReply(reply)) return { ok: false, error: appError("background-unavailable", "no usable reply") };
		return reply as Reply<T>;
	};
}
