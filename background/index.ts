/**
 * The service worker and composition root: it builds every service once and hands handlers what
 * they need. Listeners are registered synchronously at the top level because MV3 only wakes a
 * stopped worker for events whose listeners existed at the end of its first run. Firebase is created on
 * the first request or Auth question that needs it, so a wake-up for anything else does no IndexedDB or
 * network work, and a repeated address makes no Firebase before its reply.
 */
import { onIdTokenChanged } from "firebase/auth/web-extension";
import type { Runtime } from "webextension-polyfill";
import { browser } from "../src/browser";
import { builtConfig } from "../src/builtConfig";
import { appError } from "../src/errors";
import { APP_NAME, connectFirebase, type FirebaseServices, firestoreOrigin } from "../src/firebase";
import { installMessages } from "../src/i18n/translate";
import { createClickStore } from "../src/links/clickStore";
import { shortLinkSiteHosts } from "../src/links/shortLinkSite";
import { createLinkStore } from "../src/links/store";
import { type BackgroundEvent, createClient, createMessageHandler } from "../src/messages";
import { readSettings } from "../src/settings";
import { accountHandlers, followSessionEnds, sessionOf, signOutMemory } from "./accounts";
import { persistedSession } from "./authPersistence";
import { clickHandlers } from "./clicks";
import { startCopy } from "./clipboard";
import { authStart, earlyUser } from "./earlyShorten";
import { type EarlyFirebase, earlyShortenDeps } from "./earlyShortenDeps";
import { keepWarm } from "./keepWarm";
import { createLinkMirrors } from "./linkMirrors";
import { linkHandlers } from "./links";
import { createMenus, menuTarget } from "./menus";
import { announceCopied, announceFailure, announceNotCopied } from "./notify";
import { onDemand } from "./onDemand";
import { createQuickShorten } from "./quickShorten";
import { savedSessions } from "./savedSession";
import { settingsHandlers } from "./settings";
import { secureTokenUrl } from "./tokenRefresh";
import { toolbarClicks } from "./toolbar";

/** The keyboard command's name in manifest.json: a public interface, like the menu ids. */
const SHORTEN_COMMAND = "shorten-current-tab";

const startedAt = Date.now();

// Menu titles and notifications in the browser's language, from _locales like the pages.
installMessages(browser.i18n);

/** Tells every open page; with none open the send fails harmlessly. */
function announce(event: BackgroundEvent): void {
	browser.runtime.sendMessage(event).catch(() => undefined);
}

// After a browser start storage.session is empty: the user the Auth SDK keeps on disk stands in, read only,
// and without making Firebase, which names that user by the app's name and API key alone.
const sessions = savedSessions(browser.storage.session, () =>
	persistedSession(indexedDB, { name: APP_NAME, config: builtConfig.firebase }),
);

/** Firebase's services, and whether Auth has started and whom it names. */
type Firebase = FirebaseServices & EarlyFirebase;

/**
 * Firebase, made by the first request that goes out or the first handler that asks Auth: in a worker just
 * started, Auth's start (its IndexedDB read, then its reload) would run beside the mirror's lookup and slow
 * it, and a repeated address, which the mirror answers, needs none of it before its reply (issue 20): past
 * five minutes from the mirror's last sync, its link is read first with the saved token, and Firebase is
 * made once that read has left.
 */
const firebase = onDemand((): Firebase => {
	const { auth, db } = connectFirebase(builtConfig);
	// Open pages follow sign-in and sign-out without polling. The ID-token event, not the auth-state one:
	// signing up from an anonymous session keeps the uid, so only the token (now carrying the email) changes.
	// The mirror follows too: a signed-out user's links leave the disk; and the token saved for the next
	// worker's first shorten; and an account's session that Auth ended counts as a sign-out.
	onIdTokenChanged(auth, (user) => {
		announce({ type: "session-changed", session: sessionOf(user) });
		void services()
			.mirrors.signedIn(user?.uid ?? null)
			.catch(() => undefined);
		void sessions.follow(user, () => auth.currentUser?.uid === user?.uid).catch(() => undefined);
		void followSessionEnd(user).catch(() => undefined);
	});
	return { auth, db, ...authStart(auth) };
});

/** A link's visit counts, which need Firestore alone. */
const clicks = onDemand(() => createClickStore({ db: firebase().db, clock: Date.now }));

