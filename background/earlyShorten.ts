/**
 * A shorten in a worker Chrome has just started, before the Auth SDK has reloaded its saved user: that
 * reload (`accounts:lookup`) is a round trip, and the SDK's Firestore waits for it (issue 20). The create
 * acts for the user the worker saved (./savedSession.ts) and sends its commit with their saved ID token,
 * beside the reload rather than after it (or, after a long idle, with the token the worker got with the
 * saved refresh token, beside the SDK's own refresh); everything else of the create is the store's as always.
 *
 * Doubt goes to Auth: with no usable saved token the caller waits for Auth as before; a commit the server
 * refuses with the saved token is sent again through the SDK once Auth has started, if Auth names the same
 * user, and otherwise the shorten starts over for whoever Auth names (SessionChanged).
 */
import type { Auth } from "firebase/auth/web-extension";
import type { CommitWrites } from "../src/links/store/writes";
import { signedInUid } from "./accounts";
import type { SavedSession } from "./savedSession";

/** Auth, once started, names someone other than the saved user: the shorten must start over as them. */
export class SessionChanged extends Error {
	override name = "SessionChanged";
}

/** Whom a shorten acts for before Auth has started, and how its commit goes out. */
export interface EarlyUser {
	uid: string;
	isAnonymous: boolean;
	commit: CommitWrites;
}

export interface EarlyShortenDeps {
	/** True once Auth has started: from then on its own user and tokens are used. */
	authStarted: () => boolean;
	/** Who Auth names once started (the uid), or null for nobody. */
	signedIn: () => Promise<string | null>;
	/** The saved session, when its token is good for a while yet, refreshed first if it was not. */
	saved: () => Promise<SavedSession | null>;
	/** Changes when the saved session is cleared (a sign-in, sign-up or sign-out under way). */
	sessionVersion: () => number;
	/** The commit with the saved token (src/links/store/restCommit.ts). */
	withToken: (idToken: string) => CommitWrites;
	/** The commit through the SDK, with Auth's user. */
	sdk: CommitWrites;
}

/**
 * The server turned the token down (revoked, or expired early by its clock), or the rules refused the
 * write, which with a token Auth has not vouched for yet may also mean the token is someone else's.
 */
function refused(error: unknown): boolean {
	const code = (error as { code?: unknown })?.code;
	return code === "permission-denied" || code === "unauthenticated";
}

/** The saved user and their commit, or null when the shorten must wait for Auth. */
export async function earlyUser(deps: EarlyShortenDeps): Promise<EarlyUser | null> {
	if (deps.authStarted()) return null;
	const version = deps.sessionVersion();
	const saved = await deps.saved();
	if (!saved || deps.authStarted()) return null;
	const withToken = deps.withToken(saved.idToken);
	let useSdk = false;
	const commit: CommitWrites = async (writes) => {
		// The saved token only while Auth has not spoken and nobody changed user: from then on Auth decides.
		if (deps.authStarted() || deps.sessionVersion() !== version) useSdk = true;
		if (!useSdk) {
			try {
				return await withToken(writes);
			} catch (error) {
				if (!refused(error)) throw error;
				useSdk = true;
			}
		}
		// The rest of this create goes through the SDK: a refusal there is the store's to read, as always.
		if ((await deps.signedIn()) !== saved.uid) throw new SessionChanged();
		return deps.sdk(writes);
	};
	return { uid: saved.uid, isAnonymous: saved.isAnonymous, commit };
}

/** Auth as earlyUser needs it: whether it has started (the flag set as it does), and whom it names then. */
export function authStart(auth: Auth): Pick<EarlyShortenDeps, "authStarted" | "signedIn"> {
	let started = false;
	void auth.authStateReady().then(() => {
		started = true;
	});
	return {
		authStarted: () => started,
		signedIn: () => signedInUid(auth),
	};
}
