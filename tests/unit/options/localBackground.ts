/**
 * The options page's background, in process: the real link handlers (background/links.ts) over the real
 * link store, against Shorty's own Firestore server started inside the test with the real token check
 * and rules policy. Only the session is given (a signed-in user id), since the page never sees Auth
 * itself. Requests and replies cross a JSON boundary (inProcessBackground), and the store's changes are
 * announced as the service worker announces them.
 */
import { IDBFactory } from "fake-indexeddb";
import type { Auth } from "firebase/auth/web-extension";
import { doc, type Firestore, setDoc, setLogLevel } from "firebase/firestore/lite";
import type { Storage } from "webextension-polyfill";
import { signOutMemory } from "../../../background/accounts";
import { clickHandlers } from "../../../background/clicks";
import { createLinkMirrors } from "../../../background/linkMirrors";
import { linkHandlers } from "../../../background/links";
import { settingsHandlers } from "../../../background/settings";
import { localShortLinkSite } from "../../../local/config";
import { shortyPolicy } from "../../../local/policy";
import { writeDemoLinks } from "../../../local/seed";
import { createClickStore } from "../../../src/links/clickStore";
import { CLICKS, DAYS, type DayCountsDocument } from "../../../src/links/schema";
import { createLinkStore, type LinkStore } from "../../../src/links/store";
import { linkUrls } from "../../../src/links/store/read";
import type { Link } from "../../../src/links/types";
import type { BackgroundCall, BackgroundEvent, Handlers } from "../../../src/messages";
import type { BackgroundEvents } from "../../../src/ui/BackgroundEvents";
import { ADMINISTRATOR, startTestServer } from "../../integration/firestore/helpers";
import { countPeople } from "../../integration/links";
import { inProcessBackground } from "../inProcessBackground";

export const SHORT_LINK_BASE = "https://sho.rt/";
/** The short-link site's other names, as shortLinkSiteHosts gives them for a project "sho-rt". */
export const SITE_HOSTS = ["sho-rt.web.app", "sho-rt.firebaseapp.com"];

// The store meets refusals on purpose (a deleted link reads as permission-denied); the page shows them.
setLogLevel("silent");

export interface LocalFirestore {
	port: number;
	/** A Firestore client for `token`: a user id, or "owner" for the administrator that may write anything. */
	client(token: string): Firestore;
	close(): Promise<void>;
}

/** Shorty's Firestore server on a free port, with the real rules policy; one per test file is plenty. */
export async function startLocalFirestore(): Promise<LocalFirestore> {
	const server = await startTestServer({ policy: shortyPolicy(localShortLinkSite()) });
	return {
		port: server.server.port,
		client: (token) => server.connect(token === "owner" ? ADMINISTRATOR : token),
		close: () => server.stop(),
	};
}

/**
 * Writes a day document of `code`'s visits (`id` is "yyyy-mm-dd-shard") and adds its people to the shard's
 * all-time total, as the Cloud Function would (with the administrator's token).
 */
export async function writeDayCounts(
	firestore: LocalFirestore,
	owner: string,
	code: string,
	id: string,
	counts: DayCountsDocument,
) {
	const db = firestore.client("owner");
	await setDoc(doc(db, CLICKS, code, DAYS, id), counts);
	if (counts.people === undefined) return;
	await countPeople(db, owner, code, Number(id.slice(id.lastIndexOf("-") + 1)), counts.people);
}

/** What a held-back handler waits for (`opened`) until the test has looked at the page and calls `open()`. */
export function gate(): { opened: Promise<void>; open: () => void } {
	let open: () => void = () => undefined;
	const opened = new Promise<void>((resolve) => {
		open = resolve;
	});
	return { opened, open };
}

/** Announces events to whoever listens, as runtime messaging does for the pages. */
export class EventHub {
	private readonly listeners = new Set<(event: BackgroundEvent) => void>();

	readonly events: BackgroundEvents = (listener) => {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	};

	announce(event: BackgroundEvent): void {
		for (const listener of this.listeners) listener(event);
	}
}

/** storage.sync as far as the settings handlers use it: get by keys, set. */
function memoryStorage(): Storage.StorageArea {
	const values: Record<string, unknown> = {};
	const area = {
		async get(keys: string[]) {
			return Object.fromEntries(keys.filter((key) => key in values).map((key) => [key, values[key]]));
		},
		async set(items: Record<string, unknown>) {
			Object.assign(values, items);
		},
	};
	return area as unknown as Storage.StorageArea;
}

