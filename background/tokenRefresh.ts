/**
 * A new ID token for the user a fresh worker saved (./savedSession.ts), fetched by the worker itself: ID
 * tokens last an hour and nothing refreshes them while no worker runs, so after a long idle the saved one
 * has expired, and the Auth SDK would refresh it, then reload the user, and only then let Firestore commit,
 * three round trips in a row. This is the one request the SDK's refresh sends (requestStsToken), sent beside
 * the SDK's own start rather than before it.
 */
import { SECURE_TOKEN_ORIGIN, type ShortyConfig } from "../src/config";

export interface RefreshedToken {
	/** Whose token it is, as the Secure Token API says. */
	uid: string;
	idToken: string;
	refreshToken: string;
	/** In milliseconds since the epoch. */
	expiresAt: number;
}

export interface TokenEndpoint {
	url: string;
	fetch: typeof fetch;
}

/**
 * The Secure Token API's token URL for this build: Google's, or the Auth emulator's copy of it, which serves
 * each Google host under a path of its own name (the SDK's `_getFinalTarget`).
 */
export function secureTokenUrl({ firebase, emulators }: Pick<ShortyConfig, "firebase" | "emulators">): string {
	const origin = emulators ? `http://${emulators.auth}/${new URL(SECURE_TOKEN_ORIGIN).host}` : SECURE_TOKEN_ORIGIN;
	return `${origin}/v1/token?key=${encodeURIComponent(firebase.apiKey)}`;
}

/**
 * A new ID token for `refreshToken`, its lifetime counted from `now` (the request's start, so never too
 * long) as the SDK counts it. Null on any failure or doubt: no answer, a refusal (TOKEN_EXPIRED,
 * USER_DISABLED, INVALID_REFRESH_TOKEN, ...) or an answer missing a field. The caller then waits for the
 * SDK, which meets the same refusal and tells the user what it always has.
 */
export async function refreshIdToken(
	endpoint: TokenEndpoint,
	refreshToken: string,
	now: number,
): Promise<RefreshedToken | null> {
	try {
		const response = await endpoint.fetch(endpoint.url, {
			method: "POST",
			// A form body and no other header: a simple request, with no preflight even without host access.
			headers: { "Content-Type": "application/x-www-form-urlencoded" },
			body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken }).toString(),
		});
		if (!response.ok) return null;
		const answer = (await response.json()) as Partial<Record<string, unknown>>;
		const { id_token, refresh_token, user_id } = answer;
		const seconds = Number(answer.expires_in);
		if (typeof id_token !== "string" || typeof refresh_token !== "string" || typeof user_id !== "string") return null;
		if (!Number.isFinite(seconds) || seconds <= 0) return null;
		return { uid: user_id, idToken: id_token, refreshToken: refresh_token, expiresAt: now + seconds * 1000 };
	} catch {
		return null;
	}
}
