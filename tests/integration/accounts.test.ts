/**
 * The worker's account handlers (background/accounts.ts) through the message handler, with the SDK the
 * worker uses (firebase/auth/web-extension) against the Auth emulator. The emulator runs without
 * Firebase's email-enumeration protection, as projects made before September 2023 do: it says when an
 * email has no account. Shorty must not pass that on.
 */
import { deleteApp, type FirebaseApp, initializeApp } from "firebase/app";
import {
	type Auth,
	connectAuthEmulator,
	initializeAuth,
	inMemoryPersistence,
	onIdTokenChanged,
} from "firebase/auth/web-extension";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import {
	accountHandlers,
	followSessionEnds,
	type SignOutMemory,
	signOutMemory,
	userOrAnonymous,
} from "../../background/accounts";
import { linkHandlers } from "../../background/links";
import { createLinkStore } from "../../src/links/store";
import type { BackgroundCall } from "../../src/messages";
import { inProcessBackground } from "../unit/inProcessBackground";
import { sessionArea } from "../unit/sessionArea";

let app: FirebaseApp;
let auth: Auth;
let call: BackgroundCall;
/** storage.local's flag, as the worker keeps it. */
let signedOut = false;
const memory: SignOutMemory = {
	signedOutByUser: async () => signedOut,
	remember: async (value) => {
		signedOut = value;
	},
};
const email = `accounts-${Date.now()}@shorty.test`;
const SHORT_BASE = "http://127.0.0.1:5000/";

beforeAll(async () => {
	app = initializeApp({ projectId: "demo-shorty", apiKey: "demo-key" }, `accounts-${Date.now()}`);
	auth = initializeAuth(app, { persistence: inMemoryPersistence });
	connectAuthEmulator(auth, `http://${inject("backend").auth}`, { disableWarnings: true });
	// The saved token (background/savedSession.ts) is the fast-path tests' concern (links/earlyShorten.test.ts).
	call = inProcessBackground(accountHandlers(() => auth, memory, { clear: async () => undefined }));
	expect(await call({ type: "signUp", email, password: "correct horse" })).toMatchObject({ ok: true });
	await call({ type: "signOut" });
});

afterAll(() => deleteApp(app));

/** Disables an account as the console or the Admin SDK would, through the Auth emulator's administrator. */
async function disableAccount(uid: string): Promise<void> {
	const response = await fetch(
		`http://${inject("backend").auth}/identitytoolkit.googleapis.com/v1/projects/demo-shorty/accounts:update`,
		{
			method: "POST",
			headers: { Authorization: "Bearer owner", "Content-Type": "application/json" },
			body: JSON.stringify({ localId: uid, disableUser: true }),
		},
	);
	expect(response.status, await response.text()).toBe(200);
}

