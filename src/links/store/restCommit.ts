/**
 * The create's commit sent straight to Firestore's REST API with an ID token the caller holds, for a fresh
 * worker whose Auth SDK is still reloading its user (issue 20: that reload is a round trip, and the SDK's
 * Firestore waits for it). The request is the one firebase/firestore/lite sends for the same batch: a set is
 * `update` plus `updateTransforms`, a merge adds an `updateMask` of its plain fields; errors carry the codes
 * the SDK's FirestoreError does, so ./refusals.ts reads both alike.
 */
import type { FirestoreErrorCode } from "firebase/firestore/lite";
import { type DocumentWrite, isTransform, type PlainValue } from "./writes";

export interface RestTarget {
	/** "https://firestore.googleapis.com", or "http://host:port" for a local backend. */
	origin: string;
	projectId: string;
	idToken: string;
	fetch: typeof fetch;
}

type RestValue =
	| { stringValue: string }
	| { booleanValue: boolean }
	| { integerValue: string }
	| { doubleValue: number }
	| { nullValue: "NULL_VALUE" }
	| { arrayValue: { values: RestValue[] } };

function restValue(value: PlainValue): RestValue {
	if (value === null) return { nullValue: "NULL_VALUE" };
	if (typeof value === "string") return { stringValue: value };
	if (typeof value === "boolean") return { booleanValue: value };
	if (typeof value === "number")
		return Number.isSafeInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
	return { arrayValue: { values: value.map((item) => ({ stringValue: item })) } };
}

function restWrite(documents: string, { collection, id, fields, merge }: DocumentWrite) {
	const plain: Record<string, RestValue> = {};
	const updateTransforms: object[] = [];
	for (const [fieldPath, value] of Object.entries(fields)) {
		if (value === undefined) continue;
		if (!isTransform(value)) plain[fieldPath] = restValue(value);
		else if (value.transform === "server-time") updateTransforms.push({ fieldPath, setToServerValue: "REQUEST_TIME" });
		else updateTransforms.push({ fieldPath, increment: restValue(value.by) });
	}
	return {
		update: { name: `${documents}/${collection}/${encodeURIComponent(id)}`, fields: plain },
		// Shorty's field names are plain identifiers, which a field path needs no quoting for.
		...(merge ? { updateMask: { fieldPaths: Object.keys(plain).sort() } } : {}),
		...(updateTransforms.length > 0 ? { updateTransforms } : {}),
	};
}

/** The commit's body, as the SDK would send it. */
function restCommitBody(projectId: string, writes: readonly DocumentWrite[]) {
	const documents = `projects/${projectId}/databases/(default)/documents`;
	return { writes: writes.map((write) => restWrite(documents, write)) };
}

/**
 * A refused or unanswered commit, shaped as the SDK's FirestoreError (a "FirebaseError" with its code), which
 * is what ./refusals.ts and toAppError (src/errors.ts) read; the SDK keeps that class's constructor private.
 */
export class RestCommitError extends Error {
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

/** Sends the writes as one commit; a refusal or a failed fetch throws a RestCommitError. */
export async function commitOverRest(target: RestTarget, writes: readonly DocumentWrite[]): Promise<void> {
	const url = `${target.origin}/v1/projects/${encodeURIComponent(target.projectId)}/databases/(default)/documents:commit`;
	let response: Response;
	try {
		response = await target.fetch(url, {
			method: "POST",
			headers: { Authorization: `Bearer ${target.idToken}`, "Content-Type": "application/json" },
			body: JSON.stringify(restCommitBody(target.projectId, writes)),
		});
	} catch (error) {
		// The SDK's word for a request that got no answer: it may or may not have been carried out.
		throw new RestCommitError("unknown", `The commit got no answer: ${String(error)}`);
	}
	if (response.ok) return;
	const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
	throw new RestCommitError(codeOfStatus(response.status), body?.error?.message ?? response.statusText);
}
