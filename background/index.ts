/**
 * The service worker and composition root: it builds every service once and hands handlers what
 * they need. Listeners are registered synchronously at the top level because MV3 only wakes a
 * stopped worker for events whose listeners existed at the end of its first run.
 */
import { browser } from "../src/browser";
import { createMessageHandler } from "../src/messages";

const startedAt = Date.now();

const handleMessage = createMessageHandler({
	ping: () => ({ version: browser.runtime.getManifest().version, startedAt }),
});

// runtime.onMessage only carries this extension's own messages (other senders arrive on onMessageExternal,
// which Shorty does not listen to).
browser.runtime.onMessage.addListener((message: unknown) => handleMessage(message));
