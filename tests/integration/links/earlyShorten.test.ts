/**
 * The first shorten of a worker Chrome has just started (background/earlyShorten.ts): its commit goes out
 * with the ID token the previous worker saved (background/savedSession.ts) while the Auth SDK's reload of
 * the user is still unanswered, or after a browser start, with the user the Auth SDK keeps in IndexedDB
 * (background/authPersistence.ts). Each worker here is the real handlers, store, mirror and Auth SDK against
 * the local backend; proxies in front of Auth and Firestore count the requests and hold Auth's `lookup`, so
 * what waited for it shows without any timing.
 */
// The Auth SDK's IndexedDB persistence opens the global indexedDB: one for the file, each browser's user
// under its own app's key.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { deleteApp, initializeApp } from "firebase/app";
import {
	connectAuthEmulator,
	createUserWithEmailAndPassword,
	initializeAuth,
	inMemoryPersistence,
	onIdTokenChanged,
	type Persistence,
} from "firebase/auth";
import { type Auth, indexedDBLocalPersistence } from "firebase/auth/web-extension";
import {
	collection,
	connectFirestoreEmulator,
	deleteDoc,
	doc,
	getDoc,
	getDocs,
	getFirestore,
	query,
	where,
} from "firebase/firestore/lite";
import { afterAll, describe, expect, inject, it, vi } from "vitest";
import type { SignOutMemory } from "../../../background/accounts";
import { persistedSession, persistedUserKey } from "../../../background/authPersistence";
import { authStart, earlyUser, SessionChanged } from "../../../background/earlyShorten";
import { earlyShortenDeps } from "../../../background/earlyShortenDeps";
import { createLinkMirrors, TRUST_HIT_FOR_MS } from "../../../background/linkMirrors";
import { linkHandlers } from "../../../background/links";
import { onDemand } from "../../../background/onDemand";
import { type SavedSession, savedSessions, TOKEN_MARGIN_MS } from "../../../background/savedSession";
import { secureTokenUrl } from "../../../background/tokenRefresh";
import { configFromEnv, localBackendEnv } from "../../../src/config";
import { createLinkStore } from "../../../src/links/store";
import type { Link } from "../../../src/links/types";
import { inProcessBackground } from "../../unit/inProcessBackground";
import { sessionArea } from "../../unit/sessionArea";
import { administrator } from "../clients";
import { emulatorIdToken } from "../emulatorToken";
import { type FaultyProxy, startFaultyProxy } from "../firestore/faultyProxy";
import { SHORT_BASE } from "./proxiedWorker";

const PROJECT = "demo-shorty";
const SAVED_SESSION_KEY = "savedSession";
/** The Secure Token API's path as the Auth emulator serves it, as the proxy names it. */
const SECURE_TOKEN = "/securetoken.googleapis.com/v1/token";
const neverSignedOut: SignOutMemory = { signedOutByUser: async () => false, remember: async () => undefined };
const admin = administrator();
const closing: Array<() => Promise<void>> = [];

afterAll(async () => {
	await Promise.all(closing.splice(0).map((close) => close()));
	await admin.close();
});

/**
 * One browser: its IndexedDB, its storage.session and Auth's saved user outlive each worker it starts,
 * as Chrome keeps them when it stops an idle worker. Auth and Firestore sit behind counting proxies. Auth
 * keeps its user in memory (one instance for the file), or, as the extension does, in IndexedDB, which
 * outlives the browser's close too.
 */
