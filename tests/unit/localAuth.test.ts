// @vitest-environment node
import { describe, expect, it } from "vitest";
import { createEmulatorAuthenticate, InvalidTokenError } from "../../local/auth";

const NOW = Date.parse("2026-11-23T12:00:00Z");
const authenticate = createEmulatorAuthenticate("demo-shorty");

const segment = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
function token(claims: object, header: object = { alg: "none", typ: "JWT" }): string {
	return `Bearer ${segment(header)}.${segment(claims)}.`;
}
const valid = { sub: "alice", user_id: "alice", aud: "demo-shorty", exp: NOW / 1000 + 3600 };

describe("the local backend's ID token check", () => {
	it("accepts an Auth emulator token and reads the user id and claims", async () => {
		await expect(authenticate(token(valid))).resolves.toEqual({ uid: "alice", token: valid });
	});

	it("accepts the SDK's mock tokens, stamped iat 0 and so long expired, as the official emulator does", async () => {
		const mock = { ...valid, iat: 0, exp: 3600 };
		await expect(authenticate(token(mock))).resolves.toMatchObject({ uid: "alice" });
	});

	it("treats a request without a token as signed out", async () => {
		await expect(authenticate(undefined)).resolves.toBeNull();
	});

	it.each([
		["another project's token", token({ ...valid, aud: "demo-other" }), 'project "demo-other"'],
		["a token without a subject", token({ ...valid, sub: "" }), "no subject"],
		["a signed (production) token", token(valid, { alg: "RS256", kid: "x" }), "unsigned tokens"],
		["a header that is not a bearer token", "Basic YWxpY2U6cHc=", "Bearer <ID token>"],
		["a token that is not JSON", "Bearer not.a.jwt", "not base64url-encoded JSON"],
	])("refuses %s with a specific reason", async (_, header, reason) => {
		const attempt = authenticate(header);
		await expect(attempt).rejects.toBeInstanceOf(InvalidTokenError);
		await expect(attempt).rejects.toThrow(reason);
	});
});
