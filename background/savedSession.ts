/**
 * The signed-in user's ID token as the worker last saw it, kept for the worker's next start: Chrome stops
 * an idle worker after 30 s, and a fresh one's Auth SDK reloads its user (one round trip) before Firestore
 * gets a token. With this, a shorten's commit goes out at once (./earlyShorten.ts). Kept in
 * storage.session, which lives in memory only and is gone when the browser closes: a bearer token must
 * never be written to disk, where Auth's own copy (IndexedDB) is the SDK's business.
 */
import type { User } from "firebase/auth/web-extension";
import type { Storage } from "webextension-polyfill";

export interface SavedSession {
	uid: string;
	isAnonymous: boolean;
	idToken: string;
	/** When the token expires, in milliseconds since the epoch (by Google's clock, as the token says). */
	expiresAt: number;
}

/**
 * A token closer to its expiry than this is not used: the commit takes time to arrive, and the server's
 * clock may run ahead of this computer's.
 */
export const TOKEN_MARGIN_MS = 5 * 60_000;

const SAVED_SESSION_KEY = "savedSession";

function isSavedSession(value: unknown): value is SavedSession {
	const { uid, isAnonymous, idToken, expiresAt } = (value ?? {}) as Partial<Record<keyof SavedSession, unknown>>;
	return (
		typeof uid === "string" &&
		typeof isAnonymous === "boolean" &&
		typeof idToken === "string" &&
		typeof expiresAt === "number"
	);
}

export function savedSessions(storage: Storage.StorageArea) {
	// One change at a time, in the order asked: a slow save of an old token must not land after a clear.
	let last: Promise<unknown> = Promise.resolve();
	const inOrder = (change: () => Promise<void>) => {
		const next = last.then(change, change);
		last = next.catch(() => undefined);
		return next;
	};
	return {
		/** Follows Auth: the user's current token, or nothing once nobody is signed in. */
		follow: (user: User | null) =>
			inOrder(async () => {
				if (!user) return storage.remove(SAVED_SESSION_KEY);
				const { token, expirationTime } = await user.getIdTokenResult();
				const saved: SavedSession = {
					uid: user.uid,
					isAnonymous: user.isAnonymous,
					idToken: token,
					expiresAt: Date.parse(expirationTime),
				};
				await storage.set({ [SAVED_SESSION_KEY]: saved });
			}),
		/** Before any change of user: no moment when the old user's token could act for the new one. */
		clear: () => inOrder(() => storage.remove(SAVED_SESSION_KEY)),
		/** The saved session when its token is good for at least TOKEN_MARGIN_MS more at `now`. */
		async usable(now: number): Promise<SavedSession | null> {
			const saved: unknown = (await storage.get(SAVED_SESSION_KEY))[SAVED_SESSION_KEY];
			return isSavedSession(saved) && saved.expiresAt - now >= TOKEN_MARGIN_MS ? saved : null;
		},
	};
}

export type SavedSessions = ReturnType<typeof savedSessions>;
