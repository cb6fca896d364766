/**
 * The catalogue of everything that can go wrong, as codes that cross the message boundary and the
 * text a user reads for each. Errors travel as values ({ code, message }), never as thrown objects,
 * because extension messaging serialises replies and would strip an Error's prototype and fields.
 * Firebase's own errors are mapped here too, so nobody ever reads a raw "FirebaseError: ...".
 */
const userText = {
	// Shorty's own.
	timeout: "Shorty got no answer within 10 seconds. Check your connection, then retry.",
	"background-unavailable":
		"Shorty's background service did not answer. Reload the extension from chrome://extensions and try again.",
	internal: "Something went wrong inside Shorty.",
	"invalid-request": "Shorty's pages sent a request the background could not read. Reload the extension.",
	"invalid-url": "That is not a web address Shorty can shorten.",
	"url-too-long": "That address is longer than 2,048 characters, too long to shorten.",
	"restricted-page": "Browser pages, extension stores and local files cannot be shortened.",
	"already-short": "That is already a Shorty link.",
	"alias-invalid": "Aliases are 3 to 64 letters, digits, hyphens or underscores.",
	"alias-reserved": "That alias is reserved. Please pick another.",
	"alias-taken": "That alias is already in use. Please pick another.",
	"rate-limited": "You have made as many new links as Shorty allows in an hour.",
	"codes-exhausted": "Shorty could not find a free short code. Please try again.",
	"link-not-found": "That link no longer exists.",
	"signed-out": "Sign in to do that.",
	"signed-out-by-user": "You signed out of Shorty. Open its popup to sign in, or to shorten without an account.",
	"clipboard-failed": "The short link is ready, but Shorty could not copy it. Open the popup to copy it.",
	offline: "You are offline. Shorty will try again as soon as you are back online.",
	// Firebase Auth (FirebaseError codes "auth/...").
	"auth/invalid-credential": "Wrong email or password.",
	"auth/email-already-in-use": "An account with that email already exists. Sign in instead.",
	"auth/credential-already-in-use": "That account already exists. Sign in to it instead.",
	"auth/weak-password": "Passwords need at least 6 characters.",
	"auth/invalid-email": "That email address does not look right.",
	"auth/missing-password": "Enter your password.",
	"auth/missing-email": "Enter your email address.",
	"auth/too-many-requests": "Too many attempts. Wait a minute, then try again.",
	"auth/network-request-failed": "Shorty could not reach the sign-in service. Check your connection and try again.",
	"auth/user-disabled": "This account has been disabled.",
	"auth/operation-not-allowed": "This way of signing in is turned off for this Shorty backend.",
	"auth/requires-recent-login": "For your security, sign in again, then retry.",
	// Cloud Firestore (FirestoreError codes, prefixed here so they cannot clash with ours).
	"firestore/permission-denied": "You do not have permission to do that. Try signing in again.",
	"firestore/unauthenticated": "Your session has ended. Sign in again.",
	"firestore/already-exists": "That short code is already taken. Please try again.",
	"firestore/not-found": "That link no longer exists.",
	"firestore/unavailable": "Shorty could not reach its database. Check your connection and try again.",
	"firestore/deadline-exceeded": "The database took too long to answer. Please try again.",
	"firestore/resource-exhausted": "The database is over its quota right now. Please try again later.",
	"firestore/aborted": "Someone else changed this at the same moment. Please try again.",
	"firestore/failed-precondition": "That change no longer applies: the link was changed elsewhere. Reload and retry.",
	"firestore/cancelled": "The request was cancelled. Please try again.",
	"firestore/invalid-argument": "The database refused the request as malformed.",
} as const;

export type ErrorCode = keyof typeof userText;

export interface AppError {
	code: ErrorCode;
	message: string;
}

export function isErrorCode(value: unknown): value is ErrorCode {
	return typeof value === "string" && Object.hasOwn(userText, value);
}

export function appError(code: ErrorCode, detail?: string): AppError {
	return { code, message: detail ? `${userText[code]} (${detail})` : userText[code] };
}

/** Thrown inside the background when the cause is known; the message handler turns it into an AppError. */
export class ShortyError extends Error {
	readonly code: ErrorCode;

	constructor(code: ErrorCode, detail?: string) {
		super(appError(code, detail).message);
		this.name = "ShortyError";
		this.code = code;
	}

	/** The same error, thrown: for a check that already produced its AppError. */
	static from(error: AppError): ShortyError {
		const thrown = new ShortyError(error.code);
		thrown.message = error.message;
		return thrown;
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
	if (code.startsWith("auth/")) return code;
	// The lite SDK reports a request that got no response at all (server down, connection refused) as
	// "unknown", after its own retries: to the user that is an unreachable database.
	return code === "unknown" ? "firestore/unavailable" : `firestore/${code}`;
}

export function toAppError(error: unknown): AppError {
	if (error instanceof ShortyError) return { code: error.code, message: error.message };
	const code = firebaseCode(error);
	if (code !== undefined) {
		const catalogued = catalogueCode(code);
		// An uncatalogued code still never shows the SDK's own wording ("Firebase: Error (...)"), only the code.
		return isErrorCode(catalogued) ? appError(catalogued) : appError("internal", code);
	}
	return appError("internal", error instanceof Error ? error.message : String(error));
}
