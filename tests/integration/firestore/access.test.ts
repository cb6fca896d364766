import { deleteApp, initializeApp } from "firebase/app";
import {
	collection,
	connectFirestoreEmulator,
	deleteDoc,
	doc,
	type Firestore,
	getCount,
	getDoc,
	getDocs,
	getFirestore,
	increment,
	limit,
	query,
	runTransaction,
	serverTimestamp,
	setDoc,
	updateDoc,
	where,
	writeBatch,
} from "firebase/firestore/lite";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Access, AccessPolicy, Fields } from "../../../local/firestore/types";
import { bearerFor, errorCodeOf, PROJECT_ID, startTestServer, type TestServer } from "./helpers";

const accesses: Access[] = [];
const text = (fields: Fields | null, name: string) => {
	const value = fields?.[name];
	return value !== undefined && "stringValue" in value ? value.stringValue : undefined;
};

/**
 * A write to lookups/ makes as many get()/getAfter() calls as its `lookups` field says, all of one
 * document: repeated calls count like any other.
 */
function makeLookups(access: Access): boolean {
	if (access.method === "get" || access.method === "list") return true;
	const wanted = access.requestResource?.lookups;
	const count = wanted !== undefined && "integerValue" in wanted ? Number(wanted.integerValue) : 0;
	for (let i = 0; i < count; i++) {
		if (i % 2 === 0) access.get("stamps/x");
		else access.getAfter("stamps/x");
	}
	return true;
}

/** A small rule set in the spirit of firestore.rules: owners only, and listing needs an owner filter and a limit. */
const policy: AccessPolicy = (access) => {
	accesses.push(access);
	if (access.collection === "broken") throw new Error("a bug in the policy");
	if (access.collection === "lookups") return makeLookups(access);
	if (access.auth === null) return false;
	const uid = access.auth.uid;
	switch (access.method) {
		case "get":
			return access.resource === null || text(access.resource, "owner") === uid;
		case "list":
			return (
				access.limit !== null &&
				access.limit <= 50 &&
				access.filters.some(
					(filter) =>
						filter.field === "owner" &&
						filter.op === "EQUAL" &&
						"stringValue" in filter.value &&
						filter.value.stringValue === uid,
				)
			);
		case "create":
			if (access.collection === "guarded")
				return access.get(`stamps/${access.id}`) === null && access.getAfter(`stamps/${access.id}`) !== null;
			return text(access.requestResource, "owner") === uid;
		case "update":
			return text(access.resource, "owner") === uid && text(access.requestResource, "owner") === uid;
		case "delete":
			return access.resource === null || text(access.resource, "owner") === uid;
	}
};

let server: TestServer;
let alice: Firestore;
let bob: Firestore;
let signedOut: Firestore;

const lastAccess = () => accesses[accesses.length - 1] as Access;
const nameOf = (path: string) => `projects/${PROJECT_ID}/databases/(default)/documents/${path}`;

/** A raw commit as `uid`, for what the SDK cannot send (a verify alone, a precondition of our choosing). */
function commitAs(uid: string, writes: unknown[]): Promise<Response> {
	return fetch(`${server.url}/v1/projects/${PROJECT_ID}/databases/(default)/documents:commit`, {
		method: "POST",
		headers: { Authorization: bearerFor(uid) },
		body: JSON.stringify({ writes }),
	});
}

beforeAll(async () => {
	server = await startTestServer({ policy });
	alice = server.connect("alice");
	bob = server.connect("bob");
	signedOut = server.connect(null);
	const batch = writeBatch(alice);
	for (let i = 0; i < 30; i++) batch.set(doc(alice, "links", `a${i}`), { owner: "alice", clicks: 0 });
	batch.set(doc(alice, "links", "shared"), { owner: "alice", clicks: 0 });
	await batch.commit();
});

afterAll(async () => {
	await server.stop();
});

beforeEach(() => {
	accesses.length = 0;
});

