import {
	arrayRemove,
	arrayUnion,
	Bytes,
	collection,
	deleteDoc,
	deleteField,
	doc,
	type Firestore,
	GeoPoint,
	getDoc,
	increment,
	maximum,
	minimum,
	runTransaction,
	serverTimestamp,
	setDoc,
	Timestamp,
	updateDoc,
	writeBatch,
} from "firebase/firestore/lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCodeOf, PROJECT_ID, startTestServer, type TestServer } from "./helpers";

let server: TestServer;
let db: Firestore;
let other: Firestore;

beforeAll(async () => {
	server = await startTestServer();
	db = server.connect("alice");
	other = server.connect("bob");
});

afterAll(async () => {
	await server.stop();
});

const rpc = (name: string, body: unknown) =>
	fetch(`${server.url}/v1/projects/${PROJECT_ID}/databases/(default)/documents:${name}`, {
		method: "POST",
		headers: { Authorization: "Bearer owner", "Content-Type": "text/plain" },
		body: JSON.stringify(body),
	});

describe("reading and writing documents", () => {
	it("reads back what setDoc wrote, and a missing document as not existing", async () => {
		await setDoc(doc(db, "links", "plain"), { url: "https://example.com", clicks: 0 });
		const snapshot = await getDoc(doc(db, "links", "plain"));
		expect(snapshot.exists()).toBe(true);
		expect(snapshot.data()).toEqual({ url: "https://example.com", clicks: 0 });
		expect((await getDoc(doc(db, "links", "never-written"))).exists()).toBe(false);
	});

	it("setDoc without merge replaces the whole document", async () => {
		const ref = doc(db, "links", "replaced");
		await setDoc(ref, { a: 1, b: 2 });
		await setDoc(ref, { c: 3 });
		expect((await getDoc(ref)).data()).toEqual({ c: 3 });
	});

	it("setDoc with merge keeps fields it does not mention, including nested ones", async () => {
		const ref = doc(db, "links", "merged");
		await setDoc(ref, { a: 1, nested: { keep: true, change: "old" } });
		await setDoc(ref, { b: 2, nested: { change: "new" }, "dotted.name": 3, "back`quote\\": 4 }, { merge: true });
		expect((await getDoc(ref)).data()).toEqual({
			a: 1,
			b: 2,
			nested: { keep: true, change: "new" },
			"dotted.name": 3,
			"back`quote\\": 4,
		});
	});

	it("updateDoc changes dotted fields, deletes with deleteField, and fails on a missing document with not-found", async () => {
		const ref = doc(db, "links", "updated");
		await setDoc(ref, { stats: { clicks: 1, views: 5 }, title: "t", "odd.key": 1 });
		await updateDoc(ref, { "stats.clicks": 2, title: deleteField() });
		expect((await getDoc(ref)).data()).toEqual({ stats: { clicks: 2, views: 5 }, "odd.key": 1 });
		expect(await errorCodeOf(updateDoc(doc(db, "links", "no-such"), { title: "x" }))).toBe("not-found");
	});

	it("deleteDoc removes a document, and deleting a missing one succeeds", async () => {
		const ref = doc(db, "links", "deleted");
		await setDoc(ref, { a: 1 });
		await deleteDoc(ref);
		expect((await getDoc(ref)).exists()).toBe(false);
		await deleteDoc(ref);
	});

	it("keeps documents of subcollections apart from their parent's collection", async () => {
		await setDoc(doc(db, "users", "alice", "links", "x"), { sub: true });
		await setDoc(doc(db, "links", "x"), { sub: false });
		expect((await getDoc(doc(db, "users/alice/links/x"))).data()).toEqual({ sub: true });
		expect((await getDoc(doc(db, "links/x"))).data()).toEqual({ sub: false });
	});

	it("round-trips every value type", async () => {
		const ref = doc(db, "values", "all");
		const when = new Timestamp(1_700_000_000, 123_456_789);
		const value = {
			nothing: null,
			yes: true,
			no: false,
			integer: 42,
			negative: -7,
			double: 3.25,
			nan: Number.NaN,
			infinity: Number.POSITIVE_INFINITY,
			negativeInfinity: Number.NEGATIVE_INFINITY,
			negativeZero: -0,
			when,
			text: "héllo 👋 日本語 \u0000 end",
			bytes: Bytes.fromUint8Array(new Uint8Array([0, 1, 127, 128, 255])),
			ref: doc(db, "links", "plain"),
			place: new GeoPoint(51.5, -0.12),
			list: [1, "two", { three: [3] }, null],
			emptyList: [],
			emptyMap: {},
			nested: { a: { b: { c: "deep" } } },
		};
		await setDoc(ref, value);
		const data = (await getDoc(ref)).data() ?? {};
		expect(data.nothing).toBeNull();
		expect(data.yes).toBe(true);
		expect(data.no).toBe(false);
		expect(data.integer).toBe(42);
		expect(data.negative).toBe(-7);
		expect(data.double).toBe(3.25);
		expect(data.nan).toBeNaN();
		expect(data.infinity).toBe(Number.POSITIVE_INFINITY);
		expect(data.negativeInfinity).toBe(Number.NEGATIVE_INFINITY);
		expect(Object.is(data.negativeZero, -0)).toBe(true);
		// Firestore keeps microseconds: the nanoseconds past them are dropped.
		expect(data.when).toEqual(new Timestamp(1_700_000_000, 123_456_000));
		expect(data.text).toBe(value.text);
		expect((data.bytes as Bytes).toUint8Array()).toEqual(new Uint8Array([0, 1, 127, 128, 255]));
		expect(data.ref.path).toBe("links/plain");
		expect((data.place as GeoPoint).isEqual(value.place)).toBe(true);
		expect(data.list).toEqual([1, "two", { three: [3] }, null]);
		expect(data.emptyList).toEqual([]);
		expect(data.emptyMap).toEqual({});
		expect(data.nested).toEqual({ a: { b: { c: "deep" } } });
	});

	it("keeps 64-bit integers exact on the wire, beyond what a JavaScript number holds", async () => {
		const name = `projects/${PROJECT_ID}/databases/(default)/documents/values/int64`;
		const fields = { max: { integerValue: "9223372036854775807" }, min: { integerValue: "-9223372036854775808" } };
		expect((await rpc("commit", { writes: [{ update: { name, fields } }] })).status).toBe(200);
		const [result] = (await (await rpc("batchGet", { documents: [name] })).json()) as Array<{
			found: { fields: unknown };
		}>;
		expect(result?.found.fields).toEqual(fields);
		expect((await getDoc(doc(db, "values", "int64"))).data()?.max).toBe(2 ** 63);
	});
});

