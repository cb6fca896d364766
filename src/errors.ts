/**
 * The catalogue of everything that can go wrong, as codes that cross the message boundary and the
 * text a user reads for each. Errors travel as values ({ code, message }), never as thrown objects,
 * because extension messaging serialises replies and would strip an Error's prototype and fields.
 */
const userText = {
	"background-unavailable":
		"Shorty's background service did not answer. Reload the extension from chrome://extensions and try again.",
	internal: "Something went wrong inside Shorty.",
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
}

export function toAppError(error: unknown): AppError {
	if (error instanceof ShortyError) return { code: error.code, message: error.message };
	return appError("internal", error instanceof Error ? error.message : String(error));
}
