/**
 * Firestore's REST API called with an ID token the caller holds, for a fresh worker whose Auth SDK is still
 * reloading its user (issue 20: that reload is a round trip, and the SDK's Firestore waits for it). The
 * requests are the ones firebase/firestore/lite sends (./restCommit.ts, ./restRead.ts); errors carry the
 * codes the SDK's FirestoreError does, so ./refusals.ts reads both alike.
 */
import type { FirestoreErrorCode } from "firebase/firestore/lite";

export interface RestTarget {
	/** "https://firestore.googleapis.com", or "http://host:port" for a local backend. */
	origin: string;
	projectId: string;
	idToken: string;
	fetch: typeof fetch;
}

/** The name every document's path starts with, as requests carry it. */
export const documentsRoot = (projectId: string) => `projects/${projectId}/databases/(default)/documents`;

/**
 * A refused or unanswered request, shaped as the SDK's FirestoreError (a "FirebaseError" with its code),
 * which is what ./refusals.ts and toAppError (src/errors.ts) read; the SDK keeps that class's constructor
 * private.
 */
export class RestError extends Error {
	override name = "FirebaseError";

	constructor(
		readonly code: FirestoreErrorCode,
		message: string,
	) {
		super(message);
	}
}

/** Google's canonical status as the SDK maps it (FirestoreError's code), from the HTTP status alone as it does. */
function codeOfStatus(status: number): FirestoreErrorCode {
	const known: Record<number, FirestoreErrorCode> = {
		400: "failed-precondition",
		401: "unauthenticated",
		403: "permission-denied",
		404: "not-found",
		409: "aborted",
		429: "resource-exhausted",
		499: "cancelled",
		500: "unknown",
		501: "unimplemented",
		503: "unavailable",
		504: "deadline-exceeded",
	};
	return known[status] ?? (status >= 400 && status < 500 ? "failed-precondition" : "internal");
}

/** Calls the database's `rpc` ("commit", "batchGet") with `body`; its answer, or a RestError. */
export async function callRest(target: RestTarget, rpc: string, body: object): Promise<unknown> {
	const url = `${target.origin}/v1/${documentsRoot(encodeURIComponent(target.projectId))}:${rpc}`;
	let response: Response;
	try {
		response = await target.fetch(url, {
			method: "POST",
			headers: { Authorization: `Bearer ${target.idToken}`, "Content-Type": "application/json" },
			body: JSON.stringify(body),
		});
	} catch (error) {
		// The SDK's word for a request that got no answer: a write may or may not have been carried out.
		throw new RestError("unknown", `The ${rpc} got no answer: ${String(error)}`);
	}
	const answer: unknown = await response.json().catch(() => null);
	if (response.ok) return answer;
	// A streamed call's error (batchGet's) comes as the one entry of an array, as the SDK reads it too.
	const failure = (Array.isArray(answer) ? answer[0] : answer) as { error?: { message?: string } } | null;
	throw new RestError(codeOfStatus(response.status), failure?.error?.message || response.statusText);
}
