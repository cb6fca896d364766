/** How the store turns a failed check or a refused request into what the caller hears. */
import { ShortyError } from "../../errors";
import type { Checked } from "../types";

export function orThrow<T>(checked: Checked<T>): T {
	if (!checked.ok) throw ShortyError.from(checked.error);
	return checked.value;
}

/** The rules refused the request (Firestore also says this for a write over a document it may not change). */
export function isPermissionDenied(error: unknown): boolean {
	return (error as { code?: unknown })?.code === "permission-denied";
}

/**
 * The request got no answer (the lite SDK says "unknown" when fetch itself failed) or a server busy or
 * timed out: it may or may not have been carried out.
 */
export function mayHaveLanded(error: unknown): boolean {
	const code = (error as { code?: unknown })?.code;
	return code === "unknown" || code === "unavailable" || code === "deadline-exceeded";
}