async function browser(persistence: Persistence = inMemoryPersistence) {
	const [authProxy, firestoreProxy] = await Promise.all([
		startFaultyProxy(Number(inject("backend").auth.split(":")[1])),
		startFaultyProxy(Number(inject("backend").firestore.split(":")[1])),
	]);
	closing.push(authProxy.close, firestoreProxy.close);
	const name = `early-${crypto.randomUUID()}`;
	const apiKey = "demo-key";
	const indexedDB = new IDBFactory();
	let area = sessionArea();
	let stop: () => Promise<void> = async () => undefined;

	/**
	 * A worker as background/index.ts builds it, with Firebase made on demand (`firebaseMade` says whether it
	 * was); the previous one stops first. Its mirror reads the time `mirrorAhead` ms later than now (its last
	 * sync that long ago; Firestore's rules compare the store's real one).
	 */
	async function startWorker(mirrorAhead = 0) {
		await stop();
		const followed: Array<Promise<void>> = [];
		const sessions = savedSessions(area, () => persistedSession(globalThis.indexedDB, { name, config: { apiKey } }));
		const firebase = onDemand(() => {
			const app = initializeApp({ projectId: PROJECT, apiKey }, name);
			// One persistence instance per class in the SDK: the next worker's Auth finds the user this one saved.
			const auth = initializeAuth(app, { persistence });
			connectAuthEmulator(auth, `http://127.0.0.1:${authProxy.port}`, { disableWarnings: true });
			const db = getFirestore(app);
			connectFirestoreEmulator(db, "127.0.0.1", firestoreProxy.port);
			const unsubscribe = onIdTokenChanged(auth, (user) => {
				followed.push(sessions.follow(user, () => auth.currentUser?.uid === user?.uid));
				void mirrors.signedIn(user?.uid ?? null).catch(() => undefined);
			});
			const deleteFirebase = async () => {
				unsubscribe();
				await deleteApp(app);
			};
			return { auth: auth as unknown as Auth, db, ...authStart(auth as unknown as Auth), stop: deleteFirebase };
		});
		const firestore = () => firebase().db;
		const mirrors = createLinkMirrors({
			indexedDB,
			firestore,
			linksNow: (owner, codes) => early.linksNow(owner, codes),
			clock: () => Date.now() + mirrorAhead,
			shortLinkBase: SHORT_BASE,
			announce: () => undefined,
		});
		const store = createLinkStore({
			firestore,
			random: (length) => crypto.getRandomValues(new Uint8Array(length)),
			clock: Date.now,
			shortLinkBase: SHORT_BASE,
			local: mirrors.local,
		});
		// The token URL as a build for these proxies makes it.
		const config = configFromEnv(
			localBackendEnv({
				auth: `127.0.0.1:${authProxy.port}`,
				firestore: `127.0.0.1:${firestoreProxy.port}`,
				hosting: null,
			}),
		);
		const early = earlyShortenDeps(
			firebase,
			sessions,
			{
				secureToken: { url: secureTokenUrl(config), fetch },
				firestore: { origin: `http://127.0.0.1:${firestoreProxy.port}`, projectId: PROJECT, fetch },
			},
			Date.now,
		);
		const call = inProcessBackground(
			linkHandlers(
				() => firebase().auth,
				() => store,
				neverSignedOut,
				() => mirrors,
				() => earlyUser(early),
			),
		);
		stop = async () => {
			await firebase.made()?.stop();
		};
		authProxy.methods.length = 0;
		firestoreProxy.methods.length = 0;
		const shorten = async (url: string): Promise<Link> => {
			const reply = await call({ type: "shorten", url });
			if (!reply.ok) throw new Error(`refused: ${JSON.stringify(reply.error)}`);
			return reply.data;
		};
		/** Auth's saved token is in storage.session. */
		const saved = async () => {
			await firebase().auth.authStateReady();
			await Promise.all(followed);
		};
		return {
			/** Auth, started now if no request or handler has started it yet. */
			get auth() {
				return firebase().auth;
			},
			firebaseMade: () => firebase.made() !== undefined,
			store,
			mirrors,
			sessions,
			early,
			call,
			shorten,
			saved,
		};
	}

	/** A new account, signed in, with one link and its mirror synced, in a worker that then stops. */
	async function signedUp() {
		const worker = await startWorker();
		const { user } = await createUserWithEmailAndPassword(
			worker.auth,
			`early-${crypto.randomUUID()}@shorty.test`,
			"account-password",
		);
		await worker.shorten("https://example.com/early/warm-up");
		await worker.mirrors.sync(user.uid);
		await worker.saved();
		return user.uid;
	}

	/** Changes the saved session as `change` says (an expired token, another user's). */
	async function tamper(change: (saved: SavedSession) => SavedSession | undefined): Promise<void> {
		const changed = change((await area.get(SAVED_SESSION_KEY))[SAVED_SESSION_KEY] as SavedSession);
		if (changed) await area.set({ [SAVED_SESSION_KEY]: changed });
		else await area.remove(SAVED_SESSION_KEY);
	}

	const savedSession = async () => (await area.get(SAVED_SESSION_KEY))[SAVED_SESSION_KEY] as SavedSession | undefined;

	/** The browser closes and starts again: storage.session is gone, IndexedDB stays. */
	async function restart() {
		await stop();
		stop = async () => undefined;
		area = sessionArea();
	}

	/** The user Auth keeps on disk as `change` makes it (the SDK's `toJSON`), or none. */
	async function tamperOnDisk(change: (user: Record<string, unknown>) => Record<string, unknown> | undefined) {
		const key = persistedUserKey({ name, config: { apiKey } });
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			const request = globalThis.indexedDB.open("firebaseLocalStorageDb");
			request.onsuccess = () => resolve(request.result);
			request.onerror = () => reject(request.error);
		});
		const store = db.transaction("firebaseLocalStorage", "readwrite").objectStore("firebaseLocalStorage");
		const read = store.get(key);
		await new Promise((resolve) => {
			read.onsuccess = resolve;
		});
		const changed = change((read.result as { value: Record<string, unknown> }).value);
		if (changed) store.put({ fbase_key: key, value: changed });
		else store.delete(key);
		await new Promise((resolve) => {
			store.transaction.oncomplete = resolve;
		});
		db.close();
	}

	return { authProxy, firestoreProxy, startWorker, signedUp, tamper, savedSession, restart, tamperOnDisk };
}

