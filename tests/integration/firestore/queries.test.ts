import {
	and,
	average,
	collection,
	collectionGroup,
	doc,
	documentId,
	endAt,
	endBefore,
	type Firestore,
	type FirestoreError,
	getAggregate,
	getCount,
	getDoc,
	getDocs,
	limit,
	limitToLast,
	or,
	orderBy,
	type Query,
	type QueryConstraint,
	query,
	startAfter,
	startAt,
	sum,
	Timestamp,
	where,
	writeBatch,
} from "firebase/firestore/lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IndexDefinition } from "../../../local/firestore/types";
import { ADMINISTRATOR, errorCodeOf, LINK_INDEXES, PROJECT_ID, startTestServer, type TestServer } from "./helpers";

let server: TestServer;
let unindexed: TestServer;
let db: Firestore;
/** Alice on a server with no composite index at all. */
let bare: Firestore;

/** What these tests query beyond the project's own indexes. */
const TEST_INDEXES: IndexDefinition[] = [
	{
		collectionGroup: "items",
		queryScope: "COLLECTION",
		fields: [
			{ fieldPath: "tags", arrayConfig: "CONTAINS" },
			{ fieldPath: "flag", order: "ASCENDING" },
		],
	},
];

const ids = async (q: Query) => (await getDocs(q)).docs.map((snapshot) => snapshot.id);

/** Documents of every kind of `n` and `s` the operators must tell apart. */
const items: Record<string, Record<string, unknown>> = {
	a: { n: 1, s: "apple", tags: ["x", "y"], flag: true },
	b: { n: 2.5, s: "banana", tags: ["y"], flag: false },
	c: { n: Number.NaN, s: "cherry", tags: [] },
	d: { n: "7", s: "date" },
	e: { n: null, s: "elder" },
	f: { n: 10, s: "Éclair", tags: ["z"] },
	g: { s: "grape" },
	h: { n: 2, s: "😀 emoji" },
	i: { n: -3, s: "\uFFFD replacement" },
	k: { n: true, s: "kiwi" },
};

async function seedLinks(target: TestServer): Promise<void> {
	const client = target.connect("seeder");
	const batch = writeBatch(client);
	for (let i = 0; i < 60; i++) {
		// Pairs share a createdAt, so the order between them comes from the name.
		const createdAt = new Timestamp(1_700_000_000 + Math.floor(i / 2), 0);
		batch.set(doc(client, "links", `alice-${String(i).padStart(2, "0")}`), { owner: "alice", createdAt, clicks: i });
	}
	for (let i = 0; i < 25; i++) {
		batch.set(doc(client, "links", `bob-${i}`), { owner: "bob", createdAt: new Timestamp(1_700_000_000 + i, 0) });
	}
	batch.set(doc(client, "links", "alice-undated"), { owner: "alice", clicks: 1000 });
	await batch.commit();
}

beforeAll(async () => {
	[server, unindexed] = await Promise.all([
		startTestServer({ indexes: [...LINK_INDEXES, ...TEST_INDEXES] }),
		startTestServer({ indexes: [] }),
	]);
	db = server.connect("alice");
	bare = unindexed.connect("alice");
	const batch = writeBatch(db);
	for (const [id, data] of Object.entries(items)) batch.set(doc(db, "items", id), data);
	for (let rank = 1; rank <= 10; rank++)
		batch.set(doc(db, "ranked", `r${String(rank).padStart(2, "0")}`), { rank, parity: rank % 2 });
	await batch.commit();
	// The SDK cannot write a double that holds a whole number, so j (n: 2.0) goes in over REST.
	const name = `projects/${PROJECT_ID}/databases/(default)/documents/items/j`;
	const response = await fetch(`${server.url}/v1/projects/${PROJECT_ID}/databases/(default)/documents:commit`, {
		method: "POST",
		headers: { Authorization: "Bearer owner" },
		body: JSON.stringify({
			writes: [{ update: { name, fields: { n: { doubleValue: 2 }, s: { stringValue: "jam" } } } }],
		}),
	});
	expect(response.status).toBe(200);
	await Promise.all([seedLinks(server), seedLinks(unindexed)]);
});

