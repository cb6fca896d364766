import { type AppError, appError, type ErrorCode, MIN_PASSWORD_LENGTH } from "../../errors";

/** The fields the account forms have; each form lists its own, in screen order. */
export type AccountField = "email" | "password";

// One "@", something before it, and a dot in the domain: enough to catch typos; the server decides the rest.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailProblem(value: string): AppError | null {
	const email = value.trim();
	if (email === "") return appError("auth/missing-email");
	return EMAIL_SHAPE.test(email) ? null : appError("auth/invalid-email");
}

export function passwordProblem(value: string): AppError | null {
	if (value === "") return appError("auth/missing-password");
	return value.length < MIN_PASSWORD_LENGTH ? appError("auth/weak-password") : null;
}

export const fieldChecks: Record<AccountField, (value: string) => AppError | null> = {
	email: emailProblem,
	password: passwordProblem,
};

/** The field a server error is about, shown under it; other errors are about the whole form. */
const fieldOfError: Partial<Record<ErrorCode, AccountField>> = {
	"auth/invalid-email": "email",
	"auth/missing-email": "email",
	"auth/email-already-in-use": "email",
	"auth/credential-already-in-use": "email",
	"auth/weak-password": "password",
	"auth/missing-password": "password",
};

export function fieldOf(code: ErrorCode): AccountField | undefined {
	return fieldOfError[code];
}

/** Where focus goes after a server error: its field, or the password for "wrong email or password". */
export function fieldToRevisit(code: ErrorCode): AccountField | undefined {
	if (code === "auth/invalid-credential") return "password";
	return fieldOf(code);
}