/**
 * Holds Auth's next `lookup` at the proxy; `reached` once it is held, `answered` once it has been let
 * through and answered.
 */
function holdLookup(proxy: FaultyProxy) {
	let answered = false;
	const caught = proxy.catchNext((path) => path.endsWith(":lookup"));
	return {
		reached: caught.then(() => undefined),
		answered: () => answered,
		async release() {
			await (await caught).pass();
			answered = true;
		},
	};
}

/**
 * A shorten in a new worker whose early path gave up: its commit must go out only once Auth's `lookup` has
 * been answered (held until then), and be the only Firestore request.
 */
async function shortenOnceAuthStarted(here: Awaited<ReturnType<typeof browser>>) {
	const lookup = holdLookup(here.authProxy);
	const worker = await here.startWorker();
	const commit = here.firestoreProxy.catchNext((path) => path.endsWith(":commit"));
	const shortening = worker.shorten("https://example.com/early/fallback");
	await lookup.release();
	const caught = await commit;
	expect(lookup.answered()).toBe(true);
	await caught.pass();
	const link = await shortening;
	expect(here.firestoreProxy.methods).toEqual(["commit"]);
	return { link, worker };
}

/**
 * A new address shortened in a new worker while Auth's `lookup` is held: its link comes back after one
 * commit, made for `uid`; once Auth names the same user it joins the mirror, so the next shorten of it
 * sends nothing.
 */
async function shortenBeforeAuthStarted(here: Awaited<ReturnType<typeof browser>>, uid: string, url: string) {
	const lookup = holdLookup(here.authProxy);
	const worker = await here.startWorker();

	const link = await worker.shorten(url);

	expect(lookup.answered()).toBe(false);
	expect(here.firestoreProxy.methods).toEqual(["commit"]);
	await lookup.release();
	expect(await ownerOf(link.code)).toBe(uid);
	expect(await linksTo(uid, link.url, worker.store)).toHaveLength(1);
	await worker.mirrors.sync(uid);
	here.firestoreProxy.methods.length = 0;
	expect((await worker.shorten(url)).code).toBe(link.code);
	expect(here.firestoreProxy.methods).toEqual([]);
	return link;
}