describe("field transforms", () => {
	it("serverTimestamp() stores the commit time, the same for every field of the commit", async () => {
		const ref = doc(db, "links", "stamped");
		const before = Date.now();
		await setDoc(ref, { createdAt: serverTimestamp(), nested: { at: serverTimestamp() } });
		const snapshot = await getDoc(ref);
		const createdAt = snapshot.get("createdAt") as Timestamp;
		expect(createdAt.toMillis()).toBeGreaterThanOrEqual(before - 1);
		expect(createdAt.toMillis()).toBeLessThanOrEqual(Date.now());
		expect(snapshot.get("nested.at")).toEqual(createdAt);
	});

	it("increment() adds integers and doubles, and starts from zero when the field is missing", async () => {
		const ref = doc(db, "links", "counted");
		await setDoc(ref, { clicks: 1, ratio: 0.5, label: "x" });
		await updateDoc(ref, { clicks: increment(2), ratio: increment(0.25), fresh: increment(5), label: increment(1) });
		expect((await getDoc(ref)).data()).toEqual({ clicks: 3, ratio: 0.75, fresh: 5, label: 1 });
	});

	it("maximum, minimum, arrayUnion and arrayRemove change the stored value as Firestore does", async () => {
		const ref = doc(db, "links", "arrays");
		await setDoc(ref, { high: 5, low: 5, tags: ["a", "b"] });
		await updateDoc(ref, { high: maximum(9), low: minimum(2), tags: arrayUnion("b", "c", "c") });
		expect((await getDoc(ref)).data()).toEqual({ high: 9, low: 2, tags: ["a", "b", "c"] });
		await updateDoc(ref, { high: maximum(1), low: minimum(7), tags: arrayRemove("a", "zzz") });
		expect((await getDoc(ref)).data()).toEqual({ high: 9, low: 2, tags: ["b", "c"] });
	});
});

