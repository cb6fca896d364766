import {
	collection,
	type DocumentData,
	deleteDoc,
	doc,
	getCount,
	getDoc,
	getDocs,
	increment,
	limit,
	query,
	runTransaction,
	serverTimestamp,
	setDoc,
	Timestamp,
	updateDoc,
	where,
	writeBatch,
} from "firebase/firestore/lite";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CREATION_LIMITS } from "../../src/links/schema";
import { DELETE_BATCH, TAG_BATCH } from "../../src/links/store";
import { administrator, type Client, newAccount, newUser, signedOut } from "./clients";
import { countFor, createLink, linkFields, newCode } from "./links";

let alice: Client & { uid: string };
let bob: Client & { uid: string };
let visitor: Client;
let admin: Client;

/** This backend's Hosting, the local short-link site; an external backend has none, so a made-up one. */
const SITE = `http://${inject("backend").hosting ?? "127.0.0.1:5000"}/`;

beforeAll(async () => {
	[alice, bob] = await Promise.all([newUser(), newUser()]);
	visitor = signedOut();
	admin = administrator();
});

afterAll(async () => {
	await Promise.all([alice?.close(), bob?.close(), visitor?.close(), admin?.close()]);
});

const denied = { code: "permission-denied" };

async function aliceLink(url?: string): Promise<string> {
	const code = newCode();
	await createLink(alice.db, code, linkFields(alice.uid, url));
	return code;
}

describe("reading links and targets", () => {
	it("the owner reads their link; another user and a signed-out visitor cannot", async () => {
		const code = await aliceLink();
		expect((await getDoc(doc(alice.db, "links", code))).data()).toMatchObject({ owner: alice.uid });
		await expect(getDoc(doc(bob.db, "links", code))).rejects.toMatchObject(denied);
		await expect(getDoc(doc(visitor.db, "links", code))).rejects.toMatchObject(denied);
	});

	it("anyone reads a target, but nobody lists targets", async () => {
		const code = await aliceLink("https://example.org/public");
		expect((await getDoc(doc(visitor.db, "targets", code))).data()).toEqual({ url: "https://example.org/public" });
		await expect(getDocs(query(collection(alice.db, "targets"), limit(5)))).rejects.toMatchObject(denied);
	});

	it("a user lists and counts only their own links, and only with an owner filter", async () => {
		await Promise.all([aliceLink(), aliceLink()]);
		await createLink(bob.db, newCode(), linkFields(bob.uid));
		const mine = await getDocs(query(collection(alice.db, "links"), where("owner", "==", alice.uid)));
		expect(mine.size).toBeGreaterThanOrEqual(2);
		expect(mine.docs.every((link) => link.get("owner") === alice.uid)).toBe(true);
		const count = await getCount(query(collection(alice.db, "links"), where("owner", "==", alice.uid)));
		expect(count.data().count).toBe(mine.size);
		await expect(getDocs(query(collection(alice.db, "links"), limit(10)))).rejects.toMatchObject(denied);
		await expect(getDocs(query(collection(alice.db, "links"), where("owner", "==", bob.uid)))).rejects.toMatchObject(
			denied,
		);
		await expect(
			getCount(query(collection(visitor.db, "links"), where("owner", "==", alice.uid))),
		).rejects.toMatchObject(denied);
	});
});

