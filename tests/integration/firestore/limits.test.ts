/**
 * Production's limits (local/firestore/limits.ts): what Cloud Firestore refuses is refused here too, with
 * INVALID_ARGUMENT (which the SDK reports as failed-precondition, as it does against production), and
 * nothing is written.
 */
import {
	and,
	arrayUnion,
	collection,
	deleteDoc,
	doc,
	type Firestore,
	getDoc,
	getDocs,
	query,
	serverTimestamp,
	setDoc,
	Timestamp,
	updateDoc,
	vector,
	where,
	writeBatch,
} from "firebase/firestore/lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRpc, DOCUMENTS, errorCodeOf, errorOf, startTestServer, type TestServer } from "./helpers";

let server: TestServer;
let db: Firestore;

beforeAll(async () => {
	server = await startTestServer();
	db = server.connect("alice");
});

afterAll(async () => {
	await server.stop();
});

const commit = (writes: unknown[]) => callRpc(server.url, "commit", { writes });
const update = (path: string, fields: unknown) => ({ update: { name: `${DOCUMENTS}/${path}`, fields } });
const exists = async (...path: [string, ...string[]]) => (await getDoc(doc(db, ...path))).exists();

async function expectInvalid(response: Response, message: string): Promise<void> {
	expect(response.status).toBe(400);
	const error = await errorOf(response);
	expect(error.status).toBe("INVALID_ARGUMENT");
	expect(error.message).toContain(message);
}

describe("writes per commit", () => {
	it("refuses 501 writes with production's message, writing none, and takes 500", async () => {
		const writes = (count: number) => Array.from({ length: count }, (_, i) => update(`many/d${i}`, {}));
		await expectInvalid(await commit(writes(501)), "maximum 500 writes allowed per request");
		expect(await exists("many", "d0")).toBe(false);
		expect((await commit(writes(500))).status).toBe(200);
		expect(await exists("many", "d499")).toBe(true);
	});

	it("counts an update with transforms as one write, as the SDK's batches do", async () => {
		const batch = writeBatch(db);
		for (let i = 0; i < 500; i++) batch.set(doc(db, "stamped", `d${i}`), { at: serverTimestamp(), n: arrayUnion(i) });
		await batch.commit();
		expect(await exists("stamped", "d499")).toBe(true);
	});

	it("refuses more than 500 field transforms on one document", async () => {
		const updateTransforms = Array.from({ length: 501 }, (_, i) => ({
			fieldPath: `f${i}`,
			setToServerValue: "REQUEST_TIME",
		}));
		await expectInvalid(
			await commit([{ ...update("transformed/one", {}), updateTransforms }]),
			"at most 500 are allowed per document",
		);
	});

	it("applies several writes to one document in order, as production does for a commit", async () => {
		// firebase-js-sdk's own batch_writes integration test, which runs against production, writes
		// delete, set and update to one document in one batch; only BatchWrite refuses repeats.
		const ref = doc(db, "repeated", "one");
		await writeBatch(db)
			.delete(ref)
			.set(ref, { a: 1, b: 1, when: "when" })
			.update(ref, { b: 2, when: serverTimestamp() })
			.commit();
		const data = (await getDoc(ref)).data();
		expect(data).toEqual({ a: 1, b: 2, when: expect.any(Timestamp) });
	});
});