/**
 * The address `uid` shortened first (the warm-up), shortened again in a worker just started: the mirror
 * answers it with no request and no Firebase made.
 */
async function repeatedWithNothingSent(here: Awaited<ReturnType<typeof browser>>, uid: string) {
	const worker = await here.startWorker();
	const link = await worker.shorten("https://example.com/early/warm-up");
	expect(worker.firebaseMade()).toBe(false);
	expect(here.authProxy.methods).toEqual([]);
	expect(here.firestoreProxy.methods).toEqual([]);
	expect(await ownerOf(link.code)).toBe(uid);
	return { worker, link };
}

/** Another account, made straight at the Auth emulator: its uid and refresh token. */
async function anonymousAccount(): Promise<{ uid: string | null; refreshToken: string }> {
	const response = await fetch(
		`http://${inject("backend").auth}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`,
		{
			method: "POST",
			headers: { "content-type": "application/json" },
			body: JSON.stringify({ returnSecureToken: true }),
		},
	);
	const { localId, refreshToken } = (await response.json()) as { localId: string; refreshToken: string };
	return { uid: localId, refreshToken };
}

/** The user an ID token names. */
function uidOf(idToken: string): unknown {
	return JSON.parse(Buffer.from(idToken.split(".")[1] ?? "", "base64url").toString("utf8")).user_id;
}

/** The owner's links to `url`, as the server holds them. */
async function linksTo(
	owner: string,
	url: string,
	store: { listPage: ReturnType<typeof createLinkStore>["listPage"] },
) {
	const { links } = await store.listPage(owner, { pageSize: 100 });
	return links.filter((link) => link.url === url);
}

/** The codes of `owner`'s links, as Firestore holds them. */
async function linksOf(owner: string): Promise<string[]> {
	return (await getDocs(query(collection(admin.db, "links"), where("owner", "==", owner)))).docs.map((link) => link.id);
}

async function ownerOf(code: string): Promise<unknown> {
	return (await getDoc(doc(admin.db, "links", code))).data()?.owner;
}

