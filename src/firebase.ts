/**
 * The one place that creates the Firebase SDK objects, for the configuration src/config.ts reads. Only
 * the background imports this module: the pages never load Firebase.
 */
import { initializeApp } from "firebase/app";
import { type Auth, connectAuthEmulator, indexedDBLocalPersistence, initializeAuth } from "firebase/auth/web-extension";
import { connectFirestoreEmulator, type Firestore, getFirestore } from "firebase/firestore/lite";
import { FIRESTORE_ORIGIN, type ShortyConfig } from "./config";

export interface FirebaseServices {
	auth: Auth;
	db: Firestore;
}

/**
 * Where Firestore's REST API answers, as the SDK reaches it (connectFirestoreEmulator below for a local
 * build), for the requests a fresh worker sends itself with its saved token (src/links/store/rest.ts).
 */
export function firestoreOrigin(config: ShortyConfig): string {
	return config.emulators ? `http://${config.emulators.firestore}` : FIRESTORE_ORIGIN;
}

/**
 * The app's name, firebase/app's default, said here because Auth keys the user it keeps on disk by it, which
 * the worker reads without making Firebase (background/authPersistence.ts).
 */
export const APP_NAME = "[DEFAULT]";

export function connectFirebase(config: ShortyConfig): FirebaseServices {
	const app = initializeApp(config.firebase, APP_NAME);
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