afterAll(async () => {
	await Promise.all([server.stop(), unindexed.stop()]);
});

describe("filters", () => {
	const items$ = (...constraints: QueryConstraint[]) => query(collection(db, "items"), ...constraints);

	it("== matches integers and doubles of the same value", async () => {
		expect(await ids(items$(where("n", "==", 2)))).toEqual(["h", "j"]);
	});

	it("!= excludes the value, null and missing fields, and orders by the field", async () => {
		expect(await ids(items$(where("n", "!=", 2)))).toEqual(["k", "c", "i", "a", "b", "f", "d"]);
	});

	it("range filters only match values of the operand's type", async () => {
		expect(await ids(items$(where("n", ">", 1)))).toEqual(["h", "j", "b", "f"]);
		expect(await ids(items$(where("n", "<=", 2), where("n", ">", -5)))).toEqual(["i", "a", "h", "j"]);
		expect(await ids(items$(where("n", ">=", "0")))).toEqual(["d"]);
	});

	it("orders strings by their UTF-8 bytes", async () => {
		expect(await ids(items$(where("s", ">=", "date")))).toEqual(["d", "e", "g", "j", "k", "f", "i", "h"]);
	});

	it("in, not-in, array-contains and array-contains-any match as in Firestore", async () => {
		expect(await ids(items$(where("s", "in", ["apple", "grape", "nope"])))).toEqual(["a", "g"]);
		expect(await ids(items$(where("n", "not-in", [1, 10])))).toEqual(["k", "c", "i", "h", "j", "b", "d"]);
		expect(await ids(items$(where("tags", "array-contains", "y")))).toEqual(["a", "b"]);
		expect(await ids(items$(where("tags", "array-contains-any", ["x", "z"])))).toEqual(["a", "f"]);
	});

	it("null and NaN filters become IS_NULL, IS_NAN and their negations", async () => {
		expect(await ids(items$(where("n", "==", null)))).toEqual(["e"]);
		expect(await ids(items$(where("n", "==", Number.NaN)))).toEqual(["c"]);
		expect(await ids(items$(where("n", "!=", null)))).toEqual(["k", "c", "i", "a", "h", "j", "b", "f", "d"]);
		expect(await ids(items$(where("n", "!=", Number.NaN)))).toEqual(["k", "i", "a", "h", "j", "b", "f", "d"]);
	});

	it("combines filters with and()", async () => {
		const both = and(where("tags", "array-contains", "y"), where("flag", "==", true));
		expect(await ids(query(collection(db, "items"), both))).toEqual(["a"]);
	});

	it("filters and orders by document id", async () => {
		expect(await ids(items$(where(documentId(), "in", ["b", "a"])))).toEqual(["a", "b"]);
		expect(await ids(items$(where(documentId(), ">=", "h"), orderBy(documentId())))).toEqual(["h", "i", "j", "k"]);
	});

	it("answers or() and collection group queries with unimplemented", async () => {
		const failures = await Promise.allSettled([
			getDocs(query(collection(db, "items"), or(where("n", "==", 1), where("n", "==", 2)))),
			getDocs(query(collectionGroup(db, "items"))),
		]);
		for (const failure of failures) {
			expect(failure.status).toBe("rejected");
			expect(((failure as PromiseRejectedResult).reason as FirestoreError).code).toBe("unimplemented");
		}
	});
});

