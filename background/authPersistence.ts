/**
 * The Auth SDK's persisted user, as a SavedSession, or null: what a worker's first shorten after a browser
 * start uses (./earlyShorten.ts), when storage.session, memory only, has been emptied by the browser's close.
 * Shorty writes no bearer token to disk; the SDK's indexedDBLocalPersistence (src/firebase.ts) keeps the
 * signed-in user there already, ID and refresh token included, and reading that copy adds none. Read-only:
 * nothing is ever written to the SDK's database, and a database that does not exist is not created.
 *
 * The names and the entry's shape are the SDK's own (read in @firebase/auth 1.13: `_persistenceKeyName`,
 * the IndexedDB persistence's DB_NAME, DB_OBJECTSTORE_NAME, DB_DATA_KEYPATH, `UserImpl.toJSON`,
 * `StsTokenManager.toJSON`). They are no public interface: anything that does not match exactly is no
 * saved session, and the shorten waits for the SDK as before, so a format the SDK changes costs speed,
 * never correctness.
 */
import type { Auth } from "firebase/auth/web-extension";
import type { SavedSession } from "./savedSession";

/** The Auth whose user is read, or its app's name and API key alone, which name the entry. */
export interface PersistingAuth {
	name: string;
	config: Pick<Auth["config"], "apiKey">;
}

const DB_NAME = "firebaseLocalStorageDb";
/** The SDK's version of its database: a later one is a format this may not read. */
const DB_VERSION = 1;
const STORE_NAME = "firebaseLocalStorage";

/** Where the SDK keeps `auth`'s user (its `_persistenceKeyName`). */
export function persistedUserKey(auth: PersistingAuth): string {
	return `firebase:authUser:${auth.config.apiKey}:${auth.name}`;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const isText = (value: unknown): value is string => typeof value === "string" && value !== "";

/**
 * The entry the SDK stored under `key` (`{ fbase_key, value }`, `value` its `UserImpl.toJSON()`) as a
 * SavedSession, or null for anything else: a missing field, a wrong type, another key.
 */
export function sessionFromPersistedUser(entry: unknown, key: string): SavedSession | null {
	if (!isObject(entry) || entry.fbase_key !== key || !isObject(entry.value)) return null;
	const { uid, isAnonymous, stsTokenManager: tokens } = entry.value;
	if (!isText(uid) || typeof isAnonymous !== "boolean" || !isObject(tokens)) return null;
	const { accessToken, refreshToken, expirationTime } = tokens;
	if (!isText(accessToken) || !isText(refreshToken)) return null;
	// By this computer's clock, from when the SDK got the token: the SavedSession's own measure.
	if (typeof expirationTime !== "number" || !Number.isFinite(expirationTime)) return null;
	return { uid, isAnonymous, idToken: accessToken, refreshToken, expiresAt: expirationTime };
}

/** Opens the SDK's database as it is, or null: one that does not exist yet stays so. */
function openExisting(indexedDB: IDBFactory): Promise<IDBDatabase | null> {
	return new Promise((resolve) => {
		let given = false;
		const give = (db: IDBDatabase | null) => {
			given = true;
			resolve(db);
		};
		const request = indexedDB.open(DB_NAME, DB_VERSION);
		// Creating it (or upgrading another version) would be a write: aborting leaves the database as it was.
		request.onupgradeneeded = () => request.transaction?.abort();
		// A shorten must not wait on another connection: blocked means no saved session, now.
		request.onblocked = () => give(null);
		request.onsuccess = () => (given ? request.result.close() : give(request.result));
		request.onerror = () => give(null);
	});
}

function readEntry(db: IDBDatabase, key: string): Promise<unknown> {
	return new Promise((resolve) => {
		if (!db.objectStoreNames.contains(STORE_NAME)) return resolve(null);
		const request = db.transaction(STORE_NAME, "readonly").objectStore(STORE_NAME).get(key);
		request.onsuccess = () => resolve(request.result);
		request.onerror = () => resolve(null);
	});
}

/** The user the SDK persisted for `auth` in `indexedDB`, as a SavedSession, or null on any doubt. */
export async function persistedSession(indexedDB: IDBFactory, auth: PersistingAuth): Promise<SavedSession | null> {
	const key = persistedUserKey(auth);
	try {
		const db = await openExisting(indexedDB);
		if (!db) return null;
		try {
			return sessionFromPersistedUser(await readEntry(db, key), key);
		} finally {
			// Held open, this connection would block the SDK's own delete-and-recreate of a broken database.
			db.close();
		}
	} catch {
		return null;
	}
}
