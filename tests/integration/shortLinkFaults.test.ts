/**
 * The function's answers when Firestore fails it, with the real Admin SDK (functions/src/firestore.ts)
 * pointed at a Firestore that refuses connections or never answers: the visitor always gets a page or
 * the redirect, never an error from the platform, and never waits long.
 */
import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type AnswerDeps, answerShortLink } from "../../functions/src/answer";
import { visitCounter } from "../../functions/src/clicks";
import { adminFirestore } from "../../functions/src/firestore";
import { readLink } from "../../functions/src/links";
import { PROJECT_ID } from "../../local/config";
import { freePort } from "../../local/ports";
import { firestoreAdmin } from "../firestoreAdmin";

const backend = inject("backend");

/** The Admin SDK as the function creates it in the Functions emulator, against `host`. */
const firestoreAt = (host: string) => adminFirestore({ FIRESTORE_EMULATOR_HOST: host, GCLOUD_PROJECT: PROJECT_ID });

/** Accepts connections and never answers: a Firestore that hangs. */
let silent: Server;
const sockets = new Set<Socket>();
let silentHost: string;

beforeAll(async () => {
	silent = createServer((socket) => {
		sockets.add(socket);
		socket.on("close", () => sockets.delete(socket));
	});
	await new Promise<void>((listening) => silent.listen(0, "127.0.0.1", listening));
	const address = silent.address();
	silentHost = `127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});

afterAll(async () => {
	for (const socket of sockets) socket.destroy();
	await new Promise((closed) => silent.close(closed));
});

function depsFor(readFrom: string, countAt: string, errors: string[]): AnswerDeps {
	const reads = firestoreAt(readFrom);
	const counts = firestoreAt(countAt);
	return {
		readLink: (code) => readLink(reads, code),
		countVisit: visitCounter(counts, 300),
		siteHosts: [],
		readTimeoutMs: 1_000,
		countWaitMs: 300,
		logError: (message) => errors.push(message),
	};
}

const get = (path: string, search = "") => ({
	method: "GET",
	path,
	search,
	headers: { "user-agent": "Mozilla/5.0 Chrome/140.0" },
});

describe.skipIf(backend.hosting === null)("the short-link function when Firestore fails", () => {
	it("answers 503 with a page that offers the same link again when Firestore refuses connections", async () => {
		const errors: string[] = [];
		const dead = `127.0.0.1:${await freePort()}`;
		const answer = await answerShortLink(get("/abc1234", "?utm_source=mail&x=1"), depsFor(dead, dead, errors));
		expect(answer.status).toBe(503);
		expect(answer.headers["Retry-After"]).toBe("5");
		expect(answer.headers["Cache-Control"]).toBe("private, no-store");
		expect(answer.body).toContain("<h1>Could not open the link</h1>");
		expect(answer.body).toContain("(error 503)");
		// Retry keeps the query, which the target gets once the link opens.
		expect(answer.body).toContain('<a class="button" href="/abc1234?utm_source=mail&amp;x=1">Retry</a>');
		expect(errors).toEqual(["Reading links/abc1234 failed"]);
	});

	it("answers 503 within its read timeout when Firestore never answers", async () => {
		const started = performance.now();
		const answer = await answerShortLink(get("/abc1234+"), depsFor(silentHost, silentHost, []));
		expect(answer.status).toBe(503);
		expect(answer.body).toContain('href="/abc1234+"');
		expect(performance.now() - started).toBeLessThan(3_000);
	});

	it("still sends the visitor on when the count fails, and when it hangs, within the count's wait", async () => {
		const admin = firestoreAdmin(`http://${backend.firestore}`);
		await admin.addLink("faultcount1", "https://example.com/counted-or-not");
		for (const countAt of [`127.0.0.1:${await freePort()}`, silentHost]) {
			const errors: string[] = [];
			const started = performance.now();
			const answer = await answerShortLink(get("/faultcount1"), depsFor(backend.firestore, countAt, errors));
			expect(answer.status, countAt).toBe(302);
			expect(answer.headers.Location, countAt).toBe("https://example.com/counted-or-not");
			expect(performance.now() - started, countAt).toBeLessThan(2_000);
			expect(errors, countAt).toEqual(["Counting a person visit to faultcount1 failed or is late"]);
		}
		expect(await admin.visitsOf("faultcount1")).toMatchObject({ people: 0, documents: 0 });
	});
});
