/**
 * Shorty's Cloud Function (2nd gen), behind Hosting's rewrite of code-shaped paths (firebase.json):
 * `/<code>` answers with an HTTP redirect to the target, `/<code>+` with a preview rendered here, and
 * every other answer with a real status. The composition root: it wires Firestore, the clock and the
 * random shard to answer.ts, which decides.
 */
import { randomInt } from "node:crypto";
import { logger } from "firebase-functions";
import { onRequest } from "firebase-functions/https";
import { type AnswerDeps, answerShortLink } from "./answer";
import { CLICK_SHARDS, countVisit } from "./clicks";
import { adminFirestore } from "./firestore";
import { readTarget } from "./targets";

/** Hosting's rewrite names this function and region (firebase.json); the two must agree. */
const FUNCTION_REGION = "us-central1";

const db = adminFirestore();

const deps: AnswerDeps = {
	readTarget: (code) => readTarget(db, code),
	countVisit: (code, visitor) => countVisit(db, code, visitor, new Date(), randomInt(CLICK_SHARDS)),
	readTimeoutMs: 5_000,
	countWaitMs: 500,
	logError: (message, error) => logger.error(message, error),
};

export const shortLink = onRequest({ region: FUNCTION_REGION }, async (request, response) => {
	const answer = await answerShortLink({ method: request.method, path: request.path, headers: request.headers }, deps);
	response.status(answer.status).set(answer.headers).send(answer.body);
});
