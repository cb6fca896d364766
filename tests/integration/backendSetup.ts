/**
 * Starts one local backend for the integration suite, on free ports in a throwaway folder. When
 * FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST are set, the suite uses those instead, so
 * it can run against the official emulators (and the real firestore.rules) where they exist.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startBackend } from "../../local/backend";
import { freePort } from "../../local/ports";

export interface BackendHosts {
	auth: string;
	firestore: string;
	hosting: string | null;
}

declare module "vitest" {
	export interface ProvidedContext {
		backend: BackendHosts;
	}
}

export default async function setup(project: TestProject) {
	const { FIRESTORE_EMULATOR_HOST: firestore, FIREBASE_AUTH_EMULATOR_HOST: auth } = process.env;
	if (firestore && auth) {
		project.provide("backend", { auth, firestore, hosting: null });
		return;
	}
	const dataDir = mkdtempSync(join(tmpdir(), "shorty-backend-"));
	const ports = { auth: await freePort(), firestore: await freePort(), hosting: await freePort() };
	const backend = await startBackend({ ports, dataDir, persistAuth: false });
	project.provide("backend", {
		auth: backend.env.FIREBASE_AUTH_EMULATOR_HOST,
		firestore: backend.env.FIRESTORE_EMULATOR_HOST,
		hosting: `127.0.0.1:${ports.hosting}`,
	});
	return async () => {
		await backend.stop();
		rmSync(dataDir, { recursive: true, force: true });
	};
}
