/** The one builder of the unsigned ID tokens that tests present to the local backend by hand. */
/** The local backend's project, which its tokens name as their audience. */
export const PROJECT = "demo-shorty";

/**
 * An ID token for `uid`, signed in with a password, as the Auth emulator issues them (unsigned): what the
 * local Firestore server accepts, and what the SDK sends for a `mockUserToken`.
 */
export function emulatorIdToken(uid: string): string {
	const segment = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
	const claims = { aud: PROJECT, sub: uid, user_id: uid, firebase: { sign_in_provider: "password" } };
	return `${segment({ alg: "none", typ: "JWT" })}.${segment(claims)}.`;
}
