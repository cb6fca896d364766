import type { FirestoreLocation } from "./firestoreRest";

declare global {
	/** Replaced at build time (redirect/vite.config.ts `define`) with where this build finds Firestore. */
	const SHORTY_FIRESTORE: FirestoreLocation;
}
