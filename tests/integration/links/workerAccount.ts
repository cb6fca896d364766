/**
 * An account's worker as the integration tests run it: the real link handlers (background/links.ts), link
 * store, mirror and search index, with the real SDK against the local backend and fake-indexeddb for the
 * worker's IndexedDB; and the same account's link store in another browser.
 */
import { IDBFactory } from "fake-indexeddb";
import { getAuth } from "firebase/auth";
import type { Auth } from "firebase/auth/web-extension";
import { afterAll, inject } from "vitest";
import type { SignOutMemory } from "../../../background/accounts";
import { createLinkMirrors, type LinkMirrors } from "../../../background/linkMirrors";
import { linkHandlers } from "../../../background/links";
import { createLinkStore } from "../../../src/links/store";
import type { LinkStoreDeps } from "../../../src/links/store/deps";
import { linkUrls } from "../../../src/links/store/read";
import type { LinksChange } from "../../../src/links/types";
import { inProcessBackground } from "../../unit/inProcessBackground";
import { type Client, newAccount, signedInElsewhere } from "../clients";
import { type FaultyProxy, startFaultyProxy } from "../firestore/faultyProxy";

const SHORT_BASE = "http://127.0.0.1:5000/";
const opened: Client[] = [];
const proxies: FaultyProxy[] = [];

afterAll(async () => {
	await Promise.all(opened.map((client) => client.close()));
	await Promise.all(proxies.map((proxy) => proxy.close()));
});

/** Nobody in these tests signs out through the handlers: a signed-in user is never asked about it. */
const neverSignedOut: SignOutMemory = { signedOutByUser: async () => false, remember: async () => undefined };

/**
 * A new account's worker, and the same account in another browser (`elsewhere`). `proxied`: the worker's
 * Firestore requests go through a proxy that can lose an answer (`proxy`).
 */
export async function accountWithWorker({ proxied = false } = {}) {
	const account = await newAccount();
	const there = await signedInElsewhere(account.email);
	const proxy = proxied ? await startFaultyProxy(Number(inject("backend").firestore.split(":")[1])) : null;
	if (proxy) proxies.push(proxy);
	const here = proxy ? await signedInElsewhere(account.email, `127.0.0.1:${proxy.port}`) : account;
	opened.push(...new Set([account, there, here]));
	const storeOn = (client: Client, worker?: Pick<LinkStoreDeps, "onChange" | "local">) =>
		createLinkStore({
			firestore: () => client.db,
			random: (length) => crypto.getRandomValues(new Uint8Array(length)),
			clock: Date.now,
			shortLinkBase: SHORT_BASE,
			...worker,
		});
	/** What the worker's syncs announced to open pages. */
	const announced: LinksChange[] = [];
	/** What the worker's own writes announced, as the store tells them. */
	const written: LinksChange[] = [];
	const indexedDB = new IDBFactory();
	const auth = getAuth(here.db.app) as unknown as Auth;
	/** The worker, as background/index.ts makes it: started again, it finds the first one's IndexedDB. */
	const startWorker = () => {
		const mirrors: LinkMirrors = createLinkMirrors({
			indexedDB,
			firestore: () => here.db,
			// Auth is always ready here: the SDK reads, as a running worker's does.
			linksNow: (_owner, codes) => linkUrls(here.db, codes),
			clock: Date.now,
			shortLinkBase: SHORT_BASE,
			announce: (change) => announced.push(change),
		});
		// Its same-address lookup asks the mirror first.
		const store = storeOn(here, { onChange: (change) => written.push(change), local: mirrors.local });
		const call = inProcessBackground(
			linkHandlers(
				() => auth,
				() => store,
				neverSignedOut,
				() => mirrors,
			),
		);
		return { mirrors, call };
	};
	const data = async <T>(reply: Promise<{ ok: true; data: T } | { ok: false; error: unknown }>): Promise<T> => {
		const answer = await reply;
		if (!answer.ok) throw new Error(`refused: ${JSON.stringify(answer.error)}`);
		return answer.data;
	};
	return {
		uid: here.uid,
		db: here.db,
		...startWorker(),
		/** The worker started again (Chrome stopped it), with the same disk. */
		restart: startWorker,
		data,
		elsewhere: storeOn(there),
		indexedDB,
		announced,
		written,
		proxy,
	};
}

export type WorkerAccount = Awaited<ReturnType<typeof accountWithWorker>>;