describe("ordering, limits and cursors", () => {
	const ranked = (...constraints: QueryConstraint[]) => query(collection(db, "ranked"), ...constraints);

	it("orders by a field across types (null, boolean, NaN, numbers, strings) and leaves out documents without it", async () => {
		expect(await ids(query(collection(db, "items"), orderBy("n")))).toEqual([
			"e",
			"k",
			"c",
			"i",
			"a",
			"h",
			"j",
			"b",
			"f",
			"d",
		]);
		expect(await ids(query(collection(db, "items"), orderBy("n", "desc")))).toEqual([
			"d",
			"f",
			"b",
			"j",
			"h",
			"a",
			"i",
			"c",
			"k",
			"e",
		]);
	});

	it("limit and limitToLast take the first and last documents in order", async () => {
		expect(await ids(query(collection(db, "items"), orderBy("s"), limit(2)))).toEqual(["a", "b"]);
		expect(await ids(query(collection(db, "items"), orderBy("s"), limitToLast(2)))).toEqual(["i", "h"]);
	});

	it("startAt, startAfter, endAt and endBefore cut at values", async () => {
		expect(await ids(ranked(orderBy("rank"), startAt(3), limit(3)))).toEqual(["r03", "r04", "r05"]);
		expect(await ids(ranked(orderBy("rank"), startAfter(3), limit(3)))).toEqual(["r04", "r05", "r06"]);
		expect(await ids(ranked(orderBy("rank"), endAt(3)))).toEqual(["r01", "r02", "r03"]);
		expect(await ids(ranked(orderBy("rank"), endBefore(3)))).toEqual(["r01", "r02"]);
		expect(await ids(ranked(orderBy("rank", "desc"), startAfter(8), limit(2)))).toEqual(["r07", "r06"]);
		expect(await ids(ranked(orderBy("rank"), endBefore(9), limitToLast(3)))).toEqual(["r06", "r07", "r08"]);
	});

	it("cursors from document snapshots continue after that document, ties broken by name", async () => {
		const fifth = await getDoc(doc(db, "ranked", "r05"));
		expect(await ids(ranked(orderBy("parity"), startAfter(fifth), limit(3)))).toEqual(["r07", "r09"]);
		expect(await ids(ranked(orderBy("parity", "desc"), startAt(fifth)))).toEqual([
			"r05",
			"r03",
			"r01",
			"r10",
			"r08",
			"r06",
			"r04",
			"r02",
		]);
		expect(
			await ids(ranked(orderBy("rank"), startAfter(fifth), endAt(await getDoc(doc(db, "ranked", "r07"))))),
		).toEqual(["r06", "r07"]);
	});
});

describe("paged queries over an index", () => {
	const page = (client: Firestore, after?: unknown) =>
		query(
			collection(client, "links"),
			where("owner", "==", "alice"),
			orderBy("createdAt", "desc"),
			...(after === undefined ? [] : [startAfter(after)]),
			limit(25),
		);

	async function allPages(target: TestServer): Promise<string[]> {
		const client = target.connect("alice");
		const seen: string[] = [];
		let last: unknown;
		for (;;) {
			const snapshot = await getDocs(page(client, last));
			seen.push(...snapshot.docs.map((item) => item.id));
			if (snapshot.size < 25) return seen;
			last = snapshot.docs[snapshot.size - 1];
		}
	}

	it("pages through one owner's links newest first, names descending within a tie", async () => {
		const expected = Array.from({ length: 60 }, (_, i) => `alice-${String(59 - i).padStart(2, "0")}`);
		expect(await allPages(server)).toEqual(expected);
	});

	it("counts with getCount, honouring limit and leaving out documents without an ordered field", async () => {
		const alice = query(collection(db, "links"), where("owner", "==", "alice"));
		expect((await getCount(alice)).data().count).toBe(61);
		expect((await getCount(query(alice, limit(10)))).data().count).toBe(10);
		expect((await getCount(query(alice, orderBy("createdAt", "desc")))).data().count).toBe(60);
		expect(
			(await getCount(query(alice, orderBy("createdAt"), startAfter(new Timestamp(1_700_000_020, 0))))).data().count,
		).toBe(18);
		expect((await getCount(query(collection(db, "links")))).data().count).toBe(86);
		expect((await getCount(query(collection(db, "nothing-here")))).data().count).toBe(0);
	});

	it("sums and averages a numeric field", async () => {
		const few = query(collection(db, "links"), where("clicks", "<", 10));
		const result = await getAggregate(few, { total: sum("clicks"), mean: average("clicks") });
		expect(result.data()).toEqual({ total: 45, mean: 4.5 });
	});
});

