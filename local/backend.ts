/**
 * The embedded local backend: firebase-tools' Auth, Hosting and Functions emulators (the short-link
 * function, built first) plus Shorty's own Firestore-compatible server, enforcing the same policy as
 * firestore.rules.
 */
import { join } from "node:path";
import { buildFunction } from "../functions/build";
import { createEmulatorAuthenticate } from "./auth";
import {
	type BackendPorts,
	localShortLinkSite,
	PORT_VARIABLES,
	PROJECT_ID,
	readFieldOverrides,
	readIndexes,
} from "./config";
import { type ShortLinks, startEmulators } from "./emulators";
import type { WriteContentionModel } from "./firestore/contention";
import { startFirestoreServer } from "./firestore/server";
import { shortyPolicy } from "./policy";
import { assertPortFree } from "./ports";

export interface BackendOptions {
	ports: BackendPorts;
	/** Firestore data, the emulators' run folder and (when persistAuth) Auth accounts live here. */
	dataDir: string;
	/** Keep Auth accounts across restarts (npm start); tests use throwaway accounts. */
	persistAuth: boolean;
	/** What Hosting serves, if not redirect/dist: a redirect page built against these ports (tests). */
	hostingPublicDir?: string;
	/**
	 * Who answers short links: the Cloud Function (the default, as deployed with `npm run deploy`) or the
	 * static page (as `npm run deploy:static`), which starts sooner for backends that never open one.
	 */
	shortLinks?: ShortLinks;
	/** Production's limit on writes to one document (local/firestore/contention.ts); off unless given. */
	writeContention?: WriteContentionModel;
}

export interface RunningBackend {
	ports: BackendPorts;
	/** The variables the Firebase SDKs and CLI read to find emulators. */
	env: { FIREBASE_AUTH_EMULATOR_HOST: string; FIRESTORE_EMULATOR_HOST: string; GCLOUD_PROJECT: string };
	emulatorLog: string;
	stop(): Promise<void>;
}

const SERVICE_NAMES: Record<keyof BackendPorts, string> = {
	auth: "Auth emulator",
	firestore: "Firestore server",
	hosting: "Hosting emulator",
};

export async function startBackend(options: BackendOptions): Promise<RunningBackend> {
	const { ports, dataDir } = options;
	for (const service of Object.keys(ports) as Array<keyof BackendPorts>) {
		await assertPortFree(ports[service], SERVICE_NAMES[service], PORT_VARIABLES[service]);
	}
	const firestore = await startFirestoreServer({
		projectId: PROJECT_ID,
		dataDir: join(dataDir, "firestore"),
		host: "127.0.0.1",
		port: ports.firestore,
		indexes: readIndexes(),
		fieldOverrides: readFieldOverrides(),
		authenticate: createEmulatorAuthenticate(PROJECT_ID),
		// Links may not point at this backend's own Hosting, as the deployed rules refuse the project's site.
		policy: shortyPolicy(localShortLinkSite(`127.0.0.1:${ports.hosting}`)),
		...(options.writeContention ? { writeContention: options.writeContention } : {}),
	});
	let emulators: Awaited<ReturnType<typeof startEmulators>>;
	try {
		const shortLinks = options.shortLinks ?? "function";
		// Before the emulators: the Functions emulator loads the function once, as it starts.
		if (shortLinks === "function") await buildFunction();
		emulators = await startEmulators({
			authPort: ports.auth,
			hostingPort: ports.hosting,
			firestoreHost: `127.0.0.1:${ports.firestore}`,
			shortLinks,
			runDir: join(dataDir, "emulators-run"),
			...(options.persistAuth ? { persistDir: join(dataDir, "auth") } : {}),
			...(options.hostingPublicDir ? { publicDir: options.hostingPublicDir } : {}),
		});
	} catch (error) {
		await firestore.close();
		throw error;
	}
	return {
		ports,
		env: {
			FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
			FIRESTORE_EMULATOR_HOST: `127.0.0.1:${ports.firestore}`,
			GCLOUD_PROJECT: PROJECT_ID,
		},
		emulatorLog: emulators.logFile,
		async stop() {
			await Promise.all([emulators.stop(), firestore.close()]);
		},
	};
}
