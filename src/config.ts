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

const BASE_VARIABLE = "VITE_SHORT_LINK_BASE";

/** Not URL.parse: Chrome 116 (manifest.json's minimum) and Node 20 lack it. */
function webAddress(text: string): URL | null {
	try {
		const url = new URL(text);
		return url.protocol === "https:" || url.protocol === "http:" ? url : null;
	} catch {
		return null;
	}
}

/**
 * The short-link base as given, ending in "/". It must be a bare origin: the redirect page reads the code
 * from the whole path and Hosting's rewrite (firebase.json) is anchored at "/", so under a base with a
 * path, such as https://x.com/s/, no link would open.
 */
function shortLinkBaseOf(base: string): string {
	const url = webAddress(base);
	if (!url) throw new Error(`${BASE_VARIABLE} is not a web address: "${base}" (for example https://sho.rt/)`);
	if (url.pathname !== "/" || url.search || url.hash) {
		throw new Error(
			`${BASE_VARIABLE} must be a site with no path, like https://sho.rt/: short links live at the root of their site, so "${base}" cannot work`,
		);
	}
	return url.href;
}

/** An optional setting left empty, as .env.example leaves them, means its default (hence `||`, not `??`). */
export function configFromEnv(env: BuildEnv): ShortyConfig {
	const projectId = env.VITE_FIREBASE_PROJECT_ID;
	if (!projectId) {
		return {
			// A demo- project never reaches Google; the emulators accept any API key.
			firebase: { projectId: LOCAL_PROJECT, apiKey: "demo-key", authDomain: `${LOCAL_PROJECT}.firebaseapp.com` },
			emulators: {
				auth: env.VITE_AUTH_EMULATOR_HOST || "127.0.0.1:9099",
				firestore: env.VITE_FIRESTORE_EMULATOR_HOST || "127.0.0.1:8080",
			},
			shortLinkBase: shortLinkBaseOf(env.VITE_SHORT_LINK_BASE || "http://127.0.0.1:5000/"),
		};
	}
	const apiKey = env.VITE_FIREBASE_API_KEY;
	if (!apiKey) throw new Error("VITE_FIREBASE_PROJECT_ID is set but VITE_FIREBASE_API_KEY is not: see .env.example");
	return {
		firebase: {
			projectId,
			apiKey,
			authDomain: env.VITE_FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
			...(env.VITE_FIREBASE_APP_ID ? { appId: env.VITE_FIREBASE_APP_ID } : {}),
		},
		emulators: null,
		shortLinkBase: shortLinkBaseOf(env.VITE_SHORT_LINK_BASE || `https://${projectId}.web.app/`),
	};
}
