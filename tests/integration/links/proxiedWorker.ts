/**
 * A worker's Firestore for one user, through a proxy that notes every request's method: each one is a
 * round trip a user far from Firestore waits for (issue 20).
 */
import { deleteApp, type FirebaseApp, initializeApp } from "firebase/app";
import { connectFirestoreEmulator, type Firestore, getFirestore } from "firebase/firestore/lite";
import { inject } from "vitest";
import { type FaultyProxy, startFaultyProxy } from "../firestore/faultyProxy";

export const SHORT_BASE = "http://127.0.0.1:5000/";

const apps: FirebaseApp[] = [];
const proxies: FaultyProxy[] = [];

/** Call from afterAll: closes every worker's app and proxy. */
export async function closeProxiedWorkers(): Promise<void> {
	await Promise.all(apps.splice(0).map((app) => deleteApp(app)));
	await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
}

/** A signed-in user with an account's limits (a new id unless given) and their worker's Firestore. */
export async function proxiedWorkerDb(owner = `requests-${crypto.randomUUID()}`) {
	const proxy = await startFaultyProxy(Number(inject("backend").firestore.split(":")[1]));
	proxies.push(proxy);
	const app = initializeApp({ projectId: "demo-shorty", apiKey: "fake" }, `requests-${crypto.randomUUID()}`);
	apps.push(app);
	const db: Firestore = getFirestore(app);
	connectFirestoreEmulator(db, "127.0.0.1", proxy.port, {
		mockUserToken: { sub: owner, user_id: owner, firebase: { sign_in_provider: "password", identities: {} } },
	});
	return { owner, db, methods: proxy.methods };
}