describe("the index a query needs", () => {
	const links$ = (client: Firestore, ...constraints: QueryConstraint[]) =>
		query(collection(client, "links"), ...constraints);
	const alices$ = (client: Firestore, ...constraints: QueryConstraint[]) =>
		links$(client, where("owner", "==", "alice"), ...constraints);

	it("refuses a query whose composite index is not configured, with failed-precondition and the index to add", async () => {
		const failure = await getDocs(alices$(bare, orderBy("createdAt", "desc"), limit(25))).catch(
			(error: unknown) => error as FirestoreError,
		);
		expect(failure).toMatchObject({ code: "failed-precondition" });
		const { message } = failure as FirestoreError;
		expect(message).toContain("The query requires an index. You can create it here: ");
		expect(message).toContain(
			'{"collectionGroup":"links","queryScope":"COLLECTION","fields":[{"fieldPath":"owner","order":"ASCENDING"},{"fieldPath":"createdAt","order":"DESCENDING"}]}',
		);
	});

	it("serves from single-field indexes: equalities on several fields, one field's order or range, one array-contains", async () => {
		expect(await ids(alices$(bare, where("clicks", "==", 3)))).toEqual(["alice-03"]);
		expect(await ids(links$(bare, where("clicks", "<", 2)))).toEqual(["alice-00", "alice-01"]);
		expect(await ids(links$(bare, orderBy("clicks", "desc"), limit(2)))).toEqual(["alice-undated", "alice-59"]);
		expect(await ids(alices$(bare, where(documentId(), ">", "alice-57"), orderBy(documentId(), "desc")))).toEqual([
			"alice-undated",
			"alice-59",
			"alice-58",
		]);
		// The items live on the other server, whose one composite index (tags, flag) does not serve this query.
		expect(await ids(query(collection(db, "items"), where("tags", "array-contains", "y")))).toEqual(["a", "b"]);
	});

	it("needs a composite index for an equality with an order or range on another field, for two ordered fields, or an array-contains with more", async () => {
		const refusals = [
			alices$(bare, orderBy("clicks")),
			alices$(bare, where("clicks", "<", 10)),
			links$(bare, orderBy("createdAt"), orderBy("clicks")),
			links$(bare, orderBy("clicks"), orderBy(documentId(), "desc")),
			query(collection(bare, "items"), where("tags", "array-contains", "y"), where("flag", "==", true)),
		];
		for (const refused of refusals) expect(await errorCodeOf(getDocs(refused))).toBe("failed-precondition");
	});

	it("reads no index backwards: limitToLast, which flips every direction, needs the opposite twin", async () => {
		const descendingOnly = await startTestServer({
			indexes: [
				{
					collectionGroup: "links",
					queryScope: "COLLECTION",
					fields: [
						{ fieldPath: "owner", order: "ASCENDING" },
						{ fieldPath: "createdAt", order: "DESCENDING" },
					],
				},
			],
		});
		try {
			const client = descendingOnly.connect("alice");
			expect(await ids(alices$(client, orderBy("createdAt", "desc"), limit(3)))).toEqual([]);
			expect(await errorCodeOf(getDocs(alices$(client, orderBy("createdAt", "desc"), limitToLast(3))))).toBe(
				"failed-precondition",
			);
		} finally {
			await descendingOnly.stop();
		}
		expect(await ids(alices$(db, orderBy("createdAt", "desc"), limitToLast(3)))).toEqual([
			"alice-02",
			"alice-01",
			"alice-00",
		]);
	});

	it("orders by document name descending only under an equality filter: the collection has no such index", async () => {
		const byNameDescending = query(
			collection(db, "items"),
			where(documentId(), ">=", "h"),
			orderBy(documentId(), "desc"),
		);
		expect(await errorCodeOf(getDocs(byNameDescending))).toBe("failed-precondition");
	});

	it("holds counts and other aggregations to the same indexes", async () => {
		expect(await errorCodeOf(getCount(alices$(bare, orderBy("createdAt", "desc"))))).toBe("failed-precondition");
		expect(await errorCodeOf(getAggregate(alices$(db, where("clicks", "<", 10)), { total: sum("clicks") }))).toBe(
			"failed-precondition",
		);
	});

	it("has no index on a field fieldOverrides exempts, for the administrator too", async () => {
		const admin = server.connect(ADMINISTRATOR);
		expect(await errorCodeOf(getDocs(links$(admin, where("url", "==", "https://example.com/"))))).toBe(
			"failed-precondition",
		);
		expect(await errorCodeOf(getDocs(links$(admin, orderBy("title"), limit(1))))).toBe("failed-precondition");
	});
});
