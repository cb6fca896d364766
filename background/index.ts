/**
 * The service worker and composition root: it builds every service once and hands handlers what
 * they need. Listeners are registered synchronously at the top level because MV3 only wakes a
 * stopped worker for events whose listeners existed at the end of its first run. Firebase is created on
 * the first message that needs it, so a wake-up for anything else does no IndexedDB or network work.
 */
import { onAuthStateChanged } from "firebase/auth/web-extension";
import { browser } from "../src/browser";
import { configFromEnv, connectFirebase, type FirebaseServices } from "../src/firebase";
import { createLinkStore, type LinkStore } from "../src/links/store";
import { type BackgroundEvent, createMessageHandler } from "../src/messages";
import { accountHandlers, sessionOf } from "./accounts";
import { linkHandlers } from "./links";
import { settingsHandlers } from "./settings";

const startedAt = Date.now();
const config = configFromEnv(import.meta.env);

let services: (FirebaseServices & { store: LinkStore }) | undefined;
function firebase() {
	if (!services) {
		const { auth, db } = connectFirebase(config);
		const store = createLinkStore({
			db,
			random: (length) => crypto.getRandomValues(new Uint8Array(length)),
			clock: Date.now,
			shortLinkBase: config.shortLinkBase,
		});
		services = { auth, db, store };
		// Open pages follow sign-in and sign-out without polling; with none open the send fails harmlessly.
		onAuthStateChanged(auth, (user) => {
			const event: BackgroundEvent = { type: "session-changed", session: sessionOf(user) };
			browser.runtime.sendMessage(event).catch(() => undefined);
		});
	}
	return services;
}

const handleMessage = createMessageHandler({
	ping: () => ({ version: browser.runtime.getManifest().version, startedAt }),
	...accountHandlers(() => firebase().auth),
	...linkHandlers(
		() => firebase().auth,
		() => firebase().store,
	),
	...settingsHandlers(browser.storage.sync),
});

// runtime.onMessage only carries this extension's own messages (other senders arrive on onMessageExternal,
// which Shorty does not listen to).
browser.runtime.onMessage.addListener((message: unknown) => handleMessage(message));
