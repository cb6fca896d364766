/**
 * The early shorten's dependencies in a worker whose Firebase is made on demand (./onDemand.ts). Firebase
 * is made just after the shorten's first request has left (the token refresh or the REST commit), so Auth's
 * start, its IndexedDB read and then its reload, runs beside that round trip instead of beside the mirror's
 * lookup before it, which it slowed; a repeated address, which sends nothing, makes no Firebase (issue 20).
 * Within five minutes of the worker's copy's last sync, that is; past them the repeated address's link is
 * read first (`linksNow`, for ./linkMirrors.ts): with the saved token while Auth has not started, one round
 * trip where the SDK's read would wait for Auth's start first, then through the SDK.
 */
import type { Firestore } from "firebase/firestore/lite";
import { linkUrls } from "../src/links/store/read";
import type { RestTarget } from "../src/links/store/rest";
import { commitOverRest } from "../src/links/store/restCommit";
import { linkUrlsOverRest } from "../src/links/store/restRead";
import { commitWithSdk } from "../src/links/store/writes";
import type { EarlyShortenDeps } from "./earlyShorten";
import type { LinksNow } from "./linkMirrors";
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
): EarlyShortenDeps & { linksNow: LinksNow } {
	/** `sent` once Firebase is made: called with a request that has just left. */
	const thenFirebase = <T>(sent: T): T => {
		firebase();
		return sent;
	};
	const saved = () =>
		sessions.usable(clock(), (refreshToken) =>
			thenFirebase(refreshIdToken(endpoints.secureToken, refreshToken, clock())),
		);
	return {
		// Auth not made has not spoken either: the saved session still stands.
		authStarted: () => firebase.made()?.authStarted() ?? false,
		signedIn: () => firebase().signedIn(),
		saved,
		sessionVersion: sessions.version,
		withToken: (idToken) => (writes) => thenFirebase(commitOverRest({ ...endpoints.firestore, idToken }, writes)),
		sdk: commitWithSdk(() => firebase().db),
		async linksNow(owner, codes) {
			const started = firebase.made();
			// Auth's user reads through the SDK; anyone but the owner would read every link as gone.
			if (started?.authStarted()) return (await started.signedIn()) === owner ? linkUrls(started.db, codes) : null;
			const session = await saved();
			if (session?.uid !== owner) return null;
			return thenFirebase(linkUrlsOverRest({ ...endpoints.firestore, idToken: session.idToken }, codes));
		},
	};
}
