/**
 * Shorty's local Firestore server on a free port with every request allowed (the rules are not what these
 * benchmarks time), its data in a temporary folder, and a lite SDK client connected to it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deleteApp, initializeApp } from "firebase/app";
import { connectFirestoreEmulator, type Firestore, getFirestore } from "firebase/firestore/lite";
import { PROJECT_ID, readFieldOverrides, readIndexes } from "../../local/config";
import { startFirestoreServer } from "../../local/firestore/server";
import type { RunningFirestoreServer } from "../../local/firestore/types";

export interface BenchFirestore {
	server: RunningFirestoreServer;
	db: Firestore;
	close(): Promise<void>;
}

/** The server signs every request in as `uid`. */
export async function startBenchFirestore(name: string, uid = "alice"): Promise<BenchFirestore> {
	const dataDir = mkdtempSync(join(tmpdir(), "shorty-bench-"));
	const server = await startFirestoreServer({
		projectId: PROJECT_ID,
		dataDir,
		port: 0,
		indexes: readIndexes(),
		fieldOverrides: readFieldOverrides(),
		authenticate: async () => ({ uid, token: { sub: uid } }),
		policy: () => true,
	});
	const app = initializeApp({ projectId: PROJECT_ID, apiKey: "fake" }, name);
	const db = getFirestore(app);
	connectFirestoreEmulator(db, "127.0.0.1", server.port);
	return {
		server,
		db,
		async close() {
			await deleteApp(app);
			await server.close();
			rmSync(dataDir, { recursive: true, force: true });
		},
	};
}

export async function timeMs(action: () => Promise<unknown>): Promise<number> {
	const started = process.hrtime.bigint();
	await action();
	return Number(process.hrtime.bigint() - started) / 1e6;
}
