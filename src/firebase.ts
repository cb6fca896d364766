/**
 * Which Firebase project Shorty talks to, from build-time variables (VITE_*, read by Vite), and the one
 * place that creates the SDK objects. With no VITE_FIREBASE_PROJECT_ID the build targets the local
 * backend (`npm start`), so a fresh clone works with no account. Only the background imports this
 * module: the pages never load Firebase.
 */
import { type FirebaseOptions, initializeApp } from "firebase/app";
import { type Auth, connectAuthEmulator, indexedDBLocalPersistence, initializeAuth } from "firebase/auth/web-extension";
import { connectFirestoreEmulator, type Firestore, getFirestore } from "firebase/firestore/lite";

export interface ShortyConfig {
	firebase: FirebaseOptions;
	/** host:port of each emulator, or null for a real project. */
	emulators: { auth: string; firestore: string } | null;
	/** Where short links resolve, ending in "/": the Hosting site that serves the redirect page. */
	shortLinkBase: string;
}

export type BuildEnv = Partial<Record<string, string>>;

const LOCAL_PROJECT = "demo-shorty";

function withSlash(base: string): string {
	return base.endsWith("/") ? base : `${base}/`;
}

export function configFromEnv(env: BuildEnv): ShortyConfig {
	const projectId = env.VITE_FIREBASE_PROJECT_ID;
	if (!projectId) {
		return {
			// A demo- project never reaches Google; the emulators accept any API key.
			firebase: { projectId: LOCAL_PROJECT, apiKey: "demo-key", authDomain: `${LOCAL_PROJECT}.firebaseapp.com` },
			emulators: {
				auth: env.VITE_AUTH_EMULATOR_HOST ?? "127.0.0.1:9099",
				firestore: env.VITE_FIRESTORE_EMULATOR_HOST ?? "127.0.0.1:8080",
			},
			shortLinkBase: withSlash(env.VITE_SHORT_LINK_BASE ?? "http://127.0.0.1:5000/"),
		};
	}
	const apiKey = env.VITE_FIREBASE_API_KEY;
	if (!apiKey) throw new Error("VITE_FIREBASE_PROJECT_ID is set but VITE_FIREBASE_API_KEY is not: see .env.example");
	return {
		firebase: {
			projectId,
			apiKey,
			authDomain: env.VITE_FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
			...(env.VITE_FIREBASE_APP_ID ? { appId: env.VITE_FIREBASE_APP_ID } : {}),
		},
		emulators: null,
		shortLinkBase: withSlash(env.VITE_SHORT_LINK_BASE ?? `https://${projectId}.web.app/`),
	};
}

export interface FirebaseServices {
	auth: Auth;
	db: Firestore;
}

export function connectFirebase(config: ShortyConfig): FirebaseServices {
	const app = initializeApp(config.firebase);
	// indexedDB persistence keeps the session across service-worker restarts; web-extension auth carries
	// no remote scripts (the plain firebase/auth bundle loads apis.google.com, which MV3 forbids).
	const auth = initializeAuth(app, { persistence: indexedDBLocalPersistence });
	const db = getFirestore(app);
	if (config.emulators) {
		connectAuthEmulator(auth, `http://${config.emulators.auth}`, { disableWarnings: true });
		const [host = "127.0.0.1", port = "8080"] = config.emulators.firestore.split(":");
		connectFirestoreEmulator(db, host, Number(port));
	}
	return { auth, db };
}