describe("a worker that just started, with the token the last one saved", () => {
	it("returns a new address's link after its one commit, while Auth's reload is still unanswered", async () => {
		const here = await browser();
		const uid = await here.signedUp();
		const link = await shortenBeforeAuthStarted(here, uid, "https://example.com/early/new");

		// The REST commit's transforms, as the SDK's would: the server's times, and one more in the quota.
		const stored = (await getDoc(doc(admin.db, "links", link.code))).data();
		expect(stored?.createdAt).toEqual(stored?.updatedAt);
		expect((await getDoc(doc(admin.db, "quotas", uid))).data()).toMatchObject({ created: 2, lastCode: link.code });
	});

	it("answers an address shortened before with no request and no Firebase, made once the reply has left", async () => {
		const here = await browser();
		const uid = await here.signedUp();
		const { worker, link } = await repeatedWithNothingSent(here, uid);
		// Then Auth starts, to say whether the link may stay in the mirror: it names the same user, so the
		// mirror still answers the address.
		await vi.waitFor(() => expect(here.authProxy.methods).toContain("lookup"));
		await worker.saved();
		expect((await worker.shorten("https://example.com/early/warm-up")).code).toBe(link.code);
		expect(here.firestoreProxy.methods).toEqual([]);
	});

	it("checks a link its copy synced long ago with one read and the saved token, while Auth's reload is unanswered", async () => {
		const here = await browser();
		const uid = await here.signedUp();
		const [warmUp] = await linksOf(uid);
		const lookup = holdLookup(here.authProxy);
		const worker = await here.startWorker(TRUST_HIT_FOR_MS);

		const link = await worker.shorten("https://example.com/early/warm-up");

		expect(link.code).toBe(warmUp);
		expect(lookup.answered()).toBe(false);
		expect(here.firestoreProxy.methods).toEqual(["batchGet"]);
		await lookup.release();
	});

	it("checks a link its copy synced long ago through the SDK once Auth has started: one read, the sync after", async () => {
		const here = await browser();
		const uid = await here.signedUp();
		const [warmUp] = await linksOf(uid);
		const worker = await here.startWorker(TRUST_HIT_FOR_MS);
		await worker.saved();

		const link = await worker.shorten("https://example.com/early/warm-up");

		expect(link.code).toBe(warmUp);
		expect(here.firestoreProxy.methods[0]).toBe("batchGet");
		await vi.waitFor(() =>
			expect(here.firestoreProxy.methods).toEqual(["batchGet", "runQuery", "runQuery", "runQuery"]),
		);
	});

	// Read with another user's token, a copy's links would read as gone (the rules refuse them) and be dropped.
	it("checks a copy's links only with its owner's session: for anyone else, it reads nothing", async () => {
		const here = await browser();
		const uid = await here.signedUp();
		const [warmUp = ""] = await linksOf(uid);
		const lookup = holdLookup(here.authProxy);
		const worker = await here.startWorker(TRUST_HIT_FOR_MS);

		// Before Auth has started, the saved session is the only one: someone else's copy is not checked.
		expect(await worker.early.linksNow("someone-else", [warmUp])).toBeNull();
		expect(await worker.early.linksNow(uid, [warmUp])).toEqual(
			new Map([[warmUp, "https://example.com/early/warm-up"]]),
		);
		expect(here.firestoreProxy.methods).toEqual(["batchGet"]);
		await lookup.release();

		// Once it has, the user Auth names is.
		await worker.saved();
		here.firestoreProxy.methods.length = 0;
		expect(await worker.early.linksNow("someone-else", [warmUp])).toBeNull();
		expect(here.firestoreProxy.methods).not.toContain("batchGet");
	});

	it("hands out no link deleted in another browser since its copy synced: the read finds it gone, a new one is made", async () => {
		const here = await browser();
		const uid = await here.signedUp();
		const [deleted = ""] = await linksOf(uid);
		await Promise.all([deleteDoc(doc(admin.db, "links", deleted)), deleteDoc(doc(admin.db, "targets", deleted))]);
		const lookup = holdLookup(here.authProxy);
		const worker = await here.startWorker(TRUST_HIT_FOR_MS);

		const link = await worker.shorten("https://example.com/early/warm-up");

		expect(link.code).not.toBe(deleted);
		expect(lookup.answered()).toBe(false);
		// The read, then the new link's commit, both with the saved token; the sync waits for Auth.
		expect(here.firestoreProxy.methods).toEqual(["batchGet", "commit"]);
		await lookup.release();
		expect(await linksOf(uid)).toEqual([link.code]);
	});

	it("makes one link when the commit's answer is lost: sent again, refused as a write over it, found as its own", async () => {
		const here = await browser();
		const uid = await here.signedUp();
		const worker = await here.startWorker();
		const lost = here.firestoreProxy.catchNext((path) => path.endsWith(":commit"));
		const shortening = worker.shorten("https://example.com/early/lost");
		await (await lost).loseAnswer();
		const link = await shortening;

		expect(await linksTo(uid, link.url, worker.store)).toEqual([expect.objectContaining({ code: link.code })]);
		expect(await ownerOf(link.code)).toBe(uid);
	});

	it("a retry after the worker died between the REST commit and saving the link returns the link the first made", async () => {
		const here = await browser();
		const uid = await here.signedUp();
		const lookup = holdLookup(here.authProxy);
		const dying = await here.startWorker();
		// The commit lands, and the worker dies before the link reaches its mirror: the store alone.
		const user = await earlyUser(dying.early);
		if (!user) throw new Error("the saved session was not used");
		const made = await dying.store.shorten(uid, { url: "https://example.com/early/died" }, user.commit);
		expect(lookup.answered()).toBe(false);
		expect(here.firestoreProxy.methods).toEqual(["commit"]);
		await lookup.release();

		const restarted = await here.startWorker();
		const retried = await restarted.shorten("https://example.com/early/died");
		expect(retried.code).toBe(made.code);
		expect(await linksTo(uid, made.url, restarted.store)).toHaveLength(1);
	});

	it("still makes the link of an account deleted elsewhere while its token lasts, and keeps nothing of it on disk", async () => {
		const here = await browser();
		const uid = await here.signedUp();
		// Deleted from another browser (here through the Auth emulator's API): this one's storage.session
		// still holds the token, and its mirror the links.
		const deleted = await fetch(
			`http://${inject("backend").auth}/identitytoolkit.googleapis.com/v1/accounts:delete?key=demo-key`,
			{
				method: "POST",
				headers: { "content-type": "application/json" },
				body: JSON.stringify({ idToken: (await here.savedSession())?.idToken }),
			},
		);
		expect(deleted.ok).toBe(true);
		// The commit goes out before Auth has heard that the account is gone, as a live worker's would.
		const lookup = holdLookup(here.authProxy);
		const worker = await here.startWorker();

		const link = await worker.shorten("https://example.com/early/deleted");

		expect(await ownerOf(link.code)).toBe(uid);
		await lookup.release();
		await worker.auth.authStateReady();
		expect(worker.auth.currentUser).toBeNull();
		expect(await worker.call({ type: "recentLinks", count: 5 })).toMatchObject({ ok: false });
		await worker.saved();
		expect(await here.savedSession()).toBeUndefined();
	});
});