describe("accounts, as the worker answers", () => {
	it("answers a wrong email exactly as a wrong password: 'Wrong email or password.'", async () => {
		const wrongPassword = await call({ type: "signIn", email, password: "wrong horse" });
		const noSuchAccount = await call({ type: "signIn", email: `nobody-${email}`, password: "correct horse" });
		expect(wrongPassword).toEqual({
			ok: false,
			error: { code: "auth/invalid-credential" },
		});
		expect(noSuchAccount).toEqual(wrongPassword);
	});

	it("answers a password reset for an email with no account exactly as for one with an account", async () => {
		const known = await call({ type: "resetPassword", email });
		const unknown = await call({ type: "resetPassword", email: `nobody-${email}` });
		expect(known).toEqual({ ok: true, data: { email } });
		expect(unknown).toEqual({ ok: true, data: { email: `nobody-${email}` } });
	});

	it("remembers an explicit sign-out: no anonymous account starts by itself until the user chooses", async () => {
		expect(await call({ type: "signIn", email, password: "correct horse" })).toMatchObject({ ok: true });
		expect(signedOut).toBe(false);
		await call({ type: "signOut" });
		expect(signedOut).toBe(true);

		await expect(userOrAnonymous(auth, memory)).rejects.toMatchObject({ code: "signed-out-by-user" });
		expect(auth.currentUser).toBeNull();

		// "Shorten without an account": an anonymous session, and the choice no longer stands in the way.
		const { user: anonymous } = await userOrAnonymous(auth, memory, true);
		expect(anonymous.isAnonymous).toBe(true);
		expect(signedOut).toBe(false);
		await call({ type: "signOut" });

		// Signing in is a choice too.
		expect(await call({ type: "signIn", email, password: "correct horse" })).toMatchObject({ ok: true });
		expect(signedOut).toBe(false);
		await call({ type: "signOut" });
	});

	it("counts an account's session that Auth ended (the account disabled elsewhere) as a sign-out", async () => {
		// storage.local as the worker keeps it, with its flags, and the worker's follower of Auth's changes.
		const local = sessionArea();
		const kept = signOutMemory(local);
		const follows: Array<Promise<void>> = [];
		const follow = followSessionEnds(local, kept);
		const unsubscribe = onIdTokenChanged(auth, (user) => void follows.push(follow(user)));
		const followed = async () => {
			await vi.waitFor(() => expect(follows.length).toBeGreaterThan(0));
			await Promise.all(follows.splice(0));
		};
		try {
			const signedUp = await call({ type: "signUp", email: `ended-${email}`, password: "correct horse" });
			if (!signedUp.ok || !signedUp.data.user) throw new Error("no account");
			await followed();
			await disableAccount(signedUp.data.user.uid);
			// The next refresh of its ID token is refused, and the SDK signs the user out. A shorten asking at
			// once, before the follower has written that down, is refused as well.
			await expect(auth.currentUser?.getIdToken(true)).rejects.toMatchObject({ code: "auth/user-disabled" });
			expect(auth.currentUser).toBeNull();
			await expect(userOrAnonymous(auth, kept)).rejects.toMatchObject({ code: "signed-out-by-user" });
			await followed();
			expect(await kept.signedOutByUser()).toBe(true);

			// An anonymous session that ends, by contrast, had no account to go back to.
			const { user: anonymous } = await userOrAnonymous(auth, kept, true);
			await followed();
			await disableAccount(anonymous.uid);
			await expect(anonymous.getIdToken(true)).rejects.toMatchObject({ code: "auth/user-disabled" });
			await followed();
			expect(auth.currentUser).toBeNull();
			expect(await kept.signedOutByUser()).toBe(false);
		} finally {
			unsubscribe();
			await call({ type: "signOut" });
			signedOut = false;
		}
	});

	it("starts an anonymous session when nobody ever signed out, as on a first run, and says it is new", async () => {
		signedOut = false;
		const [first, together] = await Promise.all([userOrAnonymous(auth, memory), userOrAnonymous(auth, memory)]);
		expect(first.user.isAnonymous).toBe(true);
		// Requests that arrived together share the sign-in, and the account is new to each: it has no links.
		expect(together).toEqual(first);
		expect(first.newAccount).toBe(true);
		// Once the session exists, it is no longer new: a later shorten may find what the first made.
		expect(await userOrAnonymous(auth, memory)).toEqual({ user: first.user, newAccount: false });
		await call({ type: "signOut" });
	});
});

describe("a sign-up the page sent again, having given up on the first", () => {
	it("answers with the account the first made, sent while it is under way or after it", async () => {
		await userOrAnonymous(auth, memory, true);
		const signUp = { type: "signUp", email: `again-${Date.now()}@shorty.test`, password: "correct horse" } as const;
		const [first, joined] = await Promise.all([call(signUp), call(signUp)]);
		const after = await call(signUp);

		expect(first).toMatchObject({ ok: true, data: { user: { email: signUp.email, anonymous: false } } });
		// Before, a second sign-up heard "An account with that email already exists": the one made for them.
		expect(joined).toEqual(first);
		expect(after).toEqual(first);
		// Another password is no retry: the account keeps the first, and the user hears so.
		expect(await call({ ...signUp, password: "another horse" })).toEqual({
			ok: false,
			error: { code: "auth/email-already-in-use" },
		});
		await call({ type: "signOut" });
	});

	it("still refuses an email someone else's account has", async () => {
		await userOrAnonymous(auth, memory, true);
		expect(await call({ type: "signUp", email, password: "another horse" })).toEqual({
			ok: false,
			error: { code: "auth/email-already-in-use" },
		});
		await call({ type: "signOut" });
	});
});

describe("a shorten of something that cannot be shortened, with nobody signed in", () => {
	it("is refused for what it is, before any account is made or the sign-out is brought up", async () => {
		await call({ type: "signOut" });
		const nothingSent = () => {
			throw new Error("a shorten refused for its input sends nothing");
		};
		const shorten = inProcessBackground(
			linkHandlers(
				() => auth,
				() =>
					createLinkStore({ firestore: nothingSent, random: nothingSent, clock: Date.now, shortLinkBase: SHORT_BASE }),
				memory,
				nothingSent,
			),
		);
		const tries = [
			{ type: "shorten", url: "mailto:someone@example.com", allowAnonymous: true },
			{ type: "shorten", url: `${SHORT_BASE}abc1234`, allowAnonymous: true },
			{ type: "shorten", url: "https://example.com/", alias: "ab", allowAnonymous: true },
		] as const;
		for (const explicitSignOut of [false, true]) {
			signedOut = explicitSignOut;
			const replies = await Promise.all(tries.map((request) => shorten(request)));
			expect(replies.map((reply) => (reply.ok ? "made" : reply.error.code))).toEqual([
				"invalid-url",
				"already-short",
				"alias-invalid",
			]);
			expect(auth.currentUser).toBeNull();
			expect(signedOut).toBe(explicitSignOut);
		}
	});
});
