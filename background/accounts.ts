/**
 * Accounts: email and password, plus the anonymous session that lets the very first shorten work before
 * any sign-up. Signing up from an anonymous session links the new credential to it, so the user keeps
 * the links made so far (same uid).
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
import { ShortyError } from "../src/errors";
import type { Handlers, Session } from "../src/messages";

export function sessionOf(user: User | null): Session {
	return { user: user ? { uid: user.uid, email: user.email, anonymous: user.isAnonymous } : null };
}

/** The signed-in user; the session restored from IndexedDB counts once the SDK has read it. */
export async function requireUser(auth: Auth): Promise<User> {
	await auth.authStateReady();
	if (!auth.currentUser) throw new ShortyError("signed-out");
	return auth.currentUser;
}

const anonymousSignIns = new WeakMap<Auth, Promise<User>>();

/**
 * The signed-in user, or a new anonymous one: shortening never waits for a sign-up. Requests that arrive
 * together share one sign-in; two would make two users and split the links between them.
 */
export async function userOrAnonymous(auth: Auth): Promise<User> {
	await auth.authStateReady();
	if (auth.currentUser) return auth.currentUser;
	let signIn = anonymousSignIns.get(auth);
	if (!signIn) {
		signIn = signInAnonymously(auth).then(({ user }) => user);
		anonymousSignIns.set(auth, signIn);
		signIn.finally(() => anonymousSignIns.delete(auth)).catch(() => undefined);
	}
	return signIn;
}

export function accountHandlers(
	auth: () => Auth,
): Pick<Handlers, "session" | "signUp" | "signIn" | "signOut" | "resetPassword"> {
	return {
		async session() {
			await auth().authStateReady();
			return sessionOf(auth().currentUser);
		},
		async signUp({ email, password }) {
			await auth().authStateReady();
			const current = auth().currentUser;
			const { user } = current?.isAnonymous
				? await linkWithCredential(current, EmailAuthProvider.credential(email.trim(), password))
				: await createUserWithEmailAndPassword(auth(), email.trim(), password);
			return sessionOf(user);
		},
		async signIn({ email, password }) {
			const { user } = await signInWithEmailAndPassword(auth(), email.trim(), password);
			return sessionOf(user);
		},
		async signOut() {
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