describe("reserved and oversized ids and names", () => {
	it.each([
		["a reserved document id", "reserved/__x__", 'reserved id "__x__"'],
		["a reserved collection id", "__c__/x", 'reserved id "__c__"'],
		["a reserved id further down", "ok/x/__sub__/y", 'reserved id "__sub__"'],
		["the id .", "dots/.", "relative path segment"],
		["the id ..", "dots/..", "relative path segment"],
		["an id over 1,500 bytes", `long/${"é".repeat(751)}`, "id of 1502 bytes; ids are at most 1500 bytes"],
	])("refuses %s", async (_, path, message) => {
		await expectInvalid(await commit([update(path, {})]), message);
		await expectInvalid(await callRpc(server.url, "batchGet", { documents: [`${DOCUMENTS}/${path}`] }), message);
	});

	it("takes an id of exactly 1,500 bytes, and __ at one end only", async () => {
		for (const id of ["é".repeat(750), "__x", "x__", "_x_"])
			expect((await commit([update(`edge/${id}`, {})])).status).toBe(200);
	});

	it("refuses a reserved id through the SDK, and a query on a reserved collection", async () => {
		expect(await errorCodeOf(setDoc(doc(db, "reserved", "__x__"), { a: 1 }))).toBe("failed-precondition");
		const response = await callRpc(server.url, "runQuery", { structuredQuery: { from: [{ collectionId: "__c__" }] } });
		await expectInvalid(response, 'reserved id "__c__"');
	});

	it("refuses a query on a reserved field name other than __name__, which no document can hold", async () => {
		const on = (fieldPath: string) =>
			callRpc(server.url, "runQuery", {
				structuredQuery: { from: [{ collectionId: "named" }], orderBy: [{ field: { fieldPath } }] },
			});
		await expectInvalid(await on("__x__"), 'reserved field name "__x__"');
		await expectInvalid(await on("a.__name__"), 'reserved field name "__name__"');
		expect((await on("__name__")).status).toBe(200);
	});

	it.each([
		["a reserved field name", { __x__: { nullValue: null } }, 'reserved field name "__x__"'],
		[
			"a reserved map key",
			{ m: { mapValue: { fields: { __x__: { nullValue: null } } } } },
			'reserved field name "__x__"',
		],
		["__type__ outside a vector", { m: { mapValue: { fields: { __type__: { stringValue: "x" } } } } }, "__type__"],
		["__type__ at the top of a document", { __type__: { stringValue: "__vector__" } }, "__type__"],
		["a field name over 1,500 bytes", { ["é".repeat(751)]: { nullValue: null } }, "field name of 1502 bytes"],
	])("refuses %s", async (_, fields, message) => {
		await expectInvalid(await commit([update("named/x", fields)]), message);
		expect(await exists("named", "x")).toBe(false);
	});

	it("refuses reserved names and __name__ in update masks and transforms, and field paths over 1,500 bytes", async () => {
		await expectInvalid(
			await commit([{ ...update("named/x", {}), updateMask: { fieldPaths: ["a.__x__"] } }]),
			'reserved field name "__x__"',
		);
		await expectInvalid(
			await commit([
				{ ...update("named/x", {}), updateTransforms: [{ fieldPath: "__name__", setToServerValue: "REQUEST_TIME" }] },
			]),
			'reserved field name "__name__"',
		);
		const longPath = Array.from({ length: 400 }, () => "abc").join(".");
		await expectInvalid(
			await commit([{ ...update("named/x", {}), updateMask: { fieldPaths: [longPath] } }]),
			"field path of 1599 bytes",
		);
	});

	it("keeps __type__ for vectors, which the SDK writes, and __name__ in queries", async () => {
		await setDoc(doc(db, "vectors", "v"), { embedding: vector([1, 2.5]) });
		expect((await getDoc(doc(db, "vectors", "v"))).get("embedding").toArray()).toEqual([1, 2.5]);
		expect((await getDocs(collection(db, "vectors"))).size).toBe(1);
	});
});

describe("document and value sizes", () => {
	// links/exact's name is 6 + 6 + 16 = 28 bytes; "a" and "b" take 2 each, their strings one more than their bytes.
	const exactly = (total: number) => ({ a: "x".repeat(600_000), b: "y".repeat(total - 28 - 32 - 2 - 600_001 - 2 - 1) });

	it("stores a document of exactly 1 MiB by the storage-size rules and refuses one byte more", async () => {
		await setDoc(doc(db, "links", "exact"), exactly(1_048_576));
		const over = exactly(1_048_577);
		const response = await commit([update("links/exact", { a: { stringValue: over.a }, b: { stringValue: over.b } })]);
		await expectInvalid(
			response,
			`Document '${DOCUMENTS}/links/exact' cannot be written because its size (1,048,577 bytes) exceeds the maximum allowed size of 1,048,576 bytes.`,
		);
		expect(await errorCodeOf(setDoc(doc(db, "links", "exact"), over))).toBe("failed-precondition");
		expect((await getDoc(doc(db, "links", "exact"))).get("b")).toHaveLength(exactly(1_048_576).b.length);
	});

	it("refuses a merge or a transform that grows a document past 1 MiB, leaving it as it was", async () => {
		const ref = doc(db, "links", "grown");
		await setDoc(ref, exactly(1_048_576 - 9));
		expect(await errorCodeOf(setDoc(ref, { c: "seven!!" }, { merge: true }))).toBe("failed-precondition");
		expect(await errorCodeOf(updateDoc(ref, { d: arrayUnion(1) }))).toBe("failed-precondition");
		await updateDoc(ref, { e: true });
		expect(Object.keys((await getDoc(ref)).data() ?? {}).sort()).toEqual(["a", "b", "e"]);
	});

	it("refuses a string or bytes value over 1,048,487 bytes, counting UTF-8 bytes", async () => {
		await expectInvalid(
			await commit([update("values/s", { s: { stringValue: "é".repeat(524_244) } })]),
			"is longer than 1048487 bytes",
		);
		await expectInvalid(
			await commit([update("values/b", { b: { bytesValue: Buffer.alloc(1_048_488).toString("base64") } })]),
			"is longer than 1048487 bytes",
		);
		expect((await commit([update("values/s", { s: { stringValue: "x".repeat(1_048_487) } })])).status).toBe(200);
	});
});

