import { type BackgroundCall, createClient, createMessageHandler, type Handlers } from "../../src/messages";

const overJson = (value: unknown) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/**
 * Handlers for a test that exercises only some message types. The others are simply absent, so the
 * background treats them as not its own and leaves them unanswered.
 */
export function someHandlers(given: Partial<Handlers>): Handlers {
	return given as Handlers;
}

/**
 * A page-side client wired straight to a background message handler. Requests and replies go through
 * JSON, as Chrome's messaging serialises them, so anything that would not survive the real transport
 * fails here too.
 */
export function inProcessBackground(handlers: Partial<Handlers>): BackgroundCall {
	const handle = createMessageHandler(someHandlers(handlers));
	return createClient(async (request) => overJson(await handle(overJson(request))));
}
