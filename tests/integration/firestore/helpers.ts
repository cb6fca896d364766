/** Starting a server on a fresh folder and connecting the real lite SDK to it, as each test file does. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deleteApp, type FirebaseApp, initializeApp } from "firebase/app";
import { connectFirestoreEmulator, type Firestore, type FirestoreError, getFirestore } from "firebase/firestore/lite";
import { createEmulatorAuthenticate } from "../../../local/auth";
import { readIndexes } from "../../../local/config";
import { startFirestoreServer } from "../../../local/firestore/server";
import type {
	AccessPolicy,
	FirestoreServerOptions,
	IndexDefinition,
	RunningFirestoreServer,
} from "../../../local/firestore/types";

export const PROJECT_ID = "demo-shorty";

/** The project's own indexes, so the tests exercise the configuration production uses. */
export const LINK_INDEXES: IndexDefinition[] = readIndexes();

export const allowAll: AccessPolicy = () => true;

/** What every test server shares: this project, a free port, the real emulator-token check. */
export function serverOptions(
	dataDir: string,
	overrides: Partial<FirestoreServerOptions> = {},
): FirestoreServerOptions {
	return {
		projectId: PROJECT_ID,
		dataDir,
		port: 0,
		indexes: LINK_INDEXES,
		authenticate: createEmulatorAuthenticate(PROJECT_ID),
		policy: allowAll,
		...overrides,
	};
}

/** The SDK error code a call fails with. */
export async function errorCodeOf(promise: Promise<unknown>): Promise<string> {
	try {
		await promise;
	} catch (error) {
		if ((error as FirestoreError).name !== "FirebaseError") throw error;
		return (error as FirestoreError).code;
	}
	throw new Error("expected the call to fail");
}

export interface TestServer {
	server: RunningFirestoreServer;
	dataDir: string;
	url: string;
	/** Closes the server and every app connected through `connect`. */
	stop(): Promise<void>;
	/** A Firestore client signed in as `uid`, or signed out for null. */
	connect(uid?: string | null): Firestore;
	/** Empties the database (the emulator's reset endpoint). */
	reset(): Promise<void>;
}

let appCount = 0;

export async function startTestServer(
	options: { policy?: AccessPolicy; indexes?: IndexDefinition[]; dataDir?: string } = {},
): Promise<TestServer> {
	const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "shorty-firestore-"));
	const server = await startFirestoreServer(
		serverOptions(dataDir, {
			...(options.indexes === undefined ? {} : { indexes: options.indexes }),
			...(options.policy === undefined ? {} : { policy: options.policy }),
		}),
	);
	const apps: FirebaseApp[] = [];
	const url = `http://127.0.0.1:${server.port}`;
	return {
		server,
		dataDir,
		url,
		async stop() {
			await Promise.all(apps.map((app) => deleteApp(app)));
			await server.close();
			if (options.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
		},
		connect(uid = "alice") {
			const app = initializeApp({ projectId: PROJECT_ID, apiKey: "fake" }, `shorty-test-${++appCount}`);
			apps.push(app);
			const db = getFirestore(app);
			connectFirestoreEmulator(
				db,
				"127.0.0.1",
				server.port,
				uid === null ? {} : { mockUserToken: { sub: uid, user_id: uid } },
			);
			return db;
		},
		async reset() {
			const response = await fetch(`${url}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`, {
				method: "DELETE",
			});
			if (!response.ok) throw new Error(`reset failed with ${response.status}`);
		},
	};
}
