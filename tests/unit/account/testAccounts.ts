import { act } from "@testing-library/react";
import { FirebaseError } from "firebase/app";
import { ShortyError } from "../../../src/errors";
import type { BackgroundEvent, Handlers, Session } from "../../../src/messages";
import type { BackgroundEvents } from "../../../src/ui/BackgroundEvents";

type AccountHandlers = Pick<Handlers, "session" | "signUp" | "signIn" | "signOut" | "resetPassword" | "searchLinks">;

/**
 * A background's accounts for component tests, keeping the rules background/accounts.ts gets from
 * Firebase Auth: signing up from an anonymous session keeps its user (and links), signing in replaces
 * it, a taken email or a wrong password fails with Firebase's codes. Signing in fails as Firebase does
 * without email-enumeration protection (the Auth emulator, older projects): a wrong password and an
 * email with no account get different codes. A password reset answers alike for every well-formed
 * email, as background/accounts.ts does. Every change is announced to the
 * pages that follow the session, as the worker's onIdTokenChanged does. `hold()` keeps the next request
 * waiting until released, to see pending states.
 */
export class TestAccounts {
	private readonly passwords = new Map<string, { uid: string; password: string }>();
	private readonly listeners = new Set<(event: BackgroundEvent) => void>();
	private readonly links = new Map<string, number>();
	private held: Promise<void> | null = null;
	private lastUid = 0;
	user: Session["user"] = null;
	readonly requests: string[] = [];
	readonly resetsSentTo: string[] = [];

	/** An account that exists already, with `links` links. */
	addAccount(email: string, password: string, links = 0): string {
		const uid = this.newUid();
		this.passwords.set(email, { uid, password });
		this.links.set(uid, links);
		return uid;
	}

	/** Starts as the anonymous session a first shorten makes, with `links` links. */
	signInAnonymously(links: number): void {
		const uid = this.newUid();
		this.links.set(uid, links);
		this.user = { uid, email: null, anonymous: true };
	}

	linkCount(uid: string): number {
		return this.links.get(uid) ?? 0;
	}

	/** The background's announcements, as pages receive them. */
	readonly events: BackgroundEvents = (listener) => {
		this.listeners.add(listener);
		return () => {
			this.listeners.delete(listener);
		};
	};

	/** The signed-in user makes `count` more links elsewhere (another page), which the background announces. */
	addLinks(count: number): Promise<void> {
		const uid = this.user?.uid;
		if (uid === undefined) throw new Error("addLinks() needs someone signed in");
		this.links.set(uid, this.linkCount(uid) + count);
		const codes = Array.from({ length: count }, (_, index) => `new${index}`);
		return act(async () => this.tell({ type: "links-changed", kind: "created", codes }));
	}

	/** The signed-in user deletes `count` of their links elsewhere, which the background announces. */
	deleteLinks(count: number): Promise<void> {
		const uid = this.user?.uid;
		if (uid === undefined) throw new Error("deleteLinks() needs someone signed in");
		this.links.set(uid, Math.max(0, this.linkCount(uid) - count));
		const codes = Array.from({ length: count }, (_, index) => `old${index}`);
		return act(async () => this.tell({ type: "links-changed", kind: "deleted", codes }));
	}

	/** What the background announces when the session changes elsewhere (another page, a worker restart). */
	announce(user: Session["user"]): Promise<void> {
		this.user = user;
		return act(async () => this.tell({ type: "session-changed", session: { user } }));
	}

	/** Keeps the requests that arrive from now on waiting; the returned function lets them through. */
	hold(): () => Promise<void> {
		let release = () => {};
		this.held = new Promise((resolve) => {
			release = resolve;
		});
		return () =>
			act(async () => {
				this.held = null;
				release();
			});
	}

	handlers(): AccountHandlers {
		const answer = async <T>(type: string, work: () => T): Promise<T> => {
			this.requests.push(type);
			await this.held;
			return work();
		};
		return {
			session: () => answer("session", () => this.session()),
			signUp: ({ email, password }) =>
				answer("signUp", () => {
					if (this.passwords.has(email)) throw new ShortyError("auth/email-already-in-use");
					if (password.length < 6) throw new ShortyError("auth/weak-password");
					const uid = this.user?.anonymous ? this.user.uid : this.newUid();
					this.passwords.set(email, { uid, password });
					return this.change({ uid, email, anonymous: false });
				}),
			signIn: ({ email, password }) =>
				answer("signIn", () => {
					const account = this.passwords.get(email);
					if (!account) throw new FirebaseError("auth/user-not-found", "Firebase: Error (auth/user-not-found).");
					if (account.password !== password) {
						throw new FirebaseError("auth/wrong-password", "Firebase: Error (auth/wrong-password).");
					}
					return this.change({ uid: account.uid, email, anonymous: false });
				}),
			signOut: () => answer("signOut", () => this.change(null)),
			resetPassword: ({ email }) =>
				answer("resetPassword", () => {
					if (this.passwords.has(email)) this.resetsSentTo.push(email);
					return { email };
				}),
			searchLinks: () =>
				answer("searchLinks", () => {
					if (!this.user) throw new ShortyError("signed-out");
					const total = this.linkCount(this.user.uid);
					return { links: [], total, page: 1, tooLong: false, complete: true, held: total, clicks: {} };
				}),
		};
	}

	private session(): Session {
		return { user: this.user };
	}

	private change(user: Session["user"]): Session {
		this.user = user;
		this.tell({ type: "session-changed", session: this.session() });
		return this.session();
	}

	private tell(event: BackgroundEvent): void {
		for (const listener of this.listeners) listener(event);
	}

	private newUid(): string {
		this.lastUid += 1;
		return `user-${this.lastUid}`;
	}
}