export interface OptionsBackground {
	uid: string;
	call: BackgroundCall;
	hub: EventHub;
	/** The same user's store, to set links up before the page opens or to look behind the page. */
	store: LinkStore;
	/** The same user's links from another browser, whose changes this page is not told about. */
	elsewhere: LinkStore;
	/**
	 * The people who followed one of the user's links in the last 90 days, summed over its day documents: the
	 * demo links' whole history, counted apart from the click totals the worker syncs.
	 */
	clicksOf(code: string): Promise<number>;
	/** Every request the page sent, in order. */
	requests: Array<{ type: string }>;
	/** The requests for pages of links among them (the click totals that follow each page left out). */
	pageRequests(): Array<{ type: string }>;
}

/** The handlers the options page uses, as the service worker composes them. */
export type PageHandlers = Pick<Handlers, "session"> &
	ReturnType<typeof linkHandlers> &
	ReturnType<typeof clickHandlers> &
	ReturnType<typeof settingsHandlers>;

/**
 * A fresh signed-in user with `links` demo links (newest first, eight hours apart, ending `now`), and
 * the background the page talks to. `overrides` replaces handlers, given the real ones (to hold one
 * back, or to fail).
 */
export async function optionsBackground(
	firestore: LocalFirestore,
	{
		links = 0,
		now = Date.now(),
		overrides = () => ({}),
	}: { links?: number; now?: number; overrides?: (real: PageHandlers) => Partial<Handlers> } = {},
): Promise<OptionsBackground> {
	const uid = `user-${crypto.randomUUID()}`;
	if (links > 0) await writeDemoLinks(firestore.client("owner"), uid, links, now);
	const hub = new EventHub();
	const db = firestore.client(uid);
	const storeDeps = {
		firestore: () => db,
		random: (length: number) => crypto.getRandomValues(new Uint8Array(length)),
		clock: Date.now,
		shortLinkBase: SHORT_LINK_BASE,
		siteHosts: SITE_HOSTS,
	};
	const clicks = createClickStore({ db, clock: Date.now });
	const store = createLinkStore({
		...storeDeps,
		// In a task of its own, as background/index.ts sends it: the worker's own copy has the change by then.
		onChange: (change) => setTimeout(() => hub.announce({ type: "links-changed", ...change })),
	});
	// A fresh IndexedDB per background: each test's page starts as a browser that never synced.
	const mirrors = createLinkMirrors({
		indexedDB: new IDBFactory(),
		firestore: storeDeps.firestore,
		// Auth is always ready here: the SDK reads, as a running worker's does.
		linksNow: (_owner, codes) => linkUrls(storeDeps.firestore(), codes),
		clock: Date.now,
		shortLinkBase: SHORT_LINK_BASE,
		announce: (change) => hub.announce({ type: "links-changed", ...change }),
	});
	// The page never sees Auth: the handlers only ask it who is signed in.
	const auth = { authStateReady: async () => undefined, currentUser: { uid } } as unknown as Auth;
	const real: PageHandlers = {
		session: () => ({ user: { uid, email: "reader@shorty.test", anonymous: false } }),
		...linkHandlers(
			() => auth,
			() => store,
			signOutMemory(memoryStorage()),
			() => mirrors,
		),
		...clickHandlers(
			() => auth,
			() => clicks,
		),
		...settingsHandlers(memoryStorage()),
	};
	const handlers: Partial<Handlers> = { ...real, ...overrides(real) };
	const requests: Array<{ type: string }> = [];
	const background = inProcessBackground(handlers);
	const call: BackgroundCall = (request) => {
		requests.push(request);
		return background(request);
	};
	const pageRequests = () =>
		requests.filter((request) => request.type === "listLinks" || request.type === "searchLinks");
	const clicksOf = async (code: string) => (await clicks.analytics(code, 90)).people;
	return { uid, call, hub, store, elsewhere: createLinkStore(storeDeps), clicksOf, requests, pageRequests };
}

/** Shortens `url` as the popup does: through the worker, which puts the new link in its copy at once. */
export async function shortenInPopup(background: OptionsBackground, url: string): Promise<Link> {
	const reply = await background.call({ type: "shorten", url });
	if (!reply.ok) throw new Error(`shorten failed: ${reply.error.code}`);
	return reply.data;
}
