/**
 * A worker's Firestore for one user, through a proxy that notes every request's method: each one is a
 * round trip a user far from Firestore waits for (issue 20). With a round trip, the bench's latency proxy
 * (tests/bench/latencyProxy.ts) stands in front, so a guarantee can be tested as far away as production.
 */
import { deleteApp, type FirebaseApp, initializeApp } from "firebase/app";
import { connectFirestoreEmulator, type Firestore, getFirestore } from "firebase/firestore/lite";
import { inject } from "vitest";
import type { RestTarget } from "../../../src/links/store/rest";
import { type LatencyProxy, startLatencyProxy } from "../../bench/latencyProxy";
import { emulatorIdToken, PROJECT } from "../emulatorToken";
import { type FaultyProxy, startFaultyProxy } from "../firestore/faultyProxy";

export const SHORT_BASE = "http://127.0.0.1:5000/";

const apps: FirebaseApp[] = [];
const proxies: Array<FaultyProxy | LatencyProxy> = [];

/** Call from afterAll: closes every worker's app and proxy. */
export async function closeProxiedWorkers(): Promise<void> {
	await Promise.all(apps.splice(0).map((app) => deleteApp(app)));
	await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
}

/**
 * A signed-in user with an account's limits (a new id unless given) and their worker's Firestore,
 * `roundTripMs` away: through the SDK (`db`), and over REST with the user's token (`rest`), as a worker just
 * started sends with its saved one.
 */
export async function proxiedWorkerDb(owner = `requests-${crypto.randomUUID()}`, roundTripMs = 0) {
	const proxy = await startFaultyProxy(Number(inject("backend").firestore.split(":")[1]));
	proxies.push(proxy);
	const far = roundTripMs > 0 ? await startLatencyProxy(`127.0.0.1:${proxy.port}`, roundTripMs) : null;
	if (far) proxies.push(far);
	const app = initializeApp({ projectId: PROJECT, apiKey: "fake" }, `requests-${crypto.randomUUID()}`);
	apps.push(app);
	const db: Firestore = getFirestore(app);
	const port = far ? Number(far.host.split(":")[1]) : proxy.port;
	connectFirestoreEmulator(db, "127.0.0.1", port, {
		mockUserToken: { sub: owner, user_id: owner, firebase: { sign_in_provider: "password", identities: {} } },
	});
	const rest: RestTarget = {
		origin: `http://127.0.0.1:${port}`,
		projectId: PROJECT,
		idToken: emulatorIdToken(owner),
		fetch,
	};
	return { owner, db, rest, methods: proxy.methods, catchNext: proxy.catchNext };
}