describe("nesting", () => {
	const nested = (levels: number, inner: object = {}): Record<string, unknown> =>
		levels === 0 ? (inner as Record<string, unknown>) : { m: nested(levels - 1, inner) };

	it("takes maps 20 levels deep and refuses 21, even when the innermost is empty", async () => {
		await setDoc(doc(db, "deep", "ok"), nested(20, { leaf: 1 }));
		expect((await getDoc(doc(db, "deep", "ok"))).data()).toEqual(nested(20, { leaf: 1 }));
		expect(await errorCodeOf(setDoc(doc(db, "deep", "over"), nested(21)))).toBe("failed-precondition");
		expect(await errorCodeOf(setDoc(doc(db, "deep", "array"), nested(20, { list: [1] })))).toBe("failed-precondition");
		expect(await exists("deep", "over")).toBe(false);
	});

	it("refuses a transform whose field path makes the document deeper than 20 levels", async () => {
		await setDoc(doc(db, "deep", "path"), { a: 1 });
		const path = Array.from({ length: 22 }, (_, i) => `p${i}`).join(".");
		expect(await errorCodeOf(updateDoc(doc(db, "deep", "path"), path, serverTimestamp()))).toBe("failed-precondition");
		expect((await getDoc(doc(db, "deep", "path"))).data()).toEqual({ a: 1 });
	});

	it("refuses an array directly inside an array in a document, but takes one as an in filter's value", async () => {
		const list = { arrayValue: { values: [{ arrayValue: { values: [{ integerValue: "1" }] } }] } };
		await expectInvalid(await commit([update("deep/arrays", { list })]), "array directly inside an array");
		await setDoc(doc(db, "deep", "tags"), { tags: ["a"] });
		const found = await getDocs(query(collection(db, "deep"), where("tags", "in", [["a"], ["b"]])));
		expect(found.docs.map((snapshot) => snapshot.id)).toEqual(["tags"]);
	});

	it("answers a filter nested thousands deep with INVALID_ARGUMENT, not a crash", async () => {
		// Written as text: JSON.stringify itself runs out of stack on an object this deep.
		const depth = 5000;
		const leaf = '{"fieldFilter":{"field":{"fieldPath":"a"},"op":"EQUAL","value":{"integerValue":"1"}}}';
		const where = `${'{"compositeFilter":{"op":"AND","filters":['.repeat(depth)}${leaf}${"]}}".repeat(depth)}`;
		const body = `{"structuredQuery":{"from":[{"collectionId":"deep"}],"where":${where}}}`;
		await expectInvalid(await callRpc(server.url, "runQuery", body), "nests more than 100 levels deep");
	});

	it("still runs the nested AND filters the SDK sends", async () => {
		await setDoc(doc(db, "anded", "one"), { a: 1, b: 2, c: 3 });
		const nestedAnd = and(where("a", "==", 1), and(where("b", "==", 2), and(where("c", "==", 3))));
		expect((await getDocs(query(collection(db, "anded"), nestedAnd))).size).toBe(1);
	});
});

describe("UTF-8", () => {
	const raw = (text: string) => callRpc(server.url, "commit", text);

	it.each([
		[
			"a string value",
			`{"writes":[{"update":{"name":"${DOCUMENTS}/text/a","fields":{"s":{"stringValue":"x\\ud800"}}}}]}`,
		],
		["a field name", `{"writes":[{"update":{"name":"${DOCUMENTS}/text/a","fields":{"\\udc00":{"nullValue":null}}}}]}`],
		["a document id", `{"writes":[{"update":{"name":"${DOCUMENTS}/text/\\ud800","fields":{}}}]}`],
	])("refuses a lone surrogate in %s", async (_, body) => {
		await expectInvalid(await raw(body), "lone surrogate");
		expect(await exists("text", "a")).toBe(false);
	});

	it("refuses bytes that are not UTF-8 at all", async () => {
		const body = Buffer.concat([
			Buffer.from(`{"writes":[{"update":{"name":"${DOCUMENTS}/text/a","fields":{"s":{"stringValue":"`),
			Buffer.from([0xff, 0xfe]),
			Buffer.from('"}}}}]}'),
		]);
		const response = await fetch(`${server.url}/v1/${DOCUMENTS}:commit`, {
			method: "POST",
			headers: { Authorization: "Bearer owner" },
			body,
		});
		await expectInvalid(response, "not valid UTF-8");
	});

	it("refuses what the SDK sends for a lone surrogate (it sends it as is), and keeps surrogate pairs", async () => {
		expect(await errorCodeOf(setDoc(doc(db, "text", "sdk"), { s: "broken \ud800" }))).toBe("failed-precondition");
		expect(await errorCodeOf(setDoc(doc(db, "text", "\udfff"), { s: "x" }))).toBe("failed-precondition");
		expect(await exists("text", "sdk")).toBe(false);
		await setDoc(doc(db, "text", "😀"), { "😀": "😀 \u{10FFFF}" });
		expect((await getDoc(doc(db, "text", "😀"))).data()).toEqual({ "😀": "😀 \u{10FFFF}" });
		await deleteDoc(doc(db, "text", "😀"));
	});
});

describe("request size", () => {
	it("refuses a body over 10 MiB with production's message", async () => {
		const body = `{"writes":[]}${" ".repeat(10 * 1024 * 1024)}`;
		await expectInvalid(
			await callRpc(server.url, "commit", body),
			"Request payload size exceeds the limit: 10485760 bytes.",
		);
	});
});
