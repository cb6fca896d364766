/**
 * Shorty's Cloud Function (2nd gen), behind Hosting's rewrite of code-shaped paths (firebase.json):
 * `/<code>` answers with an HTTP redirect to the target, `/<code>+` with a preview rendered here, and
 * every other answer with a real status. The composition root: it wires Firestore, the clock, the
 * random shard and the project's hosts to answer.ts, which decides.
 */
import { logger } from "firebase-functions";
import { onRequest } from "firebase-functions/https";
import { projectSiteHosts } from "../../src/links/shortLinkSite";
import { type AnswerDeps, answerShortLink } from "./answer";
import { visitCounter } from "./clicks";
import { adminFirestore } from "./firestore";
import { readLink } from "./links";

/** Hosting's rewrite names this function and region (firebase.json); the two must agree. */
const FUNCTION_REGION = "us-central1";

const db = adminFirestore();
const COUNT_WAIT_MS = 500;
/** Set by the Functions runtime, and by the emulator: the project whose hosts are this very site. */
const project = process.env.GCLOUD_PROJECT;

const deps: AnswerDeps = {
	readLink: (code) => readLink(db, code),
	countVisit: visitCounter(db, COUNT_WAIT_MS),
	siteHosts: project ? projectSiteHosts(project) : [],
	readTimeoutMs: 5_000,
	countWaitMs: COUNT_WAIT_MS,
	logError: (message, error) => logger.error(message, error),
};

export const shortLink = onRequest({ region: FUNCTION_REGION }, async (request, response) => {
	const { method, path, headers, originalUrl } = request;
	const query = originalUrl.indexOf("?");
	const search = query === -1 ? "" : originalUrl.slice(query);
	const answer = await answerShortLink({ method, path, search, headers }, deps);
	response.status(answer.status).set(answer.headers).send(answer.body);
});
