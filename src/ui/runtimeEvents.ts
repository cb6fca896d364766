import { isBackgroundEvent } from "../messages";
import type { BackgroundEvents } from "./BackgroundEvents";
import { browser } from "./pageBrowser";

/**
 * The real event source for pages: the background's broadcasts over runtime messaging. Every extension
 * page receives every runtime message, other pages' requests included, so only event shapes count, and
 * the listener never answers (returns undefined) so the request's real recipient can.
 */
export const runtimeEvents: BackgroundEvents = (listener) => {
	const onMessage = (message: unknown) => {
		if (isBackgroundEvent(message)) listener(message);
		return undefined;
	};
	browser.runtime.onMessage.addListener(onMessage);
	return () => browser.runtime.onMessage.removeListener(onMessage);
};
