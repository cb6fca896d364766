/**
 * The signed-in user's ID token as the worker last saw it, kept for the worker's next start: Chrome stops
 * an idle worker after 30 s (five minutes after a use, ./keepWarm.ts), and a fresh one's Auth SDK
 * reloads its user (one round trip) before Firestore gets a token. With this, a shorten's commit goes out
 * at once (./earlyShorten.ts). The refresh token is kept beside it, so a worker started after the ID token
 * expired (an hour) gets a new one itself (./tokenRefresh.ts) instead of waiting for the SDK's refresh and
 * then its reload. Both are kept in storage.session, which lives in memory only and is gone when the
 * browser closes: bearer tokens must never be written to disk by Shorty. Auth's own copy of both
 * (IndexedDB) is on disk already, and the SDK's business; this adds no copy anywhere a reader of the
 * profile could find it. After a browser start, with storage.session empty, that copy is read instead
 * (./authPersistence.ts), never written.
 */
import type { User } from "firebase/auth/web-extension";
import type { Storage } from "webextension-polyfill";
import type { RefreshedToken } from "./tokenRefresh";

export interface SavedSession {
	uid: string;
	isAnonymous: boolean;
	idToken: string;
	/** Gets the next ID token when this one has expired. */
	refreshToken: string;
	/**
	 * When the token expires, in milliseconds since the epoch: by Google's clock as the token says, or, for one
	 * the worker refreshed itself, by this computer's clock from the refresh's start, as the SDK counts it.
	 */
	expiresAt: number;
}

/**
 * A token closer to its expiry than this is not used: the commit takes time to arrive, and the server's
 * clock may run ahead of this computer's.
 */
export const TOKEN_MARGIN_MS = 5 * 60_000;

const SAVED_SESSION_KEY = "savedSession";

function isSavedSession(value: unknown): value is SavedSession {
	const { uid, isAnonymous, idToken, refreshToken, expiresAt } = (value ?? {}) as Partial<
		Record<keyof SavedSession, unknown>
	>;
	return (
		typeof uid === "string" &&
		typeof isAnonymous === "boolean" &&
		typeof idToken === "string" &&
		typeof refreshToken === "string" &&
		typeof expiresAt === "number"
	);
}

const goodAt = (saved: SavedSession, now: number) => saved.expiresAt - now >= TOKEN_MARGIN_MS;

/** Gets a new ID token for a refresh token, or null (./tokenRefresh.ts). */
export type RefreshToken = (refreshToken: string) => Promise<RefreshedToken | null>;

/** The session the Auth SDK keeps on disk, or null (./authPersistence.ts). */
export type PersistedSession = () => Promise<SavedSession | null>;

/**
 * `persisted` is read when storage.session holds nothing, as after a browser start, and only while this
 * worker has cleared nothing: a clear comes before a change of user, whose old user the SDK's copy may
 * still name.
 */
export function savedSessions(storage: Storage.StorageArea, persisted: PersistedSession = async () => null) {
	// One change at a time, in the order asked: a slow save of an old token must not land after a clear.
	let last: Promise<unknown> = Promise.resolve();
	// Counts the clears: a commit handed out with the saved token before one must not be sent after it.
	let clears = 0;
	const inOrder = <T>(change: () => Promise<T>) => {
		const next = last.then(change, change);
		last = next.catch(() => undefined);
		return next;
	};
	const read = async (): Promise<SavedSession | null> => {
		const saved: unknown = (await storage.get(SAVED_SESSION_KEY))[SAVED_SESSION_KEY];
		return isSavedSession(saved) ? saved : null;
	};
	return {
		/**
		 * Follows Auth: the user's current token, or nothing once nobody is signed in. `isCurrent` says whether
		 * `user` is still the one Auth names: a save queued behind a sign-out's clear, or waiting for its token,
		 * must not bring the signed-out user's token back.
		 */
		follow: (user: User | null, isCurrent: () => boolean) =>
			inOrder(async () => {
				if (!user) return storage.remove(SAVED_SESSION_KEY);
				if (!isCurrent()) return;
				const { token, expirationTime } = await user.getIdTokenResult();
				if (!isCurrent()) return;
				const saved: SavedSession = {
					uid: user.uid,
					isAnonymous: user.isAnonymous,
					idToken: token,
					refreshToken: user.refreshToken,
					expiresAt: Date.parse(expirationTime),
				};
				await storage.set({ [SAVED_SESSION_KEY]: saved });
			}),
		/** Before any change of user: no moment when the old user's token could act for the new one. */
		clear: () => {
			clears += 1;
			return inOrder(() => storage.remove(SAVED_SESSION_KEY));
		},
		/** Changes with every clear: what a commit handed out with the saved token compares before it is sent. */
		version: () => clears,
		/**
		 * The saved session (storage.session's, or else the SDK's copy on disk) with a token good for at least
		 * TOKEN_MARGIN_MS more at `now`: as saved, or, when its token is too close to expiry, with the one
		 * `refresh` gets, saved in storage.session for the next worker. Null when there is none, or on any
		 * doubt: the refresh failed or names another user, or the session changed while it ran (a sign-out's
		 * clear, which must not be undone).
		 */
		async usable(now: number, refresh: RefreshToken): Promise<SavedSession | null> {
			const clearsBefore = clears;
			const inSession = await read();
			const saved = inSession ?? (clearsBefore === 0 ? await persisted() : null);
			if (!saved || goodAt(saved, now)) return saved;
			const fresh = await refresh(saved.refreshToken);
			if (!fresh || fresh.uid !== saved.uid) return null;
			const renewed: SavedSession = { ...saved, ...fresh };
			if (!goodAt(renewed, now)) return null;
			const kept = await inOrder(async () => {
				const current = await read();
				// One read from the SDK's copy is still the one to renew while nothing was saved or cleared since.
				const unchanged = current
					? current.uid === saved.uid && current.idToken === saved.idToken
					: !inSession && clears === clearsBefore;
				if (!unchanged) return false;
				await storage.set({ [SAVED_SESSION_KEY]: renewed });
				return true;
			});
			return kept ? renewed : null;
		},
	};
}

export type SavedSessions = ReturnType<typeof savedSessions>;