describe("creating a link", () => {
	it.each<[string, (link: DocumentData) => void]>([
		["a javascript: URL", (link) => (link.url = "javascript:alert(1)")],
		["a data: URL", (link) => (link.url = "data:text/html,<script>alert(1)</script>")],
		["a file: URL", (link) => (link.url = "file:///etc/passwd")],
		["a URL over 2048 characters", (link) => (link.url = `https://example.com/${"a".repeat(2040)}`)],
		["a NUL in the URL", (link) => (link.url = "https://example.com/\u0000")],
		["a vertical tab in the URL", (link) => (link.url = "https://example.com/a\u000bb")],
		["a line separator in the URL", (link) => (link.url = "https://example.com/a\u2028b")],
		["an invisible character in the URL", (link) => (link.url = "https://example.com/\u202egnp.exe")],
		["a URL with an empty host", (link) => (link.url = "https:///x")],
		["a scheme posing as host and port", (link) => (link.url = "http://javascript:alert(1)")],
		["a URL with no path, as the URL parser never writes it", (link) => (link.url = "https://example.com")],
		["an empty host field", (link) => (link.host = "")],
		["a host field that is no host", (link) => (link.host = "javascript:alert(1)")],
		["a title over 500 UTF-16 units, though under 500 code points", (link) => (link.title = "😀".repeat(251))],
		["another user as owner", (link) => (link.owner = "someone-else")],
		["a click count, which only the function keeps (apart)", (link) => (link.clicks = 0)],
		["a creation time from the client's clock", (link) => (link.createdAt = Timestamp.fromMillis(Date.now() - 60_000))],
		["a malformed urlHash", (link) => (link.urlHash = "not-a-sha256")],
		["a field the model does not have", (link) => (link.admin = true)],
		["a missing field", (link) => delete link.title],
		["a target on the project's firebaseapp.com site", (link) => (link.url = "https://demo-shorty.firebaseapp.com/x1")],
		["a target on the project's web.app site", (link) => (link.url = "https://demo-shorty.web.app/abc1234")],
		["a target on this backend's Hosting, another short link", (link) => (link.url = `${SITE}abc1234`)],
		["the same with a root dot", (link) => (link.url = `${SITE.replace(/:(\d+)\/$/, ".:$1/")}abc1234`)],
	])("is refused with %s, and writes nothing", async (_, spoil) => {
		const link = linkFields(alice.uid);
		spoil(link);
		const code = newCode();
		await expect(createLink(alice.db, code, link, { url: link.url })).rejects.toMatchObject(denied);
		expect((await getDoc(doc(alice.db, "targets", code))).exists()).toBe(false);
	});

	it.each([
		["too short", "ab"],
		["with a space", "my link"],
		["with a slash", "a/b"],
		["too long", "x".repeat(65)],
	])("is refused with a code %s", async (_, code) => {
		if (code.includes("/")) {
			// A slash makes a sub-path, which the SDK itself rejects before sending.
			expect(() => doc(alice.db, "links", code)).toThrow();
			return;
		}
		await expect(createLink(alice.db, code, linkFields(alice.uid))).rejects.toMatchObject(denied);
	});

	it.each(["login", "Admin", "SECURITY", "www"])("is refused with the reserved code %s", async (code) => {
		await expect(createLink(alice.db, code, { ...linkFields(alice.uid), custom: true })).rejects.toMatchObject(denied);
		expect((await getDoc(doc(visitor.db, "targets", code))).exists()).toBe(false);
	});

	it("accepts a link to another port of this backend's host, which is not the short-link site", async () => {
		const elsewhere = SITE.replace(/:(\d+)\/$/, (_, port: string) => `:${Number(port) + 1}/`);
		await createLink(alice.db, newCode(), linkFields(alice.uid, `${elsewhere}abc1234`));
	});

	it("accepts an alias of 3 to 64 characters from [A-Za-z0-9_-]", async () => {
		const alias = `My_Alias-${newCode()}`;
		await createLink(alice.db, alias, { ...linkFields(alice.uid), custom: true });
		expect((await getDoc(doc(alice.db, "links", alias))).get("custom")).toBe(true);
	});

	it("is refused without its target in the same batch, or with a target for another URL", async () => {
		const code = newCode();
		const batch = writeBatch(alice.db);
		batch.set(doc(alice.db, "links", code), linkFields(alice.uid));
		await expect(batch.commit()).rejects.toMatchObject(denied);
		await expect(
			createLink(alice.db, newCode(), linkFields(alice.uid), { url: "https://evil.example/" }),
		).rejects.toMatchObject(denied);
	});

	it("is refused for a signed-out visitor", async () => {
		await expect(createLink(visitor.db, newCode(), linkFields("nobody"))).rejects.toMatchObject(denied);
	});

	it("a target cannot be pointed at another user's link", async () => {
		const code = await aliceLink("https://example.com/alice");
		const batch = writeBatch(bob.db);
		batch.set(doc(bob.db, "targets", code), { url: "https://evil.example/" });
		await expect(batch.commit()).rejects.toMatchObject(denied);
		expect((await getDoc(doc(visitor.db, "targets", code))).get("url")).toBe("https://example.com/alice");
	});

	it("two users racing to create one alias: exactly one wins", async () => {
		const alias = `race-${newCode()}`;
		const attempt = (client: Client & { uid: string }) =>
			runTransaction(client.db, async (transaction) => {
				const target = await transaction.get(doc(client.db, "targets", alias));
				if (target.exists()) throw new Error("alias taken");
				transaction.set(doc(client.db, "links", alias), linkFields(client.uid));
				transaction.set(doc(client.db, "targets", alias), { url: linkFields(client.uid).url });
				const counted = await countFor(client.db, client.uid, alias);
				transaction.set(doc(client.db, "quotas", client.uid), counted, { merge: true });
			});
		const outcomes = await Promise.allSettled([attempt(alice), attempt(bob), attempt(alice), attempt(bob)]);
		expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
	});
});

