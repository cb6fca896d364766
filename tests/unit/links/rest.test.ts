// @vitest-environment node
/**
 * The REST commit and read a fresh worker sends with its saved token (src/links/store/restCommit.ts,
 * restRead.ts) against what firebase/firestore/lite sends for the same writes and reads
 * (src/links/store/writes.ts, getDoc): one small server answers both, so the request bodies and the error
 * codes are compared as the wire carries them.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { deleteApp, initializeApp } from "firebase/app";
import { connectFirestoreEmulator, doc, getDoc, getFirestore, setLogLevel } from "firebase/firestore/lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPermissionDenied, mayHaveLanded } from "../../../src/links/store/refusals";
import type { RestTarget } from "../../../src/links/store/rest";
import { commitOverRest } from "../../../src/links/store/restCommit";
import { linkUrlsOverRest } from "../../../src/links/store/restRead";
import { commitWithSdk, type DocumentWrite, incrementBy, SERVER_TIME } from "../../../src/links/store/writes";

// Refusals are what these tests ask for: the SDK would log each one as an error.
setLogLevel("silent");

const PROJECT = "demo-rest";
const app = initializeApp({ projectId: PROJECT, apiKey: "demo-key" }, "rest-requests");
let server: Server;
let port: number;
/** Where every link the server is asked for points. */
const READ_URL = "https://example.com/read";
/** What the next request is answered with. */
let status = 200;
const bodies: unknown[] = [];

beforeAll(async () => {
	server = createServer((request, response) => {
		let body = "";
		request.on("data", (chunk) => {
			body += chunk;
		});
		request.on("end", () => {
			const sent = JSON.parse(body);
			const streamed = new URL(request.url ?? "/", "http://server").pathname.endsWith(":batchGet");
			bodies.push(sent);
			response.writeHead(status, { "content-type": "application/json" });
			if (status !== 200) {
				const error = { error: { code: status, message: `answered ${status}`, status: "ANY" } };
				// A streamed call (batchGet) fails with its error as an array's one entry, as Firestore answers it.
				response.end(JSON.stringify(streamed ? [error] : error));
			} else if (streamed) {
				// Each document asked for, found, pointing at READ_URL.
				const found = (name: string) => ({
					found: {
						name,
						fields: { url: { stringValue: READ_URL } },
						createTime: "2026-11-24T00:00:00Z",
						updateTime: "2026-11-24T00:00:00Z",
					},
					readTime: "2026-11-24T00:00:00Z",
				});
				response.end(JSON.stringify(sent.documents.map(found)));
			} else {
				response.end(JSON.stringify({ writeResults: [], commitTime: "2026-11-24T00:00:00Z" }));
			}
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
const target = (): RestTarget => ({ origin: `http://127.0.0.1:${port}`, projectId: PROJECT, idToken: "token", fetch });
const rest = (writes: readonly DocumentWrite[]) => commitOverRest(target(), writes);

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
		// A resource name in a JSON body holds the id as it is: nothing of it is escaped as in a URL.
		id: "owner 2:ä",
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

describe("the REST read of links", () => {
	it("sends, for each code, the very body the SDK's getDoc sends, and reads the link's address from the answer", async () => {
		status = 200;
		bodies.length = 0;
		const fromSdk = await getDoc(doc(getFirestore(app), "links", "abc-DEF_1"));
		await linkUrlsOverRest(target(), ["abc-DEF_1"]);
		await getDoc(doc(getFirestore(app), "links", "any id:ä"));
		await linkUrlsOverRest(target(), ["any id:ä"]);
		expect(bodies).toHaveLength(4);
		expect(bodies[1]).toEqual(bodies[0]);
		expect(bodies[3]).toEqual(bodies[2]);
		const fromRest = await linkUrlsOverRest(target(), ["abc-DEF_1", "other"]);
		expect(fromSdk.get("url")).toBe(READ_URL);
		expect(fromRest).toEqual(
			new Map([
				["abc-DEF_1", READ_URL],
				["other", READ_URL],
			]),
		);
	});

	it("counts a link the rules refuse to read as none of the caller's, and fails on any other refusal", async () => {
		status = 403;
		expect(await linkUrlsOverRest(target(), ["gone"])).toEqual(new Map([["gone", null]]));
		status = 503;
		await expect(linkUrlsOverRest(target(), ["busy"])).rejects.toMatchObject({
			code: "unavailable",
			message: "answered 503",
		});
	});
});
