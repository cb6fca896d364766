// @vitest-environment node
import { describe, expect, it } from "vitest";
import { type SavedSession, savedSessions } from "../../background/savedSession";
import { type RefreshedToken, refreshIdToken, secureTokenUrl } from "../../background/tokenRefresh";
import { configFromEnv } from "../../src/config";
import { sessionArea } from "./sessionArea";

const NOW = Date.parse("2026-11-24T12:00:00Z");
const HOUR = 3_600_000;

/** storage.session holding `initial`, and a look at what it holds. */
async function sessionHolding(initial: SavedSession) {
	const area = sessionArea();
	await area.set({ savedSession: initial });
	return { area, saved: async () => (await area.get("savedSession")).savedSession };
}

/** Saved an hour and a minute ago: its ID token expired a minute ago. */
const expired: SavedSession = {
	uid: "user-a",
	isAnonymous: false,
	idToken: "old-id-token",
	refreshToken: "refresh-a",
	expiresAt: NOW - 60_000,
};

const freshFor = (uid: string): RefreshedToken => ({
	uid,
	idToken: `new-id-token-${uid}`,
	refreshToken: `refresh-${uid}`,
	expiresAt: NOW + HOUR,
});

describe("the saved session after a long idle", () => {
	it("an expired ID token is replaced with the one the refresh gets, and saved for the next worker", async () => {
		const { area, saved } = await sessionHolding(expired);
		const refreshed: string[] = [];
		const usable = await savedSessions(area).usable(NOW, async (token) => {
			refreshed.push(token);
			return freshFor("user-a");
		});

		expect(refreshed).toEqual(["refresh-a"]);
		const renewed = {
			...expired,
			idToken: "new-id-token-user-a",
			refreshToken: "refresh-user-a",
			expiresAt: NOW + HOUR,
		};
		expect(usable).toEqual(renewed);
		expect(await saved()).toEqual(renewed);
	});

	it("a token good for a while yet is used as saved, with no refresh", async () => {
		const good = { ...expired, expiresAt: NOW + HOUR };
		const usable = await savedSessions((await sessionHolding(good)).area).usable(NOW, async () => {
			throw new Error("no refresh was wanted");
		});
		expect(usable).toEqual(good);
	});

	it.each([
		["fails", null],
		["names another user", freshFor("user-b")],
	])("a refresh that %s gives no session and leaves the saved one as it was", async (_, answer) => {
		const { area, saved } = await sessionHolding(expired);
		expect(await savedSessions(area).usable(NOW, async () => answer)).toBeNull();
		expect(await saved()).toEqual(expired);
	});

	it("a sign-out while the refresh runs stays signed out: the new token is neither saved nor used", async () => {
		const { area, saved } = await sessionHolding(expired);
		const sessions = savedSessions(area);
		const usable = await sessions.usable(NOW, async () => {
			await sessions.clear();
			return freshFor("user-a");
		});
		expect(usable).toBeNull();
		expect(await saved()).toBeUndefined();
	});
});

describe("after a browser start, with storage.session empty", () => {
	const onDisk: SavedSession = { ...expired, uid: "user-d", idToken: "disk-id-token", expiresAt: NOW + HOUR };
	const noRefresh = async () => {
		throw new Error("no refresh was wanted");
	};

	it("is the Auth SDK's persisted user, read and not copied into storage.session", async () => {
		const area = sessionArea();
		expect(await savedSessions(area, async () => onDisk).usable(NOW, noRefresh)).toEqual(onDisk);
		expect(await area.get("savedSession")).toEqual({});
	});

	it("gives way to a session in storage.session, which the SDK's copy may be older than", async () => {
		const good = { ...expired, expiresAt: NOW + HOUR };
		const { area } = await sessionHolding(good);
		expect(await savedSessions(area, async () => onDisk).usable(NOW, noRefresh)).toEqual(good);
	});

	it("is not read once this worker has cleared the session: a change of user is under way", async () => {
		const sessions = savedSessions(sessionArea(), async () => onDisk);
		await sessions.clear();
		expect(await sessions.usable(NOW, noRefresh)).toBeNull();
	});

	it("with an expired token, is refreshed and the new token saved in storage.session, unless a clear came", async () => {
		const area = sessionArea();
		const stale = { ...onDisk, expiresAt: NOW - 60_000 };
		const renewed = await savedSessions(area, async () => stale).usable(NOW, async () => freshFor("user-d"));
		expect(renewed).toMatchObject({ uid: "user-d", idToken: "new-id-token-user-d" });
		expect((await area.get("savedSession")).savedSession).toEqual(renewed);

		const signingOut = savedSessions(sessionArea(), async () => stale);
		const refreshed = await signingOut.usable(NOW, async () => {
			await signingOut.clear();
			return freshFor("user-d");
		});
		expect(refreshed).toBeNull();
	});
});

