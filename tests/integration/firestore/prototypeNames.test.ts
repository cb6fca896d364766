/**
 * Field names, map keys, document ids and aliases that are also names of Object.prototype's members:
 * they are ordinary user data and must behave like any other name.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
	collection,
	deleteDoc,
	doc,
	documentId,
	type Firestore,
	getDoc,
	getDocs,
	orderBy,
	query,
	setDoc,
	updateDoc,
	where,
} from "firebase/firestore/lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRpc, DOCUMENTS, errorOf, startTestServer, type TestServer } from "./helpers";

let server: TestServer;
let db: Firestore;

beforeAll(async () => {
	server = await startTestServer();
	db = server.connect("alice");
});

afterAll(async () => {
	await server.stop();
});

const idsOf = async (q: Parameters<typeof getDocs>[0]) => (await getDocs(q)).docs.map((snapshot) => snapshot.id);

describe("names that Object.prototype also has", () => {
	it("a query on such a field, on a fresh server, leaves later writes and reads working", async () => {
		const fresh = await startTestServer();
		try {
			const client = fresh.connect("alice");
			const things = collection(client, "things");
			await setDoc(doc(things, "plain"), { n: 1 });
			expect(await idsOf(query(things, orderBy("constructor")))).toEqual([]);
			expect(await idsOf(query(things, where("toString", "==", 1)))).toEqual([]);
			await setDoc(doc(things, "later"), { n: 2 });
			await setDoc(doc(things, "with"), { constructor: 3, toString: 4 });
			expect((await getDoc(doc(things, "later"))).data()).toEqual({ n: 2 });
			expect(await idsOf(query(things, orderBy("n")))).toEqual(["plain", "later"]);
			expect(await idsOf(query(things, orderBy("constructor")))).toEqual(["with"]);
			expect(await idsOf(query(things, where("toString", "==", 4)))).toEqual(["with"]);
		} finally {
			await fresh.stop();
		}
	});

	it("stores such field names and map keys and reads them back exactly", async () => {
		const data = {
			constructor: "c",
			toString: 1,
			hasOwnProperty: true,
			valueOf: { isPrototypeOf: 2, propertyIsEnumerable: ["x"], toLocaleString: { constructor: null } },
		};
		await setDoc(doc(db, "proto", "one"), data);
		expect((await getDoc(doc(db, "proto", "one"))).data()).toEqual(data);
		await updateDoc(doc(db, "proto", "one"), { "valueOf.isPrototypeOf": 3, toString: 5 });
		expect((await getDoc(doc(db, "proto", "one"))).get("valueOf.isPrototypeOf")).toBe(3);
		expect((await getDoc(doc(db, "proto", "one"))).get("toString")).toBe(5);
	});

	it("filters and orders on such fields, leaving out documents that lack them", async () => {
		await setDoc(doc(db, "ordered", "b"), { valueOf: 2, m: { toString: "y" } });
		await setDoc(doc(db, "ordered", "a"), { valueOf: 1, m: { toString: "x" } });
		await setDoc(doc(db, "ordered", "none"), { other: 0 });
		const ordered = collection(db, "ordered");
		expect(await idsOf(query(ordered, orderBy("valueOf")))).toEqual(["a", "b"]);
		expect(await idsOf(query(ordered, orderBy("m.toString", "desc")))).toEqual(["b", "a"]);
		expect(await idsOf(query(ordered, where("valueOf", ">", 1)))).toEqual(["b"]);
		expect(await idsOf(query(ordered, where("hasOwnProperty", "!=", null)))).toEqual([]);
	});

	it("keeps such names through a restart, where the documents are read back from disk", async () => {
		const dataDir = mkdtempSync(join(tmpdir(), "shorty-proto-"));
		try {
			const first = await startTestServer({ dataDir });
			try {
				await setDoc(doc(first.connect("alice"), "kept", "k"), { constructor: 1 });
				await setDoc(doc(first.connect("alice"), "kept", "other"), { n: 1 });
			} finally {
				await first.stop();
			}
			const second = await startTestServer({ dataDir });
			try {
				const client = second.connect("alice");
				expect(await idsOf(query(collection(client, "kept"), orderBy("toString")))).toEqual([]);
				expect(await idsOf(query(collection(client, "kept"), orderBy("constructor")))).toEqual(["k"]);
				await setDoc(doc(client, "kept", "third"), { n: 3 });
				expect(await idsOf(query(collection(client, "kept"), orderBy("n")))).toEqual(["other", "third"]);
			} finally {
				await second.stop();
			}
		} finally {
			rmSync(dataDir, { recursive: true, force: true });
		}
	});

	it("takes such document ids like any other", async () => {
		const ids = ["constructor", "toString", "hasOwnProperty", "valueOf"];
		for (const id of ids) await setDoc(doc(db, "named", id), { id });
		for (const id of ids) expect((await getDoc(doc(db, "named", id))).data()).toEqual({ id });
		expect(await idsOf(query(collection(db, "named"), where(documentId(), "in", ids)))).toEqual([...ids].sort());
		await deleteDoc(doc(db, "named", "constructor"));
		expect((await getDoc(doc(db, "named", "constructor"))).exists()).toBe(false);
	});

	it("answers an aggregation alias named like a member of Object.prototype", async () => {
		const response = await callRpc(server.url, "runAggregationQuery", {
			structuredAggregationQuery: {
				structuredQuery: { from: [{ collectionId: "ordered" }] },
				aggregations: [
					{ alias: "constructor", count: {} },
					{ alias: "toString", sum: { field: { fieldPath: "valueOf" } } },
				],
			},
		});
		const [result] = (await response.json()) as Array<{ result: { aggregateFields: unknown } }>;
		expect(result?.result.aggregateFields).toEqual({
			constructor: { integerValue: "3" },
			toString: { integerValue: "3" },
		});
	});

	it("refuses __proto__ as a field name, a map key or an alias, as a reserved name", async () => {
		const commit = (fields: string) =>
			callRpc(server.url, "commit", `{"writes":[{"update":{"name":"${DOCUMENTS}/proto/p","fields":${fields}}}]}`);
		for (const fields of [
			'{"__proto__":{"integerValue":"1"}}',
			'{"m":{"mapValue":{"fields":{"__proto__":{"nullValue":null}}}}}',
		]) {
			const response = await commit(fields);
			expect(response.status, fields).toBe(400);
			expect((await errorOf(response)).message).toContain('reserved field name "__proto__"');
		}
		const aggregation = await callRpc(server.url, "runAggregationQuery", {
			structuredAggregationQuery: {
				structuredQuery: { from: [{ collectionId: "ordered" }] },
				aggregations: [{ alias: "__proto__", count: {} }],
			},
		});
		expect(aggregation.status).toBe(400);
		expect((await getDoc(doc(db, "proto", "p"))).exists()).toBe(false);
	});

	it("refuses a unary filter operator named like a member of Object.prototype", async () => {
		const response = await callRpc(server.url, "runQuery", {
			structuredQuery: {
				from: [{ collectionId: "ordered" }],
				where: { unaryFilter: { field: { fieldPath: "valueOf" }, op: "constructor" } },
			},
		});
		expect(response.status).toBe(400);
		expect((await errorOf(response)).message).toContain("is not a unary operator");
	});
});