describe("reads", () => {
	it("refuses a signed-out read with permission-denied and lets the owner read", async () => {
		expect(await errorCodeOf(getDoc(doc(signedOut, "links", "a1")))).toBe("permission-denied");
		expect((await getDoc(doc(alice, "links", "a1"))).get("owner")).toBe("alice");
		expect(lastAccess()).toMatchObject({ method: "get", collection: "links", id: "a1", auth: { uid: "alice" } });
		expect(text((lastAccess() as Access & { method: "get" }).resource, "owner")).toBe("alice");
	});

	it("denies what a throwing policy decides, as a failing security rule does", async () => {
		const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
		try {
			expect(await errorCodeOf(getDoc(doc(alice, "broken", "x")))).toBe("permission-denied");
			expect(String(logged.mock.calls[0]?.[0])).toContain("access policy failed on a get in broken");
		} finally {
			logged.mockRestore();
		}
	});

	it("fails a whole transaction read when one of its documents is refused", async () => {
		const attempt = runTransaction(bob, async (transaction) => {
			await transaction.get(doc(bob, "links", "a2"));
		});
		expect(await errorCodeOf(attempt)).toBe("permission-denied");
	});

	it("decides a list once from the query's filters and limit, not per document", async () => {
		const mine = query(collection(alice, "links"), where("owner", "==", "alice"), limit(25));
		expect((await getDocs(mine)).size).toBe(25);
		const lists = accesses.filter((access) => access.method === "list");
		expect(lists).toEqual([
			{
				method: "list",
				auth: expect.objectContaining({ uid: "alice" }),
				collection: "links",
				filters: [{ field: "owner", op: "EQUAL", value: { stringValue: "alice" } }],
				limit: 25,
				get: expect.any(Function),
				exists: expect.any(Function),
			},
		]);
		expect(await errorCodeOf(getDocs(query(collection(alice, "links"), limit(25))))).toBe("permission-denied");
		expect(await errorCodeOf(getDocs(query(collection(bob, "links"), where("owner", "==", "alice"), limit(5))))).toBe(
			"permission-denied",
		);
	});

	it("puts counts to the list rule too", async () => {
		const mine = query(collection(alice, "links"), where("owner", "==", "alice"), limit(50));
		expect((await getCount(mine)).data().count).toBe(31);
		expect(await errorCodeOf(getCount(query(collection(alice, "links"), where("owner", "==", "alice"))))).toBe(
			"permission-denied",
		);
	});
});

describe("writes", () => {
	it("shows a create its document after transforms, stamped with the request time", async () => {
		await setDoc(doc(alice, "links", "new"), { owner: "alice", createdAt: serverTimestamp() });
		const access = lastAccess();
		if (access.method !== "create") throw new Error(`expected a create, got ${access.method}`);
		expect(access.resource).toBeNull();
		expect(access.requestResource?.createdAt).toEqual({ timestampValue: access.requestTime });
		const stored = (await getDoc(doc(alice, "links", "new"))).get("createdAt");
		expect(stored.toDate().toISOString().slice(0, 23)).toBe(access.requestTime.slice(0, 23));
	});

	it("treats a set of an existing document as an update with the before and after states", async () => {
		await setDoc(doc(alice, "links", "shared"), { clicks: increment(1) }, { merge: true });
		const access = lastAccess();
		expect(access).toMatchObject({
			method: "update",
			resource: { owner: { stringValue: "alice" }, clicks: { integerValue: "0" } },
			requestResource: { owner: { stringValue: "alice" }, clicks: { integerValue: "1" } },
		});
		expect(await errorCodeOf(setDoc(doc(bob, "links", "shared"), { owner: "bob" }))).toBe("permission-denied");
	});

	it("evaluates a delete of a missing document as a delete with no resource, and allows it", async () => {
		await deleteDoc(doc(alice, "links", "never-existed"));
		expect(lastAccess()).toMatchObject({
			method: "delete",
			id: "never-existed",
			resource: null,
			requestResource: null,
		});
	});

	it("applies nothing of a batch when one write is refused", async () => {
		const batch = writeBatch(bob);
		batch.set(doc(bob, "links", "bobs"), { owner: "bob" });
		batch.delete(doc(bob, "links", "a3"));
		expect(await errorCodeOf(batch.commit())).toBe("permission-denied");
		expect((await getDoc(doc(bob, "links", "bobs"))).exists()).toBe(false);
		expect((await getDoc(doc(alice, "links", "a3"))).exists()).toBe(true);
	});

	it("answers get() with the state before the commit and getAfter() with the state after it", async () => {
		const batch = writeBatch(alice);
		batch.set(doc(alice, "stamps", "x"), { owner: "alice" });
		batch.set(doc(alice, "guarded", "x"), { owner: "alice" });
		await batch.commit();
		expect(await errorCodeOf(setDoc(doc(alice, "guarded", "y"), { owner: "alice" }))).toBe("permission-denied");
	});
});

