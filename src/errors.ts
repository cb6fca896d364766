/**
 * The catalogue of everything that can go wrong, as codes that cross the message boundary. Errors travel
 * as values ({ code, detail? }), never as thrown objects, because extension messaging serialises replies
 * and would strip an Error's prototype and fields. Firebase's own errors are mapped here too, so nobody
 * ever reads a raw "FirebaseError: ...". The text a user reads for a code is the message
 * `error_<code>` of _locales (src/i18n/errorText.ts), looked up by the page or worker that shows it:
 * this module stays free of browser APIs.
 */
export const ERROR_CODES = [
	// Shorty's own.
	"timeout",
	"background-unavailable",
	"internal",
	"invalid-request",
	"invalid-url",
	"url-too-long",
	"restricted-page",
	"already-short",
	"alias-invalid",
	"alias-reserved",
	"alias-taken",
	"tag-empty",
	"tag-too-long",
	"tag-invalid",
	"too-many-tags",
	"rate-limited",
	"codes-exhausted",
	"link-not-found",
	"signed-out",
	"signed-out-by-user",
	"clipboard-failed",
	"offline",
	// Firebase Auth (FirebaseError codes "auth/...").
	"auth/invalid-credential",
	"auth/email-already-in-use",
	"auth/credential-already-in-use",
	"auth/weak-password",
	"auth/invalid-email",
	"auth/missing-password",
	"auth/missing-email",
	"auth/too-many-requests",
	"auth/network-request-failed",
	"auth/user-disabled",
	"auth/operation-not-allowed",
	"auth/requires-recent-login",
	// Cloud Firestore (FirestoreError codes, prefixed here so they cannot clash with ours).
	"firestore/permission-denied",
	"firestore/unauthenticated",
	"firestore/already-exists",
	"firestore/not-found",
	"firestore/unavailable",
	"firestore/deadline-exceeded",
	"firestore/resource-exhausted",
	"firestore/aborted",
	"firestore/failed-precondition",
	"firestore/cancelled",
	"firestore/invalid-argument",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Firebase Auth's own minimum length of a password, behind auth/weak-password: the account forms check it
 * before a round trip that would only say the same, and the code's message names it.
 */
export const MIN_PASSWORD_LENGTH = 6;

export interface AppError {
	code: ErrorCode;
	/**
	 * What went wrong beyond the code, shown after the text: data the page words in the user's language
	 * (src/links/rateLimit.ts, src/links/inputProblem.ts), or a developer's words (a field name, a server's reason).
	 */
	detail?: string;
}

// Marked pure so a bundle that never asks (the offscreen document's script) drops the set and the list.
const knownCodes: ReadonlySet<string> = /* @__PURE__ */ new Set(ERROR_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
	return typeof value === "string" && knownCodes.has(value);
}

export function appError(code: ErrorCode, detail?: string): AppError {
	return detail ? { code, detail } : { code };
}

/** Thrown inside the background when the cause is known; the message handler turns it into an AppError. */
export class ShortyError extends Error {
	readonly code: ErrorCode;
	readonly detail: string | undefined;

	constructor(code: ErrorCode, detail?: string) {
		// The Error's own message is for logs and stack traces: the code, which names the text a user reads.
		super(detail ? `${code}: ${detail}` : code);
		this.name = "ShortyError";
		this.code = code;
		this.detail = detail;
	}

	/** The same error, thrown: for a check that already produced its AppError. */
	static from(error: AppError): ShortyError {
		return new ShortyError(error.code, error.detail);
	}
}

/** The code of a FirebaseError, by shape: this module must not import the SDK, since pages load it. */
function firebaseCode(error: unknown): string | undefined {
	if (typeof error !== "object" || error === null) return undefined;
	const { name, code } = error as { name?: unknown; code?: unknown };
	return name === "FirebaseError" && typeof code === "string" ? code : undefined;
}

/**
 * Firebase Auth codes that would tell whether an email has an account. Firebase's email-enumeration
 * protection answers a wrong email and a wrong password alike (invalid-credential; invalid-login-credentials
 * in older SDKs); without it (projects made before September 2023, the Auth emulator) they are
 * user-not-found and wrong-password. Shorty reads all four as one, whichever backend it talks to.
 */
const WRONG_EMAIL_OR_PASSWORD = new Set([
	"auth/invalid-credential",
	"auth/invalid-login-credentials",
	"auth/user-not-found",
	"auth/wrong-password",
]);

/** Where a Firebase error code sits in the catalogue (Firestore's codes carry no prefix of their own). */
function catalogueCode(code: string): string {
	if (WRONG_EMAIL_OR_PASSWORD.has(code)) return "auth/invalid-credential";
	// Anonymous sign-in turned off in the project is refused as an administrator's operation (the REST API's
	// ADMIN_ONLY_OPERATION), where a disabled email provider is operation-not-allowed: to the user, the same.
	if (code === "auth/admin-restricted-operation") return "auth/operation-not-allowed";
	if (code.startsWith("auth/")) return code;
	// The lite SDK reports a request that got no response at all (server down, connection refused) as
	// "unknown", after its own retries: to the user that is an unreachable database.
	return code === "unknown" ? "firestore/unavailable" : `firestore/${code}`;
}

export function toAppError(error: unknown): AppError {
	if (error instanceof ShortyError) return appError(error.code, error.detail);
	const code = firebaseCode(error);
	if (code !== undefined) {
		const catalogued = catalogueCode(code);
		// An uncatalogued code still never shows the SDK's own wording ("Firebase: Error (...)"), only the code.
		return isErrorCode(catalogued) ? appError(catalogued) : appError("internal", code);
	}
	return appError("internal", error instanceof Error ? error.message : String(error));
}