describe("batches and transactions", () => {
	it("applies a writeBatch's set, update and delete together", async () => {
		await setDoc(doc(db, "batch", "to-update"), { n: 1 });
		await setDoc(doc(db, "batch", "to-delete"), { n: 1 });
		const batch = writeBatch(db);
		batch.set(doc(db, "batch", "new"), { n: 1 });
		batch.update(doc(db, "batch", "to-update"), { n: increment(1) });
		batch.delete(doc(db, "batch", "to-delete"));
		await batch.commit();
		expect((await getDoc(doc(db, "batch", "new"))).data()).toEqual({ n: 1 });
		expect((await getDoc(doc(db, "batch", "to-update"))).data()).toEqual({ n: 2 });
		expect((await getDoc(doc(db, "batch", "to-delete"))).exists()).toBe(false);
	});

	it("applies none of a writeBatch when one of its writes fails", async () => {
		const batch = writeBatch(db);
		batch.set(doc(db, "batch", "never"), { n: 1 });
		batch.update(doc(db, "batch", "missing"), { n: 1 });
		expect(await errorCodeOf(batch.commit())).toBe("not-found");
		expect((await getDoc(doc(db, "batch", "never"))).exists()).toBe(false);
	});

	it("runs concurrent read-modify-write transactions without losing an update", async () => {
		const ref = doc(db, "counters", "shared");
		await setDoc(ref, { value: 0 });
		await Promise.all(
			Array.from({ length: 4 }, (_, i) => {
				const client = i % 2 === 0 ? db : other;
				const shared = doc(client, "counters", "shared");
				return runTransaction(
					client,
					async (transaction) => {
						const current = (await transaction.get(shared)).get("value") as number;
						transaction.update(shared, { value: current + 1 });
					},
					{ maxAttempts: 10 },
				);
			}),
		);
		expect((await getDoc(ref)).get("value")).toBe(4);
	});

	it("lets exactly one of 20 concurrent transactions create the same document", async () => {
		const ref = doc(db, "claims", "short-code");
		const outcomes = await Promise.all(
			Array.from({ length: 20 }, (_, i) =>
				runTransaction(db, async (transaction) => {
					if ((await transaction.get(ref)).exists()) return "found";
					transaction.set(ref, { winner: i });
					return "created";
				}),
			),
		);
		expect(outcomes.filter((outcome) => outcome === "created")).toHaveLength(1);
		expect((await getDoc(ref)).exists()).toBe(true);
	});

	it("fails a transaction whose document changed after it was read with failed-precondition", async () => {
		const ref = doc(db, "counters", "raced");
		await setDoc(ref, { value: 0 });
		const attempt = runTransaction(
			db,
			async (transaction) => {
				await transaction.get(ref);
				await setDoc(doc(other, "counters", "raced"), { value: 100 });
				transaction.update(ref, { value: 1 });
			},
			{ maxAttempts: 1 },
		);
		expect(await errorCodeOf(attempt)).toBe("failed-precondition");
		expect((await getDoc(ref)).get("value")).toBe(100);
	});

	it("fails a transaction that creates a document someone else created after the read (409, which the SDK calls aborted)", async () => {
		const ref = doc(db, "claims", "late");
		const attempt = runTransaction(
			db,
			async (transaction) => {
				await transaction.get(ref);
				await setDoc(doc(other, "claims", "late"), { by: "bob" });
				transaction.set(ref, { by: "alice" });
			},
			{ maxAttempts: 1 },
		);
		expect(await errorCodeOf(attempt)).toBe("aborted");
		expect((await getDoc(ref)).data()).toEqual({ by: "bob" });
	});

	it("answers precondition failures with Firestore's statuses", async () => {
		const name = `projects/${PROJECT_ID}/databases/(default)/documents/claims/raw`;
		await rpc("commit", { writes: [{ update: { name, fields: {} } }] });
		const exists = await rpc("commit", {
			writes: [{ update: { name, fields: {} }, currentDocument: { exists: false } }],
		});
		expect(exists.status).toBe(409);
		expect(((await exists.json()) as { error: { status: string } }).error.status).toBe("ALREADY_EXISTS");
		const stale = await rpc("commit", {
			writes: [{ delete: name, currentDocument: { updateTime: "2001-01-01T00:00:00.000000Z" } }],
		});
		expect(stale.status).toBe(400);
		expect(((await stale.json()) as { error: { status: string } }).error.status).toBe("FAILED_PRECONDITION");
		const missing = await rpc("commit", { writes: [{ delete: `${name}-gone`, currentDocument: { exists: true } }] });
		expect(missing.status).toBe(404);
		expect(((await missing.json()) as { error: { status: string } }).error.status).toBe("NOT_FOUND");
	});

	it("keeps updateTime when a write changes nothing, so a transaction that read it still commits", async () => {
		const ref = doc(db, "counters", "same");
		await setDoc(ref, { value: 1 });
		await runTransaction(
			db,
			async (transaction) => {
				await transaction.get(ref);
				await setDoc(doc(other, "counters", "same"), { value: 1 });
				transaction.update(ref, { value: 2 });
			},
			{ maxAttempts: 1 },
		);
		expect((await getDoc(ref)).get("value")).toBe(2);
	});

	it("writes a document in a collection created on the fly", async () => {
		await setDoc(doc(collection(db, "fresh"), "one"), { ok: true });
		expect((await getDoc(doc(db, "fresh", "one"))).get("ok")).toBe(true);
	});
});