describe("a commit handed out with the saved token, once the session is no longer the saved one", () => {
	it("goes through Auth when Auth has started meanwhile: a deleted account's token makes nothing", async () => {
		const here = await browser();
		const uid = await here.signedUp();
		const idToken = (await here.savedSession())?.idToken;
		const deleted = await fetch(
			`http://${inject("backend").auth}/identitytoolkit.googleapis.com/v1/accounts:delete?key=demo-key`,
			{ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ idToken }) },
		);
		expect(deleted.ok).toBe(true);
		const lookup = holdLookup(here.authProxy);
		const worker = await here.startWorker();
		const user = await earlyUser(worker.early);
		expect(user?.uid).toBe(uid);
		// A handler asks Auth meanwhile, which starts it.
		const { auth } = worker;
		await lookup.release();
		await auth.authStateReady();

		// An alias: no read comes before its commit, so the commit itself must not use the saved token.
		const alias = `too-late-${crypto.randomUUID().slice(0, 8)}`;
		const shortening = worker.store.shorten(uid, { url: "https://example.com/early/too-late", alias }, user?.commit);

		await expect(shortening).rejects.toBeInstanceOf(SessionChanged);
		expect(here.firestoreProxy.methods).not.toContain("commit");
	});

	it("goes through Auth when a sign-in, sign-up or sign-out cleared the saved session meanwhile", async () => {
		const here = await browser();
		const uid = await here.signedUp();
		const lookup = holdLookup(here.authProxy);
		const worker = await here.startWorker();
		const user = await earlyUser(worker.early);
		expect(user?.uid).toBe(uid);
		await worker.sessions.clear();
		// Whether Auth had started when the commit reached Firestore: the saved token would not wait for it.
		const commit = here.firestoreProxy
			.catchNext((path) => path.endsWith(":commit"))
			.then((caught) => ({ caught, authStarted: worker.early.authStarted() }));

		const shortening = worker.store.shorten(uid, { url: "https://example.com/early/cleared" }, user?.commit);
		await lookup.release();
		const { caught, authStarted } = await commit;
		await caught.pass();

		expect(authStarted).toBe(true);
		expect(await ownerOf((await shortening).code)).toBe(uid);
	});
});