describe("a signed-out visitor", () => {
	it("cannot count a click, guess a private field, or touch the link at all", async () => {
		const code = await aliceLink();
		const link = doc(visitor.db, "links", code);
		const before = (await getDoc(doc(alice.db, "links", code))).data();
		await expect(updateDoc(link, { clicks: increment(1) })).rejects.toMatchObject(denied);
		// "Setting" a field to the value it has changes nothing: once accepted, it told a right guess apart.
		await expect(updateDoc(link, { owner: alice.uid })).rejects.toMatchObject(denied);
		await expect(updateDoc(link, { url: linkFields("").url })).rejects.toMatchObject(denied);
		expect((await getDoc(doc(alice.db, "links", code))).data()).toEqual(before);
	});
});

describe("editing a link", () => {
	const newTarget = "https://example.com/updated";
	const edit = (url: string) => ({
		url,
		host: new URL(url).host,
		urlHash: linkFields("", url).urlHash,
		updatedAt: serverTimestamp(),
	});

	it("the owner changes the target together with the public target document", async () => {
		const code = await aliceLink();
		const batch = writeBatch(alice.db);
		batch.update(doc(alice.db, "links", code), edit(newTarget));
		batch.set(doc(alice.db, "targets", code), { url: newTarget });
		await batch.commit();
		expect((await getDoc(doc(visitor.db, "targets", code))).get("url")).toBe(newTarget);
	});

	it("is refused when the target document is left behind", async () => {
		const code = await aliceLink();
		await expect(updateDoc(doc(alice.db, "links", code), edit(newTarget))).rejects.toMatchObject(denied);
	});

	it("is refused for another user, and for the owner changing owner or creation time", async () => {
		const code = await aliceLink();
		const attempt = (client: Client, change: object) => {
			const batch = writeBatch(client.db);
			batch.update(doc(client.db, "links", code), { ...edit(newTarget), ...change });
			batch.set(doc(client.db, "targets", code), { url: newTarget });
			return batch.commit();
		};
		await expect(attempt(bob, {})).rejects.toMatchObject(denied);
		await expect(attempt(alice, { owner: bob.uid })).rejects.toMatchObject(denied);
		await expect(attempt(alice, { createdAt: Timestamp.fromMillis(0) })).rejects.toMatchObject(denied);
		await expect(attempt(alice, { url: "javascript:alert(1)" })).rejects.toMatchObject(denied);
	});
});

