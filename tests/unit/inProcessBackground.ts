import { type BackgroundCall, createClient, createMessageHandler, type Handlers } from "../../src/messages";

const overJson = (value: unknown) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/**
 * A page-side client wired straight to a background message handler. Requests and replies go through
 * JSON, as Chrome's messaging serialises them, so anything that would not survive the real transport
 * fails here too.
 */
export function inProcessBackground(handlers: Handlers): BackgroundCall {
	const handle = createMessageHandler(handlers);
	return createClient(async (request) => overJson(await handle(overJson(request))));
}
