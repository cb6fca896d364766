/**
 * Which Firebase project Shorty talks to and where its short links live, resolved at build time from
 * VITE_* settings (vite.config.ts reads them from `.env` and the environment for `npm run build`; local
 * builds get theirs from `localBackendEnv` alone). With no VITE_FIREBASE_PROJECT_ID the build targets
 * the local backend, so a fresh clone works with no account. The bundles carry the resolved object
 * (src/builtConfig.ts), never the variables themselves.
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

/**
 * Vite options for every build of Shorty (extension and redirect page): settings reach a bundle only as
 * the values its config bakes in (`define`). Left alone, Vite puts every variable whose name starts with
 * its envPrefix (VITE_ by default) into import.meta.env, read from `.env` files and the environment
 * alike, and one read of the whole import.meta.env copies them all into the bundle. So Vite reads no
 * `.env` itself, and its prefix is one no variable has.
 */
export const SEALED_ENV = { envDir: false, envPrefix: "SHORTY_NEVER_IN_A_BUNDLE_" } as const;

const LOCAL_PROJECT = "demo-shorty";

const BASE_VARIABLE = "VITE_SHORT_LINK_BASE";

/** Not URL.parse: Node 20, which runs the build and the tests, lacks it (Chrome has it from 126). */
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

/** Where a local backend listens (host:port each); Hosting may be unknown, for a backend started elsewhere. */
export interface LocalBackendHosts {
	auth: string;
	firestore: string;
	hosting: string | null;
	/**
	 * Short links shown under this base instead of Hosting's address: `npm run screenshots` draws them at a
	 * real project's length, which a local address (http://127.0.0.1:5000/) is too short to test.
	 */
	shortLinkBase?: string;
}

/**
 * The settings of a build against a local backend, and nothing else: no project can be named here, so
 * `npm start`, the tests and the benchmarks build for the emulators whatever a developer's `.env` or
 * shell says. The extension's and the redirect page's local builds both take their settings from here.
 */
export function localBackendEnv({ auth, firestore, hosting, shortLinkBase }: LocalBackendHosts): BuildEnv {
	const base = shortLinkBase ?? (hosting ? `http://${hosting}/` : undefined);
	return {
		VITE_AUTH_EMULATOR_HOST: auth,
		VITE_FIRESTORE_EMULATOR_HOST: firestore,
		...(base ? { VITE_SHORT_LINK_BASE: base } : {}),
	};
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

/**
 * Stops a build meant for the world (a store package, a deploy) that would reach no real data: one for the
 * local backend (no project set) or for a demo- project, which Firebase never connects to Google. `what`
 * names the build in the message, which says what to set.
 */
export function requirePublishableProject(config: ShortyConfig, what: string): void {
	const { projectId } = config.firebase;
	const problem = config.emulators
		? "no VITE_FIREBASE_PROJECT_ID is set, so it would talk to the local backend"
		: projectId.startsWith("demo-")
			? `"${projectId}" is a demo project, which never reaches Firebase`
			: null;
	if (problem) {
		throw new Error(
			`${what} needs your own Firebase project, but ${problem}: set VITE_FIREBASE_PROJECT_ID and VITE_FIREBASE_API_KEY in .env (see .env.example and the README, "Using your own Firebase project")`,
		);
	}
}

/** Cloud Firestore's REST endpoint, which the redirect page calls too. */
export const FIRESTORE_ORIGIN = "https://firestore.googleapis.com";

/** The Secure Token API, where ID tokens are refreshed: the Auth SDK's, and a fresh worker's own (background/tokenRefresh.ts). */
export const SECURE_TOKEN_ORIGIN = "https://securetoken.googleapis.com";

/**
 * The Google endpoints the SDKs Shorty uses call, and no others: firebase/auth/web-extension signs in
 * and manages accounts at identitytoolkit and refreshes ID tokens at securetoken; firebase/firestore/lite
 * speaks REST to firestore. (The web-extension build loads no gapi or reCAPTCHA scripts.)
 */
const FIREBASE_ORIGINS = ["https://identitytoolkit.googleapis.com", SECURE_TOKEN_ORIGIN, FIRESTORE_ORIGIN];

/**
 * Where the extension's pages and worker may connect. A local build names only its emulators, not
 * Google's endpoints as well: it never needs them, and a local build that tried to reach a real
 * project by mistake is then stopped by the browser.
 */
function connectSources({ emulators }: ShortyConfig): string[] {
	return emulators ? [`http://${emulators.auth}`, `http://${emulators.firestore}`] : FIREBASE_ORIGINS;
}

/**
 * The hosts the extension asks access to: exactly where it connects. Not for what a host permission lets
 * it read there (the SDKs reach these APIs anyway), but because a request to a host the extension may
 * access is exempt from CORS: without it, each new request path after a browser start, and again after
 * an hour (Google's Access-Control-Max-Age), waits for a CORS preflight, a round trip before the real
 * one (docs/architecture.md, "Preflights"). The price is the install prompt naming these hosts.
 */
export function firebaseHostPermissions(config: ShortyConfig): string[] {
	return connectSources(config).map((origin) => `${origin}/*`);
}

/**
 * The extension's content security policy (manifest.json's content_security_policy.extension_pages,
 * which vite.config.ts sets): scripts only from the extension itself (MV3's default also allows
 * 'wasm-unsafe-eval'; nothing here uses WebAssembly), no plugins, no <base>, never framed, and
 * connections only to the backend this build talks to.
 */
export function extensionPagesPolicy(config: ShortyConfig): string {
	return [
		"script-src 'self'",
		"object-src 'none'",
		"base-uri 'none'",
		"frame-ancestors 'none'",
		`connect-src ${connectSources(config).join(" ")}`,
	].join("; ");
}
