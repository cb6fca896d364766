/**
 * Shorty's local Firestore server in this process, with the rules' real policy, for the redirect page's
 * tests: the page's own REST calls go to it exactly as they would from a browser.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEmulatorAuthenticate } from "../../../local/auth";
import { PROJECT_ID, readIndexes } from "../../../local/config";
import { startFirestoreServer } from "../../../local/firestore/server";
import { shortyPolicy } from "../../../local/policy";
import type { FirestoreLocation } from "../../../redirect/firestoreRest";
import { type FirestoreAdmin, firestoreAdmin } from "../../firestoreAdmin";

export interface LocalFirestore extends FirestoreAdmin {
	/** Where the page's store finds this server. */
	location: FirestoreLocation;
	stop(): Promise<void>;
}

/** Starts a server on `port` (a free one by default) over an empty folder. */
export async function startLocalFirestore(port = 0): Promise<LocalFirestore> {
	const dataDir = mkdtempSync(join(tmpdir(), "shorty-redirect-"));
	const server = await startFirestoreServer({
		projectId: PROJECT_ID,
		dataDir,
		port,
		indexes: readIndexes(),
		authenticate: createEmulatorAuthenticate(PROJECT_ID),
		policy: shortyPolicy,
	});
	const origin = `http://127.0.0.1:${server.port}`;
	return {
		...firestoreAdmin(origin),
		location: { origin, projectId: PROJECT_ID, apiKey: null },
		async stop() {
			await server.close();
			rmSync(dataDir, { recursive: true, force: true });
		},
	};
}
