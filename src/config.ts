/**
 * Which Firebase project Shorty talks to and where its short links live, from build-time variables
 * (VITE_*, read by Vite). With no VITE_FIREBASE_PROJECT_ID the build targets the local backend
 * (`npm start`), so a fresh clone works with no account. Free of the Firebase SDK, so pages can read
 * the short-link base without loading it.
 */

/** The options initializeApp takes, as far as Shorty sets them. */
export interface FirebaseAppOptions {
	projectId: string;
	apiKey: string;
	authDomain: string;
	appId?: string;
}

export interface ShortyConfig {
	firebase: FirebaseAppOptions;
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