describe("a worker started after a long idle, when the saved ID token is too old", () => {
	it.each([
		["expired", () => Date.now() - 60_000],
		["about to expire", () => Date.now() + 60_000],
	])(
		"%s: gets a new one with the saved refresh token and commits with it, while Auth's reload is still unanswered",
		async (_, expiresAt) => {
			const here = await browser();
			const uid = await here.signedUp();
			// A token the server refuses: one commit shows the new token went out, not this one.
			await here.tamper((saved) => ({ ...saved, idToken: "expired-token", expiresAt: expiresAt() }));
			const lookup = holdLookup(here.authProxy);
			const worker = await here.startWorker();

			const link = await worker.shorten("https://example.com/early/long-idle");

			expect(lookup.answered()).toBe(false);
			expect(here.authProxy.methods.filter((method) => method !== "lookup")).toEqual([SECURE_TOKEN]);
			expect(here.firestoreProxy.methods).toEqual(["commit"]);
			// Saved for the next worker (Auth has not started, so this is the worker's own save, not Auth's).
			const saved = await here.savedSession();
			expect(saved?.idToken).not.toBe("expired-token");
			expect(saved && uidOf(saved.idToken)).toBe(uid);
			expect((saved?.expiresAt ?? 0) - Date.now()).toBeGreaterThan(TOKEN_MARGIN_MS);
			await lookup.release();
			expect(await ownerOf(link.code)).toBe(uid);
			expect(await linksTo(uid, link.url, worker.store)).toHaveLength(1);
		},
	);
});

describe("a worker that just started falls back to Auth", () => {
	it("without a saved token: the commit goes out once Auth has reloaded the user", async () => {
		const here = await browser();
		const uid = await here.signedUp();
		await here.tamper(() => undefined);
		const { link } = await shortenOnceAuthStarted(here);

		expect(here.authProxy.methods).toEqual(["lookup"]);
		expect(await ownerOf(link.code)).toBe(uid);
	});

	it.each([
		["refuses the saved refresh token", async () => ({ uid: null, refreshToken: "not-a-refresh-token" })],
		["answers for another user", anonymousAccount],
	])(
		"after a long idle, when the Secure Token API %s: the commit goes out once Auth has reloaded the user, one link",
		async (_, account) => {
			const here = await browser();
			const uid = await here.signedUp();
			const other = await account();
			await here.tamper((saved) => ({
				...saved,
				idToken: "expired-token",
				refreshToken: other.refreshToken,
				expiresAt: 0,
			}));
			const { link, worker } = await shortenOnceAuthStarted(here);

			expect(here.authProxy.methods).toEqual([SECURE_TOKEN, "lookup"]);
			expect(await ownerOf(link.code)).toBe(uid);
			expect(await linksTo(uid, link.url, worker.store)).toHaveLength(1);
			// No other user's token was saved in the session's place.
			expect((await here.savedSession())?.uid).toBe(uid);
			if (other.uid) {
				expect(await linksOf(other.uid)).toHaveLength(0);
			}
		},
	);

	it.each([
		["another user's token", () => emulatorIdToken(`someone-${crypto.randomUUID()}`)],
		["a token the server cannot read", () => "not-a-token"],
	])("refused with %s, sends the commit again through the SDK and makes exactly one link", async (_, token) => {
		const here = await browser();
		const uid = await here.signedUp();
		await here.tamper((saved) => ({ ...saved, idToken: token() }));
		// Auth starts only once the saved token's commit has been refused: that one goes out before it.
		const lookup = holdLookup(here.authProxy);
		const worker = await here.startWorker();
		const first = here.firestoreProxy.catchNext((path) => path.endsWith(":commit"));

		const shortening = worker.shorten("https://example.com/early/refused");
		await (await first).pass();
		await lookup.release();
		const link = await shortening;

		expect(here.firestoreProxy.methods).toEqual(["commit", "commit"]);
		expect(await ownerOf(link.code)).toBe(uid);
		expect(await linksTo(uid, link.url, worker.store)).toHaveLength(1);
	});

	it("refused with a saved session of someone Auth does not name, starts over for the user Auth names", async () => {
		const here = await browser();
		const uid = await here.signedUp();
		const stranger = `someone-${crypto.randomUUID()}`;
		await here.tamper((saved) => ({ ...saved, uid: stranger, idToken: "not-a-token" }));
		const worker = await here.startWorker();

		const link = await worker.shorten("https://example.com/early/stranger");

		expect(await ownerOf(link.code)).toBe(uid);
		expect(await linksTo(uid, link.url, worker.store)).toHaveLength(1);
		expect(await linksOf(stranger)).toHaveLength(0);
	});
});

