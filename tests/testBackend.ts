/**
 * A throwaway local backend on free ports, for the integration and end-to-end suites. When
 * FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST are set, those are used instead, so the
 * suites can run against the official emulators (and the real firestore.rules) where they exist.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startBackend } from "../local/backend";
import type { ShortLinks } from "../local/emulators";
import type { WriteContentionModel } from "../local/firestore/contention";
import { freePort } from "../local/ports";
import { buildRedirectPage } from "../redirect/build";

export interface BackendHosts {
	auth: string;
	firestore: string;
	/** Our Hosting emulator; null for an external backend, which may have none. */
	hosting: string | null;
}

export interface TestBackendOptions {
	/**
	 * Serve the redirect page on Hosting, built against this backend's Firestore port (about a second
	 * more to start). Without it Hosting serves an empty folder.
	 */
	redirectPage?: boolean;
	/** Who answers short links (local/backend.ts); the Cloud Function unless said otherwise. */
	shortLinks?: ShortLinks;
	/** Refuse writes past production's rate on one document, as production does (the burst test, the bench). */
	writeContention?: WriteContentionModel;
}

export async function startTestBackend(
	options: TestBackendOptions = {},
): Promise<{ hosts: BackendHosts; stop(): Promise<void> }> {
	const { FIRESTORE_EMULATOR_HOST: firestore, FIREBASE_AUTH_EMULATOR_HOST: auth } = process.env;
	if (firestore && auth) return { hosts: { auth, firestore, hosting: null }, stop: async () => undefined };
	const dataDir = mkdtempSync(join(tmpdir(), "shorty-backend-"));
	const hostingPublicDir = join(dataDir, "hosting");
	const start = async () => {
		const ports = { auth: await freePort(), firestore: await freePort(), hosting: await freePort() };
		return startBackend({
			ports,
			dataDir,
			persistAuth: false,
			hostingPublicDir,
			...(options.shortLinks ? { shortLinks: options.shortLinks } : {}),
			...(options.writeContention ? { writeContention: options.writeContention } : {}),
		});
	};
	// A free port can be taken by another process between the check and the bind (the integration and e2e
	// suites start backends at the same moment); one more try with fresh ports settles it.
	const backend = await start().catch(start);
	// Built only now that the ports are bound: a build between choosing them and binding them would widen
	// that race by a second. Hosting reads its folder on every request, so the page is served once written.
	if (options.redirectPage) {
		await buildRedirectPage(hostingPublicDir, {
			VITE_FIRESTORE_EMULATOR_HOST: backend.env.FIRESTORE_EMULATOR_HOST,
		}).catch(async (error: unknown) => {
			await backend.stop();
			rmSync(dataDir, { recursive: true, force: true });
			throw error;
		});
	}
	return {
		hosts: {
			auth: backend.env.FIREBASE_AUTH_EMULATOR_HOST,
			firestore: backend.env.FIRESTORE_EMULATOR_HOST,
			hosting: `127.0.0.1:${backend.ports.hosting}`,
		},
		async stop() {
			await backend.stop();
			rmSync(dataDir, { recursive: true, force: true });
		},
	};
}
