/**
 * Shorty's local Firestore server in this process, with the rules' real policy, for the redirect page's
 * tests: the page's own REST calls go to it exactly as they would from a browser.
 */
import { localShortLinkSite, PROJECT_ID } from "../../../local/config";
import { shortyPolicy } from "../../../local/policy";
import type { FirestoreLocation } from "../../../redirect/firestoreRest";
import { type FirestoreAdmin, firestoreAdmin } from "../../firestoreAdmin";
import { startTestServer } from "../../integration/firestore/helpers";

export interface LocalFirestore extends FirestoreAdmin {
	/** Where the page's store finds this server. */
	location: FirestoreLocation;
	stop(): Promise<void>;
}

/** Starts a server on `port` (a free one by default) over an empty folder. */
export async function startLocalFirestore(port = 0): Promise<LocalFirestore> {
	const server = await startTestServer({ policy: shortyPolicy(localShortLinkSite()), port });
	return {
		...firestoreAdmin(server.url),
		location: { origin: server.url, projectId: PROJECT_ID, apiKey: null },
		stop: () => server.stop(),
	};
}