describe("deleting a link", () => {
	it("the owner deletes the link and its target together", async () => {
		const code = await aliceLink();
		const batch = writeBatch(alice.db);
		batch.delete(doc(alice.db, "links", code));
		batch.delete(doc(alice.db, "targets", code));
		await batch.commit();
		expect((await getDoc(doc(visitor.db, "targets", code))).exists()).toBe(false);
	});

	it("is refused for half of the pair, and for another user", async () => {
		const code = await aliceLink();
		await expect(deleteDoc(doc(alice.db, "links", code))).rejects.toMatchObject(denied);
		await expect(deleteDoc(doc(alice.db, "targets", code))).rejects.toMatchObject(denied);
		const batch = writeBatch(bob.db);
		batch.delete(doc(bob.db, "links", code));
		batch.delete(doc(bob.db, "targets", code));
		await expect(batch.commit()).rejects.toMatchObject(denied);
		expect((await getDoc(doc(alice.db, "links", code))).exists()).toBe(true);
	});

	// Each pair costs the rules 4 document lookups (existsAfter of the target; exists, get and existsAfter
	// of the link), and Firestore allows a batch 20.
	it(`a batch holds at most ${DELETE_BATCH} pairs, as the link store sends them: one more, or a page of 10, is refused`, async () => {
		const codes = await Promise.all(Array.from({ length: 10 }, () => aliceLink()));
		const deleteTogether = (few: string[]) => {
			const batch = writeBatch(alice.db);
			for (const code of few) {
				batch.delete(doc(alice.db, "links", code));
				batch.delete(doc(alice.db, "targets", code));
			}
			return batch.commit();
		};
		await expect(deleteTogether(codes)).rejects.toMatchObject(denied);
		await expect(deleteTogether(codes.slice(0, DELETE_BATCH + 1))).rejects.toMatchObject(denied);
		for (const code of codes) expect((await getDoc(doc(visitor.db, "targets", code))).exists()).toBe(true);
		for (let i = 0; i < codes.length; i += DELETE_BATCH) await deleteTogether(codes.slice(i, i + DELETE_BATCH));
		for (const code of codes) expect((await getDoc(doc(visitor.db, "targets", code))).exists()).toBe(false);
	});
});

describe("tagging links", () => {
	const tagsOf = async (code: string) => (await getDoc(doc(alice.db, "links", code))).get("tags") as unknown;

	// An owner's edit costs the rules 2 document lookups (existsAfter and getAfter of the target), and
	// Firestore allows a batch 20.
	it(`a batch retags at most ${TAG_BATCH} links, as the link store sends them: one more is refused`, async () => {
		const codes = await Promise.all(Array.from({ length: TAG_BATCH + 1 }, () => aliceLink()));
		const retag = (few: string[]) => {
			const batch = writeBatch(alice.db);
			for (const code of few)
				batch.update(doc(alice.db, "links", code), { tags: ["work"], updatedAt: serverTimestamp() });
			return batch.commit();
		};
		await expect(retag(codes)).rejects.toMatchObject(denied);
		for (const code of codes) expect(await tagsOf(code)).toBeUndefined();
		await retag(codes.slice(0, TAG_BATCH));
		for (const code of codes.slice(0, TAG_BATCH)) expect(await tagsOf(code)).toEqual(["work"]);
	});

	it("another user cannot tag a link, nor a visitor; the owner can", async () => {
		const code = await aliceLink();
		const tag = (client: Client) =>
			updateDoc(doc(client.db, "links", code), { tags: ["x"], updatedAt: serverTimestamp() });
		await expect(tag(bob)).rejects.toMatchObject(denied);
		await expect(tag(visitor)).rejects.toMatchObject(denied);
		expect(await tagsOf(code)).toBeUndefined();
		await tag(alice);
		expect(await tagsOf(code)).toEqual(["x"]);
	});
});

