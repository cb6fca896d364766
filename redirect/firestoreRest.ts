/**
 * The one Firestore call the redirect page makes, over the Firestore v1 REST API by hand.
 * firebase/firestore/lite tree-shaken to the page's calls measured 32 KB gzip, over the page's whole 25 KB
 * budget; this request is a few hundred bytes. It is a "simple" CORS request (a text/plain body and no custom
 * headers, as the SDK itself sends), so it never waits for a preflight. batchGet rather than a GET of
 * the document: the local server implements only the RPCs the SDK uses. The page counts no visit: the
 * rules let nobody who is not signed in write anything (docs/architecture.md, "No public write").
 */
import { TARGETS, type TargetField } from "../src/links/schema";

/** Where the page finds Firestore, fixed at build time (redirect/vite.config.ts). */
export interface FirestoreLocation {
	/** "https://firestore.googleapis.com", or the local server, "http://127.0.0.1:8080". */
	origin: string;
	projectId: string;
	/** Sent as ?key= to a real project; null for the local backend. */
	apiKey: string | null;
}

export interface TargetStore {
	/**
	 * The address stored in targets/{code}: null when there is no such document, "" when it holds no
	 * string. Rejects with a FirestoreAnswerError when Firestore answers with an error, with another
	 * error when it cannot be reached or does not answer in time.
	 */
	readTarget(code: string): Promise<string | null>;
}

/** How long a visitor waits for the target before the page offers a retry. */
export const READ_TIMEOUT_MS = 10_000;

/**
 * Firestore answered, with an error: the request arrived, so the visitor's connection is not the problem
 * (that rejects with the fetch's own TypeError, or a TimeoutError).
 */
export class FirestoreAnswerError extends Error {
	readonly status: number;
	/** 429 (a quota) and 5xx (the service's own trouble) pass; any other 4xx (refused, a wrong project) will not. */
	readonly passing: boolean;

	constructor(status: number) {
		super(`Firestore answered ${status}`);
		this.status = status;
		this.passing = status === 429 || status >= 500;
	}
}

interface BatchGetAnswer {
	found?: { fields?: { [field in TargetField]?: { stringValue?: unknown } } };
}

export function firestoreRest(
	{ origin, projectId, apiKey }: FirestoreLocation,
	readTimeoutMs = READ_TIMEOUT_MS,
): TargetStore {
	const documents = `projects/${projectId}/databases/(default)/documents`;
	const call = (rpc: string, body: unknown, init: RequestInit) =>
		fetch(`${origin}/v1/${documents}:${rpc}${apiKey ? `?key=${encodeURIComponent(apiKey)}` : ""}`, {
			method: "POST",
			headers: { "Content-Type": "text/plain" },
			body: JSON.stringify(body),
			...init,
		});
	return {
		async readTarget(code) {
			const response = await call(
				"batchGet",
				{ documents: [`${documents}/${TARGETS}/${code}`] },
				{ signal: AbortSignal.timeout(readTimeoutMs) },
			);
			if (!response.ok) throw new FirestoreAnswerError(response.status);
			const [answer] = (await response.json()) as BatchGetAnswer[];
			if (!answer?.found) return null;
			const url = answer.found.fields?.url?.stringValue;
			return typeof url === "string" ? url : "";
		},
	};
}
