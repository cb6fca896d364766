/**
 * A stand-in for Firestore where the local server cannot play the part: one that answers every request
 * with an error status, as Firestore does when it refuses a request or is overloaded, or one that never
 * answers at all.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { PROJECT_ID } from "../../../local/config";
import type { FirestoreLocation } from "../../../redirect/firestoreRest";

export interface StubFirestore {
	location: FirestoreLocation;
	/** Requests it has had. */
	requests(): number;
	stop(): Promise<void>;
}

/** Answers with `status` and Firestore's error body, or (null) holds every request open unanswered. */
export async function startStubFirestore(status: number | null): Promise<StubFirestore> {
	let requests = 0;
	const server = createServer((request, response) => {
		requests++;
		request.resume();
		if (status === null) return;
		response.writeHead(status, { "Content-Type": "application/json", "Access-Control-Allow-Origin": "*" });
		response.end(JSON.stringify({ error: { code: status, message: `Stub error ${status}`, status: "STUB" } }));
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const { port } = server.address() as AddressInfo;
	return {
		location: { origin: `http://127.0.0.1:${port}`, projectId: PROJECT_ID, apiKey: null },
		requests: () => requests,
		stop: () =>
			new Promise((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}