describe("the creation limits", () => {
	const quotaOf = (user: Client & { uid: string }) => doc(user.db, "quotas", user.uid);
	const createdBy = async (user: Client & { uid: string }) => (await getDoc(quotaOf(user))).get("created");
	/** Sets `user`'s quota as if their window had started `minutesAgo` and counted `created` links. */
	const seedQuota = (user: Client & { uid: string }, created: number, minutesAgo = 0) =>
		setDoc(
			doc(admin.db, "quotas", user.uid),
			{ created, windowStart: Timestamp.fromMillis(Date.now() - minutesAgo * 60_000) },
			{ merge: true },
		);

	it(`an anonymous session creates ${CREATION_LIMITS.anonymous} links, and one more is refused and writes nothing`, async () => {
		const user = await newUser();
		for (let i = 0; i < CREATION_LIMITS.anonymous; i++) await createLink(user.db, newCode(), linkFields(user.uid));
		const code = newCode();
		await expect(createLink(user.db, code, linkFields(user.uid))).rejects.toMatchObject(denied);
		expect((await getDoc(doc(visitor.db, "targets", code))).exists()).toBe(false);
		expect(await createdBy(user)).toBe(CREATION_LIMITS.anonymous);
		await user.close();
	});

	it(`an account creates up to ${CREATION_LIMITS.account} links, and one more is refused`, async () => {
		const user = await newAccount();
		await createLink(user.db, newCode(), linkFields(user.uid));
		await seedQuota(user, CREATION_LIMITS.account - 1);
		await createLink(user.db, newCode(), linkFields(user.uid));
		expect(await createdBy(user)).toBe(CREATION_LIMITS.account);
		await expect(createLink(user.db, newCode(), linkFields(user.uid))).rejects.toMatchObject(denied);
		await user.close();
	});

	it("a full window gives way to a new one only once its hour is over", async () => {
		const user = await newUser();
		await createLink(user.db, newCode(), linkFields(user.uid));
		const newWindow = (code: string) => {
			const batch = writeBatch(user.db);
			batch.set(doc(user.db, "links", code), linkFields(user.uid));
			batch.set(doc(user.db, "targets", code), { url: linkFields(user.uid).url });
			batch.set(quotaOf(user), {
				windowStart: serverTimestamp(),
				created: 1,
				lastCode: code,
				lastAt: serverTimestamp(),
			});
			return batch.commit();
		};
		await seedQuota(user, CREATION_LIMITS.anonymous, 59);
		await expect(newWindow(newCode())).rejects.toMatchObject(denied);
		await seedQuota(user, CREATION_LIMITS.anonymous, 61);
		await newWindow(newCode());
		expect(await createdBy(user)).toBe(1);
		await user.close();
	});

	it("one count buys one link: two links with one count, or a link whose count names another, are refused", async () => {
		const user = await newUser();
		await createLink(user.db, newCode(), linkFields(user.uid));
		const [first, second] = [newCode(), newCode()];
		const batch = writeBatch(user.db);
		for (const code of [first, second]) {
			batch.set(doc(user.db, "links", code), linkFields(user.uid));
			batch.set(doc(user.db, "targets", code), { url: linkFields(user.uid).url });
		}
		batch.set(quotaOf(user), { created: increment(1), lastCode: second, lastAt: serverTimestamp() }, { merge: true });
		await expect(batch.commit()).rejects.toMatchObject(denied);
		expect(await createdBy(user)).toBe(1);
		await user.close();
	});

	it("nobody deletes a quota or counts it back, their own included", async () => {
		await createLink(bob.db, newCode(), linkFields(bob.uid));
		const before = await createdBy(bob);
		await expect(deleteDoc(quotaOf(bob))).rejects.toMatchObject(denied);
		await expect(updateDoc(quotaOf(bob), { created: increment(-1), lastAt: serverTimestamp() })).rejects.toMatchObject(
			denied,
		);
		await expect(getDoc(doc(alice.db, "quotas", bob.uid))).rejects.toMatchObject(denied);
		expect(await createdBy(bob)).toBe(before);
	});
});
