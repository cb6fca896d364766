/** Starting a server on a fresh folder and connecting the real lite SDK to it, as each test file does. */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { deleteApp, type FirebaseApp, initializeApp } from "firebase/app";
import { connectFirestoreEmulator, type Firestore, type FirestoreError, getFirestore } from "firebase/firestore/lite";
import { createEmulatorAuthenticate } from "../../../local/auth";
import { readFieldOverrides, readIndexes } from "../../../local/config";
import { startFirestoreServer } from "../../../local/firestore/server";
import type {
	AccessPolicy,
	FieldOverride,
	FirestoreServerOptions,
	IndexDefinition,
	RunningFirestoreServer,
} from "../../../local/firestore/types";
import { emulatorIdToken } from "../emulatorToken";

export const PROJECT_ID = "demo-shorty";

/** The project's own indexes, so the tests exercise the configuration production uses. */
export const LINK_INDEXES: IndexDefinition[] = readIndexes();
export const LINK_FIELD_OVERRIDES: FieldOverride[] = readFieldOverrides();

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
		fieldOverrides: LINK_FIELD_OVERRIDES,
		authenticate: createEmulatorAuthenticate(PROJECT_ID),
		policy: allowAll,
		...overrides,
	};
}

/** An Authorization header for `uid` with an unsigned emulator ID token, as the SDK's mockUserToken sends. */
export function bearerFor(uid: string): string {
	return `Bearer ${emulatorIdToken(uid)}`;
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
	/** A Firestore client signed in as `uid`, as the administrator, or signed out for null. */
	connect(uid?: string | null | typeof ADMINISTRATOR): Firestore;
	/** Empties the database (the emulator's reset endpoint). */
	reset(): Promise<void>;
}

let appCount = 0;

/** The emulator's administrator ("Bearer owner"), which the policy lets past. */
export const ADMINISTRATOR = Symbol("administrator");

/**
 * The real lite SDK on a server's port, signed in as `caller` (an emulator mock token), as the
 * administrator, or signed out for null.
 */
export function connectSdk(
	port: number,
	caller: string | null | typeof ADMINISTRATOR,
): { db: Firestore; app: FirebaseApp } {
	const app = initializeApp({ projectId: PROJECT_ID, apiKey: "fake" }, `shorty-test-${++appCount}`);
	const db = getFirestore(app);
	const token = caller === ADMINISTRATOR ? "owner" : caller === null ? undefined : { sub: caller, user_id: caller };
	connectFirestoreEmulator(db, "127.0.0.1", port, token === undefined ? {} : { mockUserToken: token });
	return { db, app };
}

/**
 * The server in a child process (serverProcess.ts), for tests that kill it with SIGKILL. `policy` "shorty"
 * enforces firestore.rules' policy; otherwise everything is allowed.
 */
export async function spawnServer(
	dataDir: string,
	policy: "allow-all" | "shorty" = "allow-all",
): Promise<{ child: ChildProcess; port: number }> {
	const script = fileURLToPath(new URL("./serverProcess.ts", import.meta.url));
	const child = spawn(process.execPath, ["--import", "tsx", script, dataDir, policy], {
		stdio: ["ignore", "pipe", "inherit"],
	});
	const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
	const port = await new Promise<number>((resolve, reject) => {
		child.once("exit", (code) => reject(new Error(`the server process exited with ${code}`)));
		lines.once("line", (line) => resolve((JSON.parse(line) as { port: number }).port));
	});
	return { child, port };
}

/** Kills `child` with SIGKILL and waits until it is gone. */
export async function killHard(child: ChildProcess): Promise<void> {
	const exited = new Promise((resolve) => child.once("exit", resolve));
	child.kill("SIGKILL");
	await exited;
}

export async function startTestServer(
	options: Partial<Pick<FirestoreServerOptions, "policy" | "indexes" | "dataDir" | "port" | "writeContention">> = {},
): Promise<TestServer> {
	const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "shorty-firestore-"));
	const server = await startFirestoreServer(
		serverOptions(dataDir, {
			...(options.indexes === undefined ? {} : { indexes: options.indexes }),
			...(options.policy === undefined ? {} : { policy: options.policy }),
			...(options.port === undefined ? {} : { port: options.port }),
			...(options.writeContention === undefined ? {} : { writeContention: options.writeContention }),
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
			const { db, app } = connectSdk(server.port, uid);
			apps.push(app);
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

/** The documents root of the test project's database, as resource names start. */
export const DOCUMENTS = `projects/${PROJECT_ID}/databases/(default)/documents`;

/**
 * An RPC over plain HTTP, as the administrator from a local tool unless `headers` say otherwise: for what
 * the SDK would refuse before sending, or to see the raw status.
 */
export function callRpc(
	url: string,
	rpc: string,
	body: unknown,
	headers: Record<string, string> = { Authorization: "Bearer owner" },
): Promise<Response> {
	return fetch(`${url}/v1/${DOCUMENTS}:${rpc}`, {
		method: "POST",
		headers: { "Content-Type": "text/plain", ...headers },
		body: typeof body === "string" ? body : JSON.stringify(body),
	});
}

/** The error body Firestore answers with. */
export async function errorOf(response: Response): Promise<{ code: number; status: string; message: string }> {
	return ((await response.json()) as { error: { code: number; status: string; message: string } }).error;
}
