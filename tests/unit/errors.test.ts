// @vitest-environment node
import { FirebaseError } from "firebase/app";
import { describe, expect, it } from "vitest";
import { appError, ShortyError, toAppError } from "../../src/errors";
import { errorText } from "../../src/i18n/errorText";
import { inputError } from "../../src/links/inputProblem";

describe("the error catalogue", () => {
	it.each([
		["auth/invalid-credential", "Wrong email or password."],
		["auth/email-already-in-use", "An account with that email already exists. Sign in instead."],
		["auth/weak-password", "Passwords need at least 6 characters."],
		["auth/network-request-failed", "Shorty could not reach the sign-in service. Check your connection and try again."],
	])("turns Firebase Auth's %s into its own words", (code, text) => {
		const error = new FirebaseError(code, `Firebase: Error (${code}).`);
		const caught = toAppError(error);
		expect(caught).toEqual({ code });
		expect(errorText(caught)).toBe(text);
	});

	it("says 'Wrong email or password.' for an unknown email as for a wrong password, so it tells no one who has an account", () => {
		// With email-enumeration protection Firebase reports both as invalid-credential (older SDKs:
		// invalid-login-credentials); without it (older projects, the Auth emulator) as two codes.
		const replies = [
			"auth/user-not-found",
			"auth/wrong-password",
			"auth/invalid-credential",
			"auth/invalid-login-credentials",
		].map((code) => toAppError(new FirebaseError(code, `Firebase: Error (${code}).`)));
		for (const reply of replies) expect(reply).toEqual({ code: "auth/invalid-credential" });
	});

	it("says a way of signing in is turned off when the project refuses anonymous sign-in, not that Shorty broke", () => {
		for (const code of ["auth/admin-restricted-operation", "auth/operation-not-allowed"]) {
			const reply = toAppError(new FirebaseError(code, `Firebase: Error (${code}).`));
			expect(reply, code).toEqual({ code: "auth/operation-not-allowed" });
			expect(errorText(reply), code).toBe("This way of signing in is turned off for this Shorty backend.");
		}
	});

	it.each([
		["permission-denied", "firestore/permission-denied"],
		["unavailable", "firestore/unavailable"],
		["deadline-exceeded", "firestore/deadline-exceeded"],
		["resource-exhausted", "firestore/resource-exhausted"],
		["already-exists", "firestore/already-exists"],
		// What the lite SDK reports when a request got no response at all: the server is down.
		["unknown", "firestore/unavailable"],
	])("turns Firestore's %s into %s", (code, catalogued) => {
		// A FirestoreError is a FirebaseError whose code has no "auth/"-style prefix (its constructor is private).
		const reply = toAppError(new FirebaseError(code, "Missing or insufficient permissions."));
		expect(reply.code).toBe(catalogued);
		expect(errorText(reply)).not.toMatch(/FirebaseError|Missing or insufficient/);
	});

	it("keeps an unknown Firebase code and any other exception as internal, naming the cause", () => {
		expect(toAppError(new FirebaseError("auth/brand-new-code", "Firebase: Error (auth/brand-new-code)."))).toEqual({
			code: "internal",
			detail: "auth/brand-new-code",
		});
		expect(toAppError(new RangeError("bad index"))).toEqual({
			code: "internal",
			detail: "bad index",
		});
	});

	it("says offline in words unlike a timeout's or an unreachable database's", () => {
		const offline = errorText(appError("offline"));
		expect(offline).toMatch(/^You are offline\./);
		expect(new Set([offline, errorText(appError("timeout")), errorText(appError("firestore/unavailable"))]).size).toBe(
			3,
		);
	});

	it("passes Shorty's own errors through with their detail", () => {
		const tooShort = inputError("alias-invalid", { problem: "too-short", length: 2, minimum: 3 });
		expect(toAppError(ShortyError.from(tooShort))).toEqual(tooShort);
	});
});
