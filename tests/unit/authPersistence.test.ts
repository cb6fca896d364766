// @vitest-environment node
import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import {
	type PersistingAuth,
	persistedSession,
	persistedUserKey,
	sessionFromPersistedUser,
} from "../../background/authPersistence";

const auth: PersistingAuth = { name: "[DEFAULT]", config: { apiKey: "api-key" } };
const KEY = "firebase:authUser:api-key:[DEFAULT]";

/** A signed-in user's entry as the SDK stores it: `{ fbase_key, value: UserImpl.toJSON() }`. */
function entry(tokens: Record<string, unknown> = {}, user: Record<string, unknown> = {}) {
	return {
		fbase_key: KEY,
		value: {
			uid: "user-a",
			email: "a@shorty.test",
			emailVerified: false,
			isAnonymous: false,
			providerData: [],
			stsTokenManager: { refreshToken: "refresh-a", accessToken: "id-a", expirationTime: 1_800_000_000_000, ...tokens },
			createdAt: "1795000000000",
			lastLoginAt: "1795000000000",
			apiKey: "api-key",
			appName: "[DEFAULT]",
			...user,
		},
	};
}

/** The SDK's database as its IndexedDB persistence creates it, holding `entries`. */
async function sdkDatabase(entries: unknown[], version = 1): Promise<IDBFactory> {
	const indexedDB = new IDBFactory();
	const db = await new Promise<IDBDatabase>((resolve, reject) => {
		const request = indexedDB.open("firebaseLocalStorageDb", version);
		request.onupgradeneeded = () => request.result.createObjectStore("firebaseLocalStorage", { keyPath: "fbase_key" });
		request.onsuccess = () => resolve(request.result);
		request.onerror = () => reject(request.error);
	});
	const store = db.transaction("firebaseLocalStorage", "readwrite").objectStore("firebaseLocalStorage");
	for (const item of entries) store.put(item);
	await new Promise((resolve) => {
		store.transaction.oncomplete = resolve;
	});
	db.close();
	return indexedDB;
}

/** Everything the SDK's database holds, with its version. */
async function contents(indexedDB: IDBFactory) {
	const db = await new Promise<IDBDatabase>((resolve) => {
		const request = indexedDB.open("firebaseLocalStorageDb");
		request.onsuccess = () => resolve(request.result);
	});
	const all = db.transaction("firebaseLocalStorage").objectStore("firebaseLocalStorage").getAll();
	const entries = await new Promise((resolve) => {
		all.onsuccess = () => resolve(all.result);
	});
	db.close();
	return { version: db.version, entries };
}

describe("the Auth SDK's persisted user", () => {
	it("is the key the SDK names for the worker's Auth", () => {
		expect(persistedUserKey(auth)).toBe(KEY);
	});

	it("reads as the saved session of its uid, ID token, refresh token and expiry", () => {
		expect(sessionFromPersistedUser(entry(), KEY)).toEqual({
			uid: "user-a",
			isAnonymous: false,
			idToken: "id-a",
			refreshToken: "refresh-a",
			expiresAt: 1_800_000_000_000,
		});
		expect(sessionFromPersistedUser(entry({}, { isAnonymous: true, email: undefined }), KEY)?.isAnonymous).toBe(true);
	});

	it.each([
		["nothing", undefined],
		["no value", { fbase_key: KEY }],
		["another key's entry", { ...entry(), fbase_key: "firebase:authUser:api-key:other-app" }],
		["no uid", entry({}, { uid: undefined })],
		["an empty uid", entry({}, { uid: "" })],
		["a uid that is no string", entry({}, { uid: 42 })],
		["isAnonymous that is no boolean", entry({}, { isAnonymous: "false" })],
		["no token manager", entry({}, { stsTokenManager: undefined })],
		[
			"a token manager under another name",
			{ ...entry(), value: { ...entry().value, stsTokenManager: undefined, tokens: {} } },
		],
		["no ID token (the SDK fetches one)", entry({ accessToken: null })],
		["no refresh token (a deleted user's)", entry({ refreshToken: null })],
		["an ID token that is no string", entry({ accessToken: 7 })],
		["no expiry", entry({ expirationTime: null })],
		["an expiry as text", entry({ expirationTime: "1800000000000" })],
		["an expiry that is no finite number", entry({ expirationTime: Number.POSITIVE_INFINITY })],
	])("is no saved session with %s", (_, stored) => {
		expect(sessionFromPersistedUser(stored, KEY)).toBeNull();
	});

	it("is read from the SDK's database, which it leaves as it was", async () => {
		const other = { ...entry(), fbase_key: "firebase:authUser:api-key:other-app" };
		const indexedDB = await sdkDatabase([entry(), other]);
		const before = await contents(indexedDB);

		expect((await persistedSession(indexedDB, auth))?.idToken).toBe("id-a");
		expect(await contents(indexedDB)).toEqual(before);
		expect(await indexedDB.databases()).toEqual([{ name: "firebaseLocalStorageDb", version: 1 }]);
	});

	it("is none, and creates no database, before the SDK has made its own", async () => {
		const indexedDB = new IDBFactory();
		expect(await persistedSession(indexedDB, auth)).toBeNull();
		expect(await indexedDB.databases()).toEqual([]);
	});

	it("is none in a database of a version this was not written for, or with no entry for this Auth", async () => {
		expect(await persistedSession(await sdkDatabase([entry()], 2), auth)).toBeNull();
		expect(await persistedSession(await sdkDatabase([]), auth)).toBeNull();
	});
});
