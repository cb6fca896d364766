/**
 * The key for "same URL twice": a user's links are looked up by owner and this hash, because a URL can
 * exceed Firestore's 1,500-byte limit for an indexed value and a hash cannot.
 */

/** Lower-case hex SHA-256 of the URL's UTF-8 bytes, the form the rules require (URL_HASH_PATTERN in ./schema.ts). */
export async function hashUrl(url: string): Promise<string> {
	const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(url));
	return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
