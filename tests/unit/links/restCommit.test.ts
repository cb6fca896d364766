// @vitest-environment node
/**
 * The REST commit a fresh worker sends with its saved token (src/links/store/restCommit.ts) against what
 * firebase/firestore/lite sends for the same writes (src/links/store/writes.ts): one small server answers
 * both, so the request bodies and the error codes are compared as the wire carries them.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { deleteApp, initializeApp } from "firebase/app";
import { connectFirestoreEmulator, getFirestore, setLogLevel } from "firebase/firestore/lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPermissionDenied, mayHaveLanded } from "../../../src/links/store/refusals";
import { commitOverRest } from "../../../src/links/store/restCommit";
import { commitWithSdk, type DocumentWrite, incrementBy, SERVER_TIME } from "../../../src/links/store/writes";

// Refusals are what these tests ask for: the SDK would log each one as an error.
setLogLevel("silent");

const PROJECT = "demo-rest";
const app = initializeApp({ projectId: PROJECT, apiKey: "demo-key" }, "rest-commit");
let server: Server;
let port: number;
/** What the next commit is answered with. */
let status = 200;
const bodies: unknown[] = [];

beforeAll(async () => {
	server = createServer((request, response) => {
		let body = "";
		request.on("data", (chunk) => {
			body += chunk;
		});
		request.on("end", () => {
			bodies.push(JSON.parse(body));
			response.writeHead(status, { "content-type": "application/json" });
			response.end(
				JSON.stringify(
					status === 200
						? { writeResults: [], commitTime: "2026-11-24T00:00:00Z" }
						: { error: { code: status, message: `answered ${status}`, status: "ANY" } },
				),
			);
		});
	});
	await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
	port = (server.address() as AddressInfo).port;
	connectFirestoreEmulator(getFirestore(app), "127.0.0.1", port);
});

afterAll(async () => {
	await deleteApp(app);
	await new Promise((closed) => server.close(closed));
});

const sdk = () => commitWithSdk(() => getFirestore(app));
const rest = (writes: readonly DocumentWrite[]) =>
	commitOverRest({ origin: `http://127.0.0.1:${port}`, projectId: PROJECT, idToken: "token", fetch }, writes);

/** Every kind of value and write a new link's commit holds. */
const WRITES: DocumentWrite[] = [
	{
		collection: "links",
		id: "abc-DEF_1",
		fields: {
			url: "https://example.com/ä?q=1",
			custom: false,
			count: 3,
			tags: ["work", "read later"],
			nothing: null,
			absent: undefined,
			createdAt: SERVER_TIME,
			updatedAt: SERVER_TIME,
		},
		merge: false,
	},
	{ collection: "targets", id: "abc-DEF_1", fields: { url: "https://example.com/ä?q=1" }, merge: false },
	{
		collection: "quotas",
		id: "owner-1",
		fields: { lastCode: "abc-DEF_1", lastAt: SERVER_TIME, created: incrementBy(1) },
		merge: true,
	},
	{
		collection: "quotas",
		id: "owner-2",
		fields: { lastCode: "abc", lastAt: SERVER_TIME, windowStart: SERVER_TIME, created: 1 },
		merge: true,
	},
];

describe("the REST commit", () => {
	it("sends the very body the SDK sends for the same writes", async () => {
		status = 200;
		bodies.length = 0;
		await sdk()(WRITES);
		await rest(WRITES);
		expect(bodies).toHaveLength(2);
		expect(bodies[1]).toEqual(bodies[0]);
	});

	it.each([401, 403, 409, 500, 503, 504])("fails with the SDK's error code for an HTTP %i", async (answered) => {
		status = answered;
		const [fromSdk, fromRest] = await Promise.all([
			sdk()(WRITES).catch((error: unknown) => error),
			rest(WRITES).catch((error: unknown) => error),
		]);
		expect((fromRest as { code: string }).code).toBe((fromSdk as { code: string }).code);
		expect(isPermissionDenied(fromRest)).toBe(isPermissionDenied(fromSdk));
		expect(mayHaveLanded(fromRest)).toBe(mayHaveLanded(fromSdk));
	});

	it("says a commit that got no answer may have landed", async () => {
		const unreachable = await commitOverRest(
			{ origin: "http://127.0.0.1:9", projectId: PROJECT, idToken: "token", fetch },
			WRITES,
		).catch((error: unknown) => error);
		expect(mayHaveLanded(unreachable)).toBe(true);
	});
});
