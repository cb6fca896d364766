/**
 * The redirect page's own build (`vite build --config redirect/vite.config.ts`, part of `npm run build`),
 * into redirect/dist/, which firebase.json's hosting.public serves. Where Firestore is comes from the same
 * VITE_* settings as the extension (src/config.ts), resolved here at build time so the page carries only
 * the three values it needs.
 */
import { fileURLToPath } from "node:url";
import { defineConfig, loadEnv, type UserConfig } from "vite";
import {
	type BuildEnv,
	configFromEnv,
	FIRESTORE_ORIGIN,
	requirePublishableProject,
	SEALED_ENV,
} from "../src/config.ts";
import type { FirestoreLocation } from "./firestoreRest";
import { inlinePage } from "./inlinePage.ts";
import { siteMessagesOnly } from "./siteMessages.ts";

export const REDIRECT_DIR = fileURLToPath(new URL(".", import.meta.url));
const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));

export function firestoreLocation(env: BuildEnv): FirestoreLocation {
	const { firebase, emulators } = configFromEnv(env);
	return emulators
		? { origin: `http://${emulators.firestore}`, projectId: firebase.projectId, apiKey: null }
		: { origin: FIRESTORE_ORIGIN, projectId: firebase.projectId, apiKey: firebase.apiKey };
}

/** The VITE_* settings of `.env` files and the environment, as the extension's build reads them. */
const buildEnv = (mode: string): BuildEnv => loadEnv(mode, REPO_ROOT, "VITE_");

export function redirectConfig(env: BuildEnv): UserConfig {
	const firestore = firestoreLocation(env);
	return {
		root: REDIRECT_DIR,
		...SEALED_ENV,
		define: { SHORTY_FIRESTORE: JSON.stringify(firestore) },
		plugins: [siteMessagesOnly(), inlinePage({ connectSrc: firestore.origin })],
		build: {
			outDir: "dist",
			emptyOutDir: true,
			// The script is inlined: there is nothing to preload.
			modulePreload: { polyfill: false },
		},
	};
}

/**
 * `firebase deploy` builds the page in this mode first (firebase.json's hosting.predeploy), so a page
 * that would send visitors' browsers to a local backend can never reach Hosting.
 */
const DEPLOY_MODE = "deploy";

export default defineConfig(({ mode }) => {
	const env = buildEnv(mode);
	if (mode === DEPLOY_MODE) requirePublishableProject(configFromEnv(env), "Building the redirect page for deployment");
	return redirectConfig(env);
});