describe("following Auth", () => {
	/** A signed-in user as Auth hands it over, whose token takes until `answered` to be read. */
	function userA(answered: Promise<void> = Promise.resolve()) {
		const user = {
			uid: "user-a",
			isAnonymous: false,
			refreshToken: "refresh-a",
			async getIdTokenResult() {
				await answered;
				return { token: "id-token-a", expirationTime: new Date(NOW + HOUR).toUTCString() };
			},
		};
		return user as unknown as Parameters<ReturnType<typeof savedSessions>["follow"]>[0];
	}

	it("saves the user's tokens, and nothing once Auth no longer names them, even mid-save", async () => {
		const { area, saved } = await sessionHolding(expired);
		const sessions = savedSessions(area);
		await sessions.clear();
		await sessions.follow(userA(), () => true);
		expect(await saved()).toMatchObject({ uid: "user-a", idToken: "id-token-a", refreshToken: "refresh-a" });

		// A sign-out's clear, then Auth's word about the user it is signing out, whose token arrives late.
		let signedIn = true;
		let answer = () => {};
		const late = new Promise<void>((resolve) => {
			answer = resolve;
		});
		await sessions.clear();
		const following = sessions.follow(userA(late), () => signedIn);
		signedIn = false;
		answer();
		await following;
		expect(await saved()).toBeUndefined();
	});

	it("changes its version with every clear, which a commit handed out earlier compares", async () => {
		const { area } = await sessionHolding(expired);
		const sessions = savedSessions(area);
		const before = sessions.version();
		await sessions.clear();
		expect(sessions.version()).not.toBe(before);
	});
});

describe("the Secure Token API", () => {
	it("is Google's for a real project, and the Auth emulator's copy for a local build", () => {
		const real = configFromEnv({ VITE_FIREBASE_PROJECT_ID: "my-shorty", VITE_FIREBASE_API_KEY: "AIza-key" });
		expect(secureTokenUrl(real)).toBe("https://securetoken.googleapis.com/v1/token?key=AIza-key");
		const local = configFromEnv({ VITE_AUTH_EMULATOR_HOST: "127.0.0.1:19099" });
		expect(secureTokenUrl(local)).toBe("http://127.0.0.1:19099/securetoken.googleapis.com/v1/token?key=demo-key");
	});

	const answering =
		(status: number, body: unknown): typeof fetch =>
		async () =>
			new Response(JSON.stringify(body), { status });
	const endpoint = (send: typeof fetch) => ({ url: "https://securetoken.test/v1/token?key=k", fetch: send });

	it("sends the refresh token as a form and reads the new token, its user and its lifetime", async () => {
		const sent: RequestInit[] = [];
		const fetch: typeof globalThis.fetch = async (_, init) => {
			sent.push(init ?? {});
			return new Response(
				JSON.stringify({ id_token: "id", refresh_token: "refresh-2", expires_in: "3600", user_id: "user-a" }),
			);
		};
		expect(await refreshIdToken(endpoint(fetch), "refresh-1", NOW)).toEqual({
			uid: "user-a",
			idToken: "id",
			refreshToken: "refresh-2",
			expiresAt: NOW + HOUR,
		});
		expect(sent).toEqual([
			{
				method: "POST",
				headers: { "Content-Type": "application/x-www-form-urlencoded" },
				body: "grant_type=refresh_token&refresh_token=refresh-1",
			},
		]);
	});

	it.each([
		["a refusal", answering(400, { error: { message: "TOKEN_EXPIRED" } })],
		["a disabled user", answering(400, { error: { message: "USER_DISABLED" } })],
		["an answer without a token", answering(200, { refresh_token: "r", expires_in: "3600", user_id: "u" })],
		["an answer without a lifetime", answering(200, { id_token: "i", refresh_token: "r", user_id: "u" })],
		["an answer that is not JSON", async () => new Response("<html>")],
		[
			"no answer",
			async () => {
				throw new TypeError("Failed to fetch");
			},
		],
	])("gives nothing for %s", async (_, fetch) => {
		expect(await refreshIdToken(endpoint(fetch), "refresh-1", NOW)).toBeNull();
	});
});
