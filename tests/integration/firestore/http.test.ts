import { deleteApp, initializeApp } from "firebase/app";
import { connectFirestoreEmulator, doc, getDoc, getFirestore } from "firebase/firestore/lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCodeOf, PROJECT_ID, startTestServer, type TestServer } from "./helpers";

let server: TestServer;
const database = `projects/${PROJECT_ID}/databases/(default)`;
const nameOf = (path: string) => `${database}/documents/${path}`;

beforeAll(async () => {
	server = await startTestServer();
});

afterAll(async () => {
	await server.stop();
});

function call(path: string, body: unknown, init: RequestInit = {}): Promise<Response> {
	return fetch(`${server.url}/v1/${path}`, {
		method: "POST",
		headers: { Authorization: "Bearer owner", "Content-Type": "text/plain" },
		body: typeof body === "string" ? body : JSON.stringify(body),
		...init,
	});
}

async function errorOf(response: Response): Promise<{ code: number; status: string; message: string }> {
	return ((await response.json()) as { error: { code: number; status: string; message: string } }).error;
}

describe("the REST surface", () => {
	it("answers commit with each write's updateTime and transform results, and one commit time", async () => {
		const response = await call(`${database}/documents:commit`, {
			writes: [
				{
					update: { name: nameOf("raw/one"), fields: { n: { integerValue: "1" } } },
					updateTransforms: [
						{ fieldPath: "at", setToServerValue: "REQUEST_TIME" },
						{ fieldPath: "n", increment: { integerValue: "2" } },
					],
				},
				{ delete: nameOf("raw/gone") },
			],
		});
		expect(response.status).toBe(200);
		const body = (await response.json()) as {
			commitTime: string;
			writeResults: Array<{ updateTime?: string; transformResults?: unknown[] }>;
		};
		expect(body.commitTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
		expect(body.writeResults).toEqual([
			{ updateTime: body.commitTime, transformResults: [{ timestampValue: body.commitTime }, { integerValue: "3" }] },
			{},
		]);
	});

	it("takes REQUEST_TIME by its enum number too, as the Admin SDK's REST transport sends it", async () => {
		const response = await call(`${database}/documents:commit?$alt=json%3Benum-encoding=int`, {
			writes: [
				{
					update: { name: nameOf("raw/numbered"), fields: {} },
					updateMask: {},
					updateTransforms: [{ fieldPath: "at", setToServerValue: 1 }],
				},
			],
		});
		expect(response.status).toBe(200);
		const body = (await response.json()) as { commitTime: string; writeResults: unknown[] };
		expect(body.writeResults).toEqual([
			{ updateTime: body.commitTime, transformResults: [{ timestampValue: body.commitTime }] },
		]);
		const refused = await call(`${database}/documents:commit`, {
			writes: [
				{
					update: { name: nameOf("raw/numbered"), fields: {} },
					updateTransforms: [{ fieldPath: "at", setToServerValue: 2 }],
				},
			],
		});
		expect(refused.status).toBe(400);
	});

	it("answers batchGet with found and missing entries, each with a read time", async () => {
		const response = await call(`${database}/documents:batchGet`, {
			documents: [nameOf("raw/one"), nameOf("raw/none")],
		});
		const results = (await response.json()) as Array<Record<string, unknown>>;
		expect(results).toEqual([
			{
				found: {
					name: nameOf("raw/one"),
					fields: expect.any(Object),
					createTime: expect.any(String),
					updateTime: expect.any(String),
				},
				readTime: expect.any(String),
			},
			{ missing: nameOf("raw/none"), readTime: expect.any(String) },
		]);
	});

	it("answers a query with no results with one entry holding only the read time", async () => {
		const response = await call(`${database}/documents:runQuery`, {
			structuredQuery: { from: [{ collectionId: "empty" }] },
		});
		expect(await response.json()).toEqual([{ readTime: expect.any(String) }]);
	});

	it("runs a query under a document's path on that document's subcollection, with a projection", async () => {
		await call(`${database}/documents:commit`, {
			writes: [
				{
					update: { name: nameOf("users/u1/links/l1"), fields: { a: { integerValue: "1" }, b: { integerValue: "2" } } },
				},
			],
		});
		const response = await call(`${database}/documents/users/u1:runQuery`, {
			structuredQuery: { from: [{ collectionId: "links" }], select: { fields: [{ fieldPath: "b" }] } },
		});
		const [result] = (await response.json()) as Array<{ document: { name: string; fields: unknown } }>;
		expect(result?.document.name).toBe(nameOf("users/u1/links/l1"));
		expect(result?.document.fields).toEqual({ b: { integerValue: "2" } });
	});

	it("empties the database through the emulator's reset endpoint", async () => {
		await server.reset();
		const response = await call(`${database}/documents:batchGet`, { documents: [nameOf("raw/one")] });
		expect(await response.json()).toEqual([{ missing: nameOf("raw/one"), readTime: expect.any(String) }]);
	});
});

describe("what it does not do, and bad input", () => {
	it("answers RPCs it does not implement with 501 naming the call", async () => {
		const response = await call(`${database}/documents:beginTransaction`, {});
		expect(response.status).toBe(501);
		const error = await errorOf(response);
		expect(error.status).toBe("UNIMPLEMENTED");
		expect(error.message).toBe("beginTransaction is not implemented by Shorty's local Firestore server");
		const get = await fetch(`${server.url}/v1/${nameOf("raw/one")}`);
		expect(get.status).toBe(501);
		expect((await errorOf(get)).message).toContain("GET /v1/");
	});

	it("answers another project with NOT_FOUND, which the SDK reports as not-found", async () => {
		const response = await call(`projects/other/databases/(default)/documents:batchGet`, { documents: [] });
		expect(response.status).toBe(404);
		expect((await errorOf(response)).status).toBe("NOT_FOUND");
		const app = initializeApp({ projectId: "other", apiKey: "fake" }, "http-other-project");
		const db = getFirestore(app);
		connectFirestoreEmulator(db, "127.0.0.1", server.server.port);
		try {
			expect(await errorCodeOf(getDoc(doc(db, "links", "x")))).toBe("not-found");
		} finally {
			await deleteApp(app);
		}
	});

	it.each([
		["a body that is not JSON", "{oops", "not valid JSON"],
		[
			"a value with two kinds",
			{ writes: [{ update: { name: nameOf("raw/x"), fields: { a: { stringValue: "s", integerValue: "1" } } } }] },
			"writes[0].update.fields.a",
		],
		[
			"an integer beyond 64 bits",
			{ writes: [{ update: { name: nameOf("raw/x"), fields: { a: { integerValue: "9223372036854775808" } } } }] },
			"64-bit",
		],
		["a collection name where a document belongs", { writes: [{ delete: nameOf("raw") }] }, "does not name a document"],
		[
			"a document of another database",
			{ writes: [{ delete: "projects/x/databases/(default)/documents/a/b" }] },
			"is not in database",
		],
		[
			"a bad field path",
			{ writes: [{ update: { name: nameOf("raw/x"), fields: {} }, updateMask: { fieldPaths: ["a..b"] } }] },
			"empty segment",
		],
		[
			"a bad timestamp",
			{ writes: [{ update: { name: nameOf("raw/x"), fields: { t: { timestampValue: "2024-02-30T00:00:00Z" } } } }] },
			"RFC 3339",
		],
	])("rejects %s with INVALID_ARGUMENT naming the problem", async (_, body, message) => {
		const response = await call(`${database}/documents:commit`, body);
		expect(response.status).toBe(400);
		const error = await errorOf(response);
		expect(error.status).toBe("INVALID_ARGUMENT");
		expect(error.message).toContain(message);
	});

	it("rejects malformed queries with INVALID_ARGUMENT", async () => {
		const bad = [
			{
				structuredQuery: {
					from: [{ collectionId: "x" }],
					where: { fieldFilter: { field: { fieldPath: "a" }, op: "LIKE", value: { nullValue: null } } },
				},
			},
			{ structuredQuery: { from: [{ collectionId: "x" }], limit: -1 } },
			{
				structuredQuery: {
					from: [{ collectionId: "x" }],
					startAt: { values: [{ integerValue: "1" }, { integerValue: "2" }] },
				},
			},
			{
				structuredQuery: {
					from: [{ collectionId: "x" }],
					where: { fieldFilter: { field: { fieldPath: "a" }, op: "IN", value: { integerValue: "1" } } },
				},
			},
			{ structuredQuery: {} },
		];
		for (const body of bad) {
			const response = await call(`${database}/documents:runQuery`, body);
			expect(response.status, JSON.stringify(body)).toBe(400);
			expect((await errorOf(response)).status).toBe("INVALID_ARGUMENT");
		}
	});

	it("answers CORS preflights and puts CORS headers on every answer, errors included", async () => {
		const preflight = await fetch(`${server.url}/v1/${database}/documents:commit`, {
			method: "OPTIONS",
			headers: {
				Origin: "chrome-extension://abcdefghijklmnop",
				"Access-Control-Request-Method": "POST",
				"Access-Control-Request-Headers":
					"authorization,content-type,x-goog-api-client,x-firebase-gmpid,x-goog-something-new",
			},
		});
		expect(preflight.status).toBe(204);
		expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
		const allowed = (preflight.headers.get("access-control-allow-headers") ?? "").split(", ");
		for (const header of [
			"authorization",
			"content-type",
			"x-goog-api-client",
			"x-firebase-gmpid",
			"x-goog-something-new",
		])
			expect(allowed).toContain(header);
		expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
		const failed = await call(`${database}/documents:commit`, "{oops", {
			headers: { Origin: "http://127.0.0.1:5000" },
		});
		expect(failed.headers.get("access-control-allow-origin")).toBe("*");
	});
});
