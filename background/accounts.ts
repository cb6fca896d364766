/**
 * Accounts: email and password, plus the anonymous session that lets the very first shorten work before
 * any sign-up. Signing up from an anonymous session links the new credential to it, so the user keeps
 * the links made so far (same uid). After an explicit sign-out no anonymous session starts by itself:
 * the user chooses first (sign in, or shorten without an account), and that choice is remembered.
 */
import { FirebaseError } from "firebase/app";
import {
	type Auth,
	createUserWithEmailAndPassword,
	EmailAuthProvider,
	linkWithCredential,
	sendPasswordResetEmail,
	signInAnonymously,
	signInWithEmailAndPassword,
	signOut,
	type User,
} from "firebase/auth/web-extension";
import type { Storage } from "webextension-polyfill";
import { ShortyError } from "../src/errors";
import type { Handlers, Session } from "../src/messages";
import type { SavedSessions } from "./savedSession";

export function sessionOf(user: User | null): Session {
	return { user: user ? { uid: user.uid, email: user.email, anonymous: user.isAnonymous } : null };
}

/** Whom Auth names once it has started (the uid), or null for nobody. */
export async function signedInUid(auth: Auth): Promise<string | null> {
	await auth.authStateReady();
	return auth.currentUser?.uid ?? null;
}

/** The signed-in user; the session restored from IndexedDB counts once the SDK has read it. */
export async function requireUser(auth: Auth): Promise<User> {
	await auth.authStateReady();
	if (!auth.currentUser) throw new ShortyError("signed-out");
	return auth.currentUser;
}

/**
 * Whether the user signed out on purpose (or their account's session ended: followSessionEnds) and has not
 * chosen since. Kept in storage.local: it is this browser's sign-out, and it must outlive the worker and
 * the popup.
 */
export interface SignOutMemory {
	signedOutByUser(): Promise<boolean>;
	remember(signedOutByUser: boolean): Promise<void>;
}

const SIGNED_OUT_KEY = "signedOutByUser";
/** Whether the user Auth named last had an account (an email), not an anonymous session. */
const HAD_ACCOUNT_KEY = "hadAccount";

export function signOutMemory(storage: Storage.StorageArea): SignOutMemory {
	return {
		// Asked only with nobody signed in: an account named last whose end followSessionEnds has not yet
		// written down counts already, or a shorten racing that write would make an account unasked.
		async signedOutByUser() {
			const kept = await storage.get([SIGNED_OUT_KEY, HAD_ACCOUNT_KEY]);
			return kept[SIGNED_OUT_KEY] === true || kept[HAD_ACCOUNT_KEY] === true;
		},
		remember: (signedOutByUser) => storage.set({ [SIGNED_OUT_KEY]: signedOutByUser }),
	};
}

/**
 * Follows whom Auth names (the worker calls it on every ID-token change), so that an account's session
 * Auth ends by itself counts as a sign-out: a password changed in another browser revokes this one's
 * refresh token, and a disabled or deleted account ends it too. The next shorten then asks, as after
 * Sign out, rather than start an anonymous account that would collect the user's links unseen. An
 * anonymous session that ends is replaced as on a first run: it had no account to sign back in to.
 */
export function followSessionEnds(storage: Storage.StorageArea, memory: SignOutMemory) {
	return async (user: User | null): Promise<void> => {
		const hadAccount = (await storage.get(HAD_ACCOUNT_KEY))[HAD_ACCOUNT_KEY] === true;
		const hasAccount = user !== null && !user.isAnonymous;
		if (user === null && hadAccount) await memory.remember(true);
		if (hasAccount !== hadAccount) await storage.set({ [HAD_ACCOUNT_KEY]: hasAccount });
	};
}

const anonymousSignIns = new WeakMap<Auth, Promise<User>>();

/** Whom a shorten acts for; `newAccount` when the session was started for it, so it has no links yet. */
export interface ShortenUser {
	user: User;
	newAccount: boolean;
}

