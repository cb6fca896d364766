/**
 * What the options page relies on beyond the basics in store.test.ts: every write is announced, many links
 * go in one batch, and a search by code start pages and counts like the newest-first list.
 */
import { doc, getDoc } from "firebase/firestore/lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLinkStore, DELETE_LIMIT, type LinkStore } from "../../../src/links/store";
import type { LinksChange } from "../../../src/links/types";
import { type Client, newUser } from "../clients";

const SHORT_BASE = "http://127.0.0.1:5000/";

interface Account {
	client: Client & { uid: string };
	store: LinkStore;
	changes: LinksChange[];
}

async function account(): Promise<Account> {
	const client = await newUser();
	const changes: LinksChange[] = [];
	const store = createLinkStore({
		db: client.db,
		random: (length) => crypto.getRandomValues(new Uint8Array(length)),
		clock: Date.now,
		shortLinkBase: SHORT_BASE,
		onChange: (change) => changes.push(change),
	});
	return { client, store, changes };
}

let alice: Account;
let bob: Account;

beforeAll(async () => {
	[alice, bob] = await Promise.all([account(), account()]);
});

afterAll(async () => {
	await Promise.all([alice.client.close(), bob.client.close()]);
});

describe("announcing changes", () => {
	it("announces a created link once, not the same URL shortened again, then its edit and its deletion", async () => {
		alice.changes.length = 0;
		const url = `https://example.com/announced/${crypto.randomUUID()}`;
		const link = await alice.store.shorten(alice.client.uid, { url });
		await alice.store.shorten(alice.client.uid, { url });
		await alice.store.updateTarget(link.code, `${url}/moved`);
		await alice.store.remove(link.code);
		expect(alice.changes).toEqual([
			{ kind: "created", codes: [link.code] },
			{ kind: "updated", codes: [link.code] },
			{ kind: "deleted", codes: [link.code] },
		]);
	});

	it("announces nothing for a write that was refused", async () => {
		alice.changes.length = 0;
		await expect(alice.store.shorten(alice.client.uid, { url: "javascript:alert(1)" })).rejects.toMatchObject({
			code: "invalid-url",
		});
		await expect(alice.store.remove("nothere")).rejects.toMatchObject({ code: "link-not-found" });
		expect(alice.changes).toEqual([]);
	});
});

describe("deleting many links at once", () => {
	it("deletes the user's own links with their targets, and skips codes that are gone or someone else's", async () => {
		const mine = await Promise.all(
			Array.from({ length: 35 }, (_, i) =>
				alice.store.shorten(alice.client.uid, { url: `https://example.com/bulk/${crypto.randomUUID()}/${i}` }),
			),
		);
		const theirs = await bob.store.shorten(bob.client.uid, { url: "https://example.com/bulk/bobs" });
		const gone = mine[0]?.code ?? "";
		await alice.store.remove(gone);
		alice.changes.length = 0;

		const asked = [...mine.map((link) => link.code), theirs.code, "../x"];
		const deleted = await alice.store.removeMany(alice.client.uid, asked);

		const expected = mine.slice(1).map((link) => link.code);
		expect([...deleted].sort()).toEqual([...expected].sort());
		expect(alice.changes).toEqual([{ kind: "deleted", codes: deleted }]);
		for (const code of expected) expect((await getDoc(doc(bob.client.db, "targets", code))).exists()).toBe(false);
		expect((await bob.store.get(theirs.code)).url).toBe("https://example.com/bulk/bobs");
	});

	it("deletes nothing and announces nothing when none of the codes is the user's", async () => {
		alice.changes.length = 0;
		expect(await alice.store.removeMany(alice.client.uid, ["nothere", "abc1234"])).toEqual([]);
		expect(alice.changes).toEqual([]);
	});

	it(`refuses more than ${DELETE_LIMIT} codes, which one batch cannot hold`, async () => {
		const codes = Array.from({ length: DELETE_LIMIT + 1 }, (_, i) => `code${i}`);
		await expect(alice.store.removeMany(alice.client.uid, codes)).rejects.toMatchObject({ code: "invalid-request" });
	});
});

describe("searching by the start of a code", () => {
	it("pages through the matches in code order with an exact count, both ways, and only the user's own", async () => {
		const stem = `pg${crypto.randomUUID().slice(0, 6)}`;
		const aliases = Array.from({ length: 23 }, (_, i) => `${stem}-${String(i).padStart(2, "0")}`);
		for (const alias of aliases) {
			await alice.store.shorten(alice.client.uid, { url: `https://example.com/${alias}`, alias });
		}
		await alice.store.shorten(alice.client.uid, { url: "https://example.com/other", alias: `${stem}x` });
		await bob.store.shorten(bob.client.uid, { url: "https://example.com/bobs", alias: `${stem}-bob` });

		const pages: string[][] = [];
		let page = await alice.store.listPage(alice.client.uid, { pageSize: 10, codePrefix: `${stem}-` });
		for (;;) {
			expect(page.total).toBe(23);
			pages.push(page.links.map((link) => link.code));
			if (!page.next) break;
			page = await alice.store.listPage(alice.client.uid, { pageSize: 10, codePrefix: `${stem}-`, after: page.next });
		}
		expect(pages.flat()).toEqual(aliases);
		expect(pages.map((codes) => codes.length)).toEqual([10, 10, 3]);

		const back = await alice.store.listPage(alice.client.uid, {
			pageSize: 10,
			codePrefix: `${stem}-`,
			before: page.previous ?? "",
		});
		expect(back.links.map((link) => link.code)).toEqual(pages[1]);
	});
});
