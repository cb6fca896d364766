/**
 * The Admin SDK's Firestore for the function, over REST (`preferRest`): it starts faster than gRPC in a
 * cold function, and it is what Shorty's local Firestore server speaks.
 *
 * Built with the SDK's Firestore class rather than firebase-admin's getFirestore(): that one passes on
 * only `preferRest`, and against a local server the REST transport needs an `authClient`, or it looks for
 * Google credentials, which a machine without an account does not have. Production uses the function's
 * own service account, found by the SDK.
 */
import { Firestore } from "firebase-admin/firestore";
import { OAuth2Client } from "google-auth-library";

/** The emulators' administrator token: Shorty's local server, like the official emulator, lets it past the rules. */
const LOCAL_ADMIN_TOKEN = "owner";

/**
 * `env` as the function sees it: the Functions emulator passes on FIRESTORE_EMULATOR_HOST from the
 * backend (local/emulators.ts) and sets GCLOUD_PROJECT.
 */
export function adminFirestore(env: NodeJS.ProcessEnv = process.env): Firestore {
	const localHost = env.FIRESTORE_EMULATOR_HOST;
	if (!localHost) return new Firestore({ preferRest: true });
	return new Firestore({
		...(env.GCLOUD_PROJECT ? { projectId: env.GCLOUD_PROJECT } : {}),
		host: localHost,
		ssl: false,
		preferRest: true,
		authClient: new OAuth2Client({ credentials: { access_token: LOCAL_ADMIN_TOKEN } }),
	});
}
