/**
 * The early shorten's dependencies in a worker whose Firebase is made on demand (./onDemand.ts). Firebase
 * is made just after the shorten's first request has left (the token refresh or the REST commit), so Auth's
 * start, its IndexedDB read and then its reload, runs beside that round trip instead of beside the mirror's
 * lookup before it, which it slowed; a repeated address, which sends nothing, makes no Firebase (issue 20).
 */
import type { Firestore } from "firebase/firestore/lite";
import { commitOverRest, type RestTarget } from "../src/links/store/restCommit";
import { commitWithSdk } from "../src/links/store/writes";
import type { EarlyShortenDeps } from "./earlyShorten";
import type { OnDemand } from "./onDemand";
import type { SavedSessions } from "./savedSession";
import { refreshIdToken, type TokenEndpoint } from "./tokenRefresh";

/** What the early shorten needs of Firebase: Firestore for the SDK's commit, and Auth's start (authStart). */
export type EarlyFirebase = { db: Firestore } & Pick<EarlyShortenDeps, "authStarted" | "signedIn">;

export interface EarlyEndpoints {
	secureToken: TokenEndpoint;
	firestore: Omit<RestTarget, "idToken">;
}

export function earlyShortenDeps(
	firebase: OnDemand<EarlyFirebase>,
	sessions: Pick<SavedSessions, "usable" | "version">,
	endpoints: EarlyEndpoints,
	clock: () => number,
): EarlyShortenDeps {
	/** `sent` once Firebase is made: called with a request that has just left. */
	const thenFirebase = <T>(sent: T): T => {
		firebase();
		return sent;
	};
	return {
		// Auth not made has not spoken either: the saved session still stands.
		authStarted: () => firebase.made()?.authStarted() ?? false,
		signedIn: () => firebase().signedIn(),
		saved: () =>
			sessions.usable(clock(), (refreshToken) =>
				thenFirebase(refreshIdToken(endpoints.secureToken, refreshToken, clock())),
			),
		sessionVersion: sessions.version,
		withToken: (idToken) => (writes) => thenFirebase(commitOverRest({ ...endpoints.firestore, idToken }, writes)),
		sdk: commitWithSdk(() => firebase().db),
	};
}
