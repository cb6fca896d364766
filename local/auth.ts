/**
 * Verifies the ID tokens the Firebase Auth emulator issues, for the local Firestore server. Emulator
 * tokens (and the SDK's `mockUserToken`) are unsigned JWTs ("alg": "none"), so verification means
 * checking their claims: the right project and a subject. Expiry is not checked, as the official
 * emulator does not: the SDK stamps mock tokens with iat 0, so they "expired" in 1970. A production
 * token (signed by Google) is refused rather than half-trusted.
 */
import type { AuthContext, Authenticate } from "./firestore/types";

export class InvalidTokenError extends Error {
	override name = "InvalidTokenError";
}

function decodeSegment(segment: string | undefined, what: string): Record<string, unknown> {
	try {
		const value: unknown = JSON.parse(Buffer.from(segment ?? "", "base64url").toString("utf8"));
		if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
	} catch {
		// Reported below with the segment's name, which says more than a JSON parse error.
	}
	throw new InvalidTokenError(`The ID token's ${what} is not base64url-encoded JSON`);
}

export function createEmulatorAuthenticate(projectId: string): Authenticate {
	return async (authorization) => {
		if (authorization === undefined || authorization === "") return null;
		const match = /^Bearer\s+(\S+)$/i.exec(authorization);
		if (!match?.[1]) throw new InvalidTokenError("The Authorization header must be `Bearer <ID token>`");
		const [header, payload] = match[1].split(".");
		if (decodeSegment(header, "header").alg !== "none") {
			throw new InvalidTokenError("Only the Auth emulator's unsigned tokens are accepted by the local backend");
		}
		const claims = decodeSegment(payload, "payload");
		if (claims.aud !== projectId)
			throw new InvalidTokenError(`The ID token is for project "${String(claims.aud)}", not "${projectId}"`);
		if (typeof claims.sub !== "string" || claims.sub === "")
			throw new InvalidTokenError("The ID token has no subject (user id)");
		const context: AuthContext = { uid: claims.sub, token: claims };
		return context;
	};
}