/**
 * The signed-in user, or a new anonymous one: shortening never waits for a sign-up. Not after the user
 * signed out on purpose, unless `allowAnonymous` says they chose to go on without an account: a new,
 * unseen account would otherwise collect their links. Requests that arrive together share one sign-in;
 * two would make two users and split the links between them.
 */
export async function userOrAnonymous(auth: Auth, memory: SignOutMemory, allowAnonymous = false): Promise<ShortenUser> {
	await auth.authStateReady();
	if (auth.currentUser) return { user: auth.currentUser, newAccount: false };
	if (allowAnonymous) await memory.remember(false);
	else if (await memory.signedOutByUser()) throw new ShortyError("signed-out-by-user");
	let signIn = anonymousSignIns.get(auth);
	if (!signIn) {
		signIn = signInAnonymously(auth).then(({ user }) => user);
		anonymousSignIns.set(auth, signIn);
		signIn.finally(() => anonymousSignIns.delete(auth)).catch(() => undefined);
	}
	return { user: await signIn, newAccount: true };
}

/**
 * `sessions` is cleared before every change of user (./savedSession.ts): should the worker stop between the
 * SDK's change and the new token being saved, the next worker waits for Auth rather than act for the old user.
 */
export function accountHandlers(
	auth: () => Auth,
	memory: SignOutMemory,
	sessions: Pick<SavedSessions, "clear">,
): Pick<Handlers, "session" | "signUp" | "signIn" | "signOut" | "resetPassword"> {
	/**
	 * The last sign-up, by what it was asked with: the page gives up on an answer after its time limit while
	 * the sign-up goes on, and the user's retry must not hear that the email has an account, the one made
	 * for them. A retry of it waits for it, and answers with the account it made while that is still the one
	 * signed in. The password stays in the worker's memory, beside the session's own refresh token.
	 */
	let lastSignUp: { asked: string; session: Promise<Session> } | null = null;

	async function signUpNow(email: string, password: string): Promise<Session> {
		await auth().authStateReady();
		const current = auth().currentUser;
		await sessions.clear();
		const { user } = current?.isAnonymous
			? await linkWithCredential(current, EmailAuthProvider.credential(email, password))
			: await createUserWithEmailAndPassword(auth(), email, password);
		await memory.remember(false);
		return sessionOf(user);
	}

	return {
		async session() {
			await auth().authStateReady();
			return sessionOf(auth().currentUser);
		},
		signUp({ email, password }) {
			const asked = JSON.stringify([email.trim().toLowerCase(), password]);
			const earlier = lastSignUp?.asked === asked ? lastSignUp.session : null;
			const session = (async () => {
				const made = await earlier?.catch(() => null);
				const current = auth().currentUser;
				if (made?.user && current && made.user.uid === current.uid) return sessionOf(current);
				return signUpNow(email.trim(), password);
			})();
			lastSignUp = { asked, session };
			return session;
		},
		async signIn({ email, password }) {
			await sessions.clear();
			const { user } = await signInWithEmailAndPassword(auth(), email.trim(), password);
			await memory.remember(false);
			return sessionOf(user);
		},
		async signOut() {
			// Remembered first: should the sign-out then fail, the flag only matters once nobody is signed in.
			await memory.remember(true);
			await sessions.clear();
			await signOut(auth());
			return sessionOf(null);
		},
		async resetPassword({ email }) {
			try {
				await sendPasswordResetEmail(auth(), email.trim());
			} catch (error) {
				// With email-enumeration protection Firebase sends nothing to an email with no account and
				// says nothing either; without it (older projects, the Auth emulator) it says user-not-found.
				// Shorty answers alike in both cases, so the form cannot be used to find out who has an account.
				if (!(error instanceof FirebaseError && error.code === "auth/user-not-found")) throw error;
			}
			return { email: email.trim() };
		},
	};
}