describe("the first shorten after a browser start, with the user the Auth SDK keeps on disk", () => {
	/** A browser whose signed-in user's worker made a link, closed and started again. */
	async function restartedBrowser() {
		const here = await browser(indexedDBLocalPersistence);
		const uid = await here.signedUp();
		await here.restart();
		expect(await here.savedSession()).toBeUndefined();
		return { here, uid };
	}

	it("returns a new address's link after its one commit, while Auth's reload is still unanswered", async () => {
		const { here, uid } = await restartedBrowser();
		await shortenBeforeAuthStarted(here, uid, "https://example.com/browser-start/new");
	});

	it("answers an address shortened before the browser closed with no request and no Firebase", async () => {
		const { here, uid } = await restartedBrowser();
		await repeatedWithNothingSent(here, uid);
	});

	it("with the token expired (closed over an hour): refreshes it beside the SDK's own refresh, then commits", async () => {
		const { here, uid } = await restartedBrowser();
		await here.tamperOnDisk((user) => ({
			...user,
			stsTokenManager: {
				...(user.stsTokenManager as object),
				accessToken: "expired-token",
				expirationTime: Date.now() - 60_000,
			},
		}));
		const lookup = holdLookup(here.authProxy);
		const worker = await here.startWorker();

		const link = await worker.shorten("https://example.com/browser-start/long-closed");
		// The SDK's lookup follows its own refresh: once it is held, both refreshes have been sent.
		await lookup.reached;

		expect(lookup.answered()).toBe(false);
		expect(here.authProxy.methods.filter((method) => method !== "lookup")).toEqual([SECURE_TOKEN, SECURE_TOKEN]);
		expect(here.firestoreProxy.methods).toEqual(["commit"]);
		await lookup.release();
		expect(await ownerOf(link.code)).toBe(uid);
		expect(await linksTo(uid, link.url, worker.store)).toHaveLength(1);
	});

	it("with an entry this does not read (no ID token, which the SDK fetches itself): waits for Auth, one link", async () => {
		const { here, uid } = await restartedBrowser();
		await here.tamperOnDisk((user) => ({
			...user,
			stsTokenManager: { ...(user.stsTokenManager as object), accessToken: null },
		}));
		const { link, worker } = await shortenOnceAuthStarted(here);

		expect(await ownerOf(link.code)).toBe(uid);
		expect(await linksTo(uid, link.url, worker.store)).toHaveLength(1);
	});

	it("with no user on disk: waits for Auth, whose new anonymous user gets the one link", async () => {
		const { here, uid } = await restartedBrowser();
		await here.tamperOnDisk(() => undefined);
		const { link, worker } = await shortenOnceAuthStarted(here);

		const owner = worker.auth.currentUser?.uid;
		expect(owner).not.toBe(uid);
		expect(await ownerOf(link.code)).toBe(owner);
		expect(await linksTo(owner ?? "", link.url, worker.store)).toHaveLength(1);
		// The signed-in user's only link is still the one made before the browser closed.
		expect(await linksOf(uid)).toHaveLength(1);
	});

	it("with someone on disk whom Auth, once started, does not name: starts over for the user Auth names", async () => {
		const { here, uid } = await restartedBrowser();
		const stranger = `someone-${crypto.randomUUID()}`;
		// The user's own tokens under another uid: the SDK's reload names whom the token names.
		await here.tamperOnDisk((user) => ({ ...user, uid: stranger }));
		const worker = await here.startWorker();

		const link = await worker.shorten("https://example.com/browser-start/stranger");

		expect(await ownerOf(link.code)).toBe(uid);
		expect(worker.auth.currentUser?.uid).toBe(uid);
		expect(await linksTo(uid, link.url, worker.store)).toHaveLength(1);
		expect(await linksOf(stranger)).toHaveLength(0);
	});
});