describe("the rules' document lookups", () => {
	/** One batch whose writes make these numbers of lookups each. */
	function batchMaking(...lookups: number[]): Promise<void> {
		const batch = writeBatch(alice);
		lookups.forEach((count, i) => {
			batch.set(doc(alice, "lookups", `w${i}`), { lookups: count });
		});
		return batch.commit();
	}

	it("allows one write 10 get()/getAfter() calls and refuses it at the 11th, repeated calls to one document included", async () => {
		await setDoc(doc(alice, "lookups", "single"), { lookups: 10 });
		expect(await errorCodeOf(setDoc(doc(alice, "lookups", "single"), { lookups: 11 }))).toBe("permission-denied");
		expect((await getDoc(doc(alice, "lookups", "single"))).get("lookups")).toBe(10);
	});

	it("allows a batch 20 calls in all and refuses it at the 21st, each write still held to 10", async () => {
		await batchMaking(10, 10);
		expect(await errorCodeOf(batchMaking(7, 7, 7))).toBe("permission-denied");
		expect(await errorCodeOf(batchMaking(11, 1))).toBe("permission-denied");
		expect(await errorCodeOf(batchMaking(10, 10, 1))).toBe("permission-denied");
		expect((await getDoc(doc(alice, "lookups", "w2"))).exists()).toBe(false);
	});

	it("says which limit was passed", async () => {
		const response = await commitAs("alice", [
			{ update: { name: nameOf("lookups/told"), fields: { lookups: { integerValue: "11" } } } },
		]);
		expect(response.status).toBe(403);
		expect((await response.json()).error.message).toMatch(/more document lookups.*10 per document, 20 per request/);
	});
});

describe("rules before preconditions", () => {
	it("refuses a write the rules deny whatever its precondition, so a refusal tells nothing of what exists", async () => {
		// Bob may write neither; one link exists (alice's), the other never did.
		expect(await errorCodeOf(updateDoc(doc(bob, "links", "a5"), { clicks: 1 }))).toBe("permission-denied");
		expect(await errorCodeOf(updateDoc(doc(bob, "links", "never-existed"), { clicks: 1 }))).toBe("permission-denied");
		const create = await commitAs("bob", [
			{
				update: { name: nameOf("links/a5"), fields: { clicks: { integerValue: "1" } } },
				currentDocument: { exists: false },
			},
		]);
		expect(create.status).toBe(403);
	});

	it("checks the precondition of a write the rules allow", async () => {
		expect(await errorCodeOf(updateDoc(doc(alice, "links", "never-existed"), { owner: "alice" }))).toBe("not-found");
	});

	it("puts a transaction's read-only document (a verify) to the read rule, then checks its precondition", async () => {
		const verify = (caller: string, exists: boolean) =>
			commitAs(caller, [{ verify: nameOf("links/a6"), currentDocument: { exists } }]);
		expect((await verify("bob", true)).status).toBe(403);
		expect((await verify("bob", false)).status).toBe(403);
		expect((await verify("alice", true)).status).toBe(200);
		expect((await verify("alice", false)).status).toBe(409);
	});
});

describe("credentials", () => {
	it("rejects a request whose token does not verify with unauthenticated", async () => {
		const app = initializeApp({ projectId: PROJECT_ID, apiKey: "fake" }, "access-bad-token");
		const broken = getFirestore(app);
		connectFirestoreEmulator(broken, "127.0.0.1", server.server.port, { mockUserToken: "not-a-jwt" });
		try {
			expect(await errorCodeOf(getDoc(doc(broken, "links", "a1")))).toBe("unauthenticated");
		} finally {
			await deleteApp(app);
		}
	});

	it("lets Bearer owner bypass the policy, as the emulator's administrator", async () => {
		const response = await fetch(`${server.url}/v1/projects/${PROJECT_ID}/databases/(default)/documents:batchGet`, {
			method: "POST",
			headers: { Authorization: "Bearer owner" },
			body: JSON.stringify({ documents: [`projects/${PROJECT_ID}/databases/(default)/documents/links/a4`] }),
		});
		expect(response.status).toBe(200);
		const [result] = (await response.json()) as Array<{ found?: { fields: Fields } }>;
		expect(text(result?.found?.fields ?? null, "owner")).toBe("alice");
		expect(accesses).toEqual([]);
	});
});
