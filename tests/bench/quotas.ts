/**
 * Lets a benchmark make more new links than an hour allows: the browser benchmarks' many new addresses
 * would pass the 60 an hour an anonymous session may make (src/links/schema.ts, CREATION_LIMITS).
 */
import { deleteApp, initializeApp } from "firebase/app";
import { collection, connectFirestoreEmulator, getDocs, getFirestore, updateDoc } from "firebase/firestore/lite";
import { PROJECT_ID } from "../../local/config";
import { QUOTAS } from "../../src/links/schema";

/**
 * Starts every account's count of new links this hour again. The window itself stays, so no run pays for
 * opening one. Written with the emulators' administrator token, straight at the server at `firestoreHost`:
 * no latency proxy counts it.
 */
export async function newLinksCountFromZero(firestoreHost: string): Promise<void> {
	const app = initializeApp({ projectId: PROJECT_ID, apiKey: "demo-key" }, `bench-quotas-${Date.now()}`);
	try {
		const db = getFirestore(app);
		const [host = "127.0.0.1", port] = firestoreHost.split(":");
		connectFirestoreEmulator(db, host, Number(port), { mockUserToken: "owner" });
		const quotas = await getDocs(collection(db, QUOTAS));
		await Promise.all(quotas.docs.map((quota) => updateDoc(quota.ref, { created: 0 })));
	} finally {
		await deleteApp(app);
	}
}