/** Everything the handlers use, built once, none of it making Firebase until it sends a request. */
const services = onDemand(() => {
	const firestore = () => firebase().db;
	const mirrors = createLinkMirrors({
		indexedDB,
		firestore,
		// Built below: with the saved token while Auth starts, then through Firestore.
		linksNow: (owner, codes) => early.linksNow(owner, codes),
		clock: Date.now,
		shortLinkBase: builtConfig.shortLinkBase,
		announce: (change) => announce({ type: "links-changed", ...change }),
	});
	const store = createLinkStore({
		firestore,
		random: (length) => crypto.getRandomValues(new Uint8Array(length)),
		clock: Date.now,
		shortLinkBase: builtConfig.shortLinkBase,
		siteHosts: shortLinkSiteHosts(builtConfig),
		// The options page shows a link made from the popup or a menu without polling. Sent in a task of its
		// own, so a reply the change settles (the popup's new link) leaves first rather than after a message
		// to every open page.
		onChange: (change) => setTimeout(() => announce({ type: "links-changed", ...change })),
		local: mirrors.local,
	});
	// fetch called bare: a worker's fetch throws "Illegal invocation" when called as another object's method.
	const bareFetch = (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init);
	const early = earlyShortenDeps(
		firebase,
		sessions,
		{
			secureToken: { url: secureTokenUrl(builtConfig), fetch: bareFetch },
			firestore: { origin: firestoreOrigin(builtConfig), projectId: builtConfig.firebase.projectId, fetch: bareFetch },
		},
		Date.now,
	);
	return { store, mirrors, early };
});

const signOuts = signOutMemory(browser.storage.local);
const followSessionEnd = followSessionEnds(browser.storage.local, signOuts);

const handleMessage = createMessageHandler({
	ping: () => ({ version: browser.runtime.getManifest().version, startedAt }),
	...accountHandlers(() => firebase().auth, signOuts, sessions),
	...linkHandlers(
		() => firebase().auth,
		() => services().store,
		signOuts,
		() => services().mirrors,
		() => earlyUser(services().early),
	),
	...clickHandlers(() => firebase().auth, clicks),
	...settingsHandlers(browser.storage.sync),
});

// Each use keeps the worker running a few minutes, for the next one (./keepWarm.ts): a menu click, the
// shortcut, a toolbar click (Chrome's), or a message from one of Shorty's pages, also one an open page
// sends on its own after the worker's news (a session or links change).
const warm = keepWarm({
	nudge: () => void browser.runtime.getPlatformInfo().catch(() => undefined),
	clock: () => performance.now(),
	later: (task, ms) => void setTimeout(task, ms),
});

// Chrome's toolbar button: its click comes here, which sends the popup's shorten before the popup has opened
// (./toolbar.ts). Firefox's opens its popup itself, as the manifest says.
const toolbar =
	import.meta.env.MODE === "firefox"
		? null
		: toolbarClicks({
				action: {
					setPopup: (details) => chrome.action.setPopup(details),
					openPopup: (windowId) => chrome.action.openPopup(windowId === undefined ? {} : { windowId }),
				},
				popup: browser.runtime.getManifest().action?.default_popup ?? "",
				shortLinkBase: builtConfig.shortLinkBase,
				siteHosts: () => shortLinkSiteHosts(builtConfig),
				shortenOnOpen: async () => (await readSettings(browser.storage.sync)).shortenOnOpen,
				handle: (message) => handleMessage(message),
				clock: Date.now,
			});
if (toolbar) {
	void toolbar.takeOver().catch(() => undefined);
	chrome.action.onClicked.addListener((tab) => {
		warm.used();
		void toolbar.clicked(tab).catch(() => undefined);
	});
}

// Only the extension's own pages may drive the worker. Other extensions and websites arrive on
// onMessageExternal, which Shorty does not listen to, but a content script would arrive here with its
// web page as sender; none exists today, and none should ever act for the user unchecked.
const ownPages = browser.runtime.getURL("");
browser.runtime.onMessage.addListener((message: unknown, sender: Runtime.MessageSender) => {
	if (!sender.url?.startsWith(ownPages)) return undefined;
	warm.used();
	return toolbar ? toolbar.answer(message) : handleMessage(message);
});

// The context menu and the keyboard command send the popup's own shorten request through the same handler.
const quickShorten = createQuickShorten({
	shorten: createClient(async (request) => handleMessage(request)),
	startCopy,
	announce: { copied: announceCopied, notCopied: announceNotCopied, failure: announceFailure },
});

browser.runtime.onInstalled.addListener(() => void createMenus());

browser.contextMenus.onClicked.addListener((info, tab) => {
	const target = menuTarget(info, tab);
	if (!target) return;
	warm.used();
	void quickShorten(target, tab?.id);
});

browser.commands.onCommand.addListener(async (command, tab) => {
	if (command !== SHORTEN_COMMAND) return;
	warm.used();
	const active = tab ?? (await browser.tabs.query({ active: true, currentWindow: true }))[0];
	// The command grants activeTab, so a missing URL means a page extensions may not see at all.
	if (!active?.url) return announceFailure(appError("restricted-page"));
	return quickShorten({ url: active.url, ...(active.title ? { title: active.title } : {}) }, active.id);
});
