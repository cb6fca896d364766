/**
 * What the options page relies on beyond the basics in store.test.ts: every write is announced, many links
 * go in batches small enough for Firestore's rules, and a search by code start pages and counts like the
 * newest-first list.
 */
import {
	collection,
	doc,
	getCount,
	getDoc,
	getDocs,
	query,
	serverTimestamp,
	where,
	writeBatch,
} from "firebase/firestore/lite";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createClickStore, DAY_DELETE_BATCH } from "../../../src/links/clickStore";
import { dayOf } from "../../../src/links/dayCounts";
import { createLinkStore, DELETE_BATCH, DELETE_LIMIT, type LinkStore } from "../../../src/links/store";
import type { LinksChange } from "../../../src/links/types";
import { administrator, type Client, newAccount } from "../clients";

const SHORT_BASE = "http://127.0.0.1:5000/";

interface Account {
	client: Client & { uid: string };
	store: LinkStore;
	changes: LinksChange[];
}

/** An email account: these tests make more links than an anonymous session may in an hour. */
async function account(): Promise<Account> {
	const client = await newAccount();
	const changes: LinksChange[] = [];
	const store = createLinkStore({
		firestore: () => client.db,
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
		await alice.store.removeMany(alice.client.uid, [link.code]);
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
		expect(await alice.store.removeMany(alice.client.uid, ["nothere"])).toEqual([]);
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
		await alice.store.removeMany(alice.client.uid, [gone]);
		alice.changes.length = 0;

		const asked = [...mine.map((link) => link.code), theirs.code, "../x"];
		const deleted = await alice.store.removeMany(alice.client.uid, asked);

		const expected = mine.slice(1).map((link) => link.code);
		expect([...deleted].sort()).toEqual([...expected].sort());
		expect(alice.changes.every((change) => change.kind === "deleted")).toBe(true);
		expect(alice.changes.flatMap((change) => change.codes).sort()).toEqual([...deleted].sort());
		for (const code of expected) expect((await getDoc(doc(bob.client.db, "targets", code))).exists()).toBe(false);
		expect((await bob.store.get(theirs.code)).url).toBe("https://example.com/bulk/bobs");
	});

	it("deletes nothing and announces nothing when none of the codes is the user's", async () => {
		alice.changes.length = 0;
		expect(await alice.store.removeMany(alice.client.uid, ["nothere", "abc1234"])).toEqual([]);
		expect(alice.changes).toEqual([]);
	});

	it(`refuses more than ${DELETE_LIMIT} codes, the largest page`, async () => {
		const codes = Array.from({ length: DELETE_LIMIT + 1 }, (_, i) => `code${i}`);
		await expect(alice.store.removeMany(alice.client.uid, codes)).rejects.toMatchObject({ code: "invalid-request" });
	});
});

describe("deleting more links than Firestore's rules allow in one batch", () => {
	afterEach(() => {
		vi.restoreAllMocks();
	});

	/** The Commit requests the SDK sends, by how many writes each carries. */
	function watchCommits(fail?: (commit: number) => boolean): number[] {
		const commits: number[] = [];
		const realFetch = globalThis.fetch;
		vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
			if (new URL(String(input)).pathname.endsWith(":commit")) {
				commits.push(JSON.parse(String(init?.body)).writes.length);
				// A dropped connection, as the SDK would meet it: no answer at all.
				if (fail?.(commits.length)) throw new TypeError("fetch failed");
			}
			return realFetch(input, init);
		});
		return commits;
	}

	async function linksOf(who: Account, count: number): Promise<string[]> {
		const made = await Promise.all(
			Array.from({ length: count }, (_, i) =>
				who.store.shorten(who.client.uid, { url: `https://example.com/many/${crypto.randomUUID()}/${i}` }),
			),
		);
		return made.map((link) => link.code);
	}

	async function ownedCount(who: Account): Promise<number> {
		return (await getCount(query(collection(who.client.db, "links"), where("owner", "==", who.client.uid)))).data()
			.count;
	}

	async function targetExists(code: string): Promise<boolean> {
		return (await getDoc(doc(bob.client.db, "targets", code))).exists();
	}

	it("deletes 60 links in batches of at most 20 rule lookups each, leaving no link or target behind", async () => {
		const carol = await account();
		try {
			const codes = await linksOf(carol, 60);
			const commits = watchCommits();
			const deleted = await carol.store.removeMany(carol.client.uid, codes);
			expect([...deleted].sort()).toEqual([...codes].sort());
			expect(commits).toHaveLength(60 / DELETE_BATCH);
			// Each link goes with its target and leaves its tombstone, which costs the rules no lookup.
			expect(Math.max(...commits)).toBe(3 * DELETE_BATCH);
			vi.restoreAllMocks();
			expect(await ownedCount(carol)).toBe(0);
			for (const code of codes) expect(await targetExists(code)).toBe(false);
		} finally {
			await carol.client.close();
		}
	});

	it("stops at a batch that fails, says how many were deleted, and leaves the rest whole", async () => {
		const dave = await account();
		try {
			const codes = await linksOf(dave, 30);
			dave.changes.length = 0;
			watchCommits((commit) => commit === 2);
			const failure = await dave.store.removeMany(dave.client.uid, codes).catch((error: unknown) => error);
			vi.restoreAllMocks();
			const announced = dave.changes.flatMap((change) => change.codes);
			expect(failure).toMatchObject({
				code: "firestore/unavailable",
				detail: expect.stringContaining(`${announced.length} of 30 links were deleted`),
			});
			expect(announced.length).toBeGreaterThan(0);
			expect(announced.length).toBeLessThan(30);
			expect(await ownedCount(dave)).toBe(30 - announced.length);
			for (const code of codes) expect(await targetExists(code)).toBe(!announced.includes(code));
		} finally {
			await dave.client.close();
		}
	});
});

describe("deleting a link deletes its visit counts, days and totals", () => {
	const DAY_MS = 86_400_000;
	let admin: Client;
	beforeAll(() => {
		admin = administrator();
	});
	afterAll(() => admin.close());
	afterEach(() => {
		vi.restoreAllMocks();
	});

	/**
	 * `days` days of visits, `shards` documents each, and the link's total in each shard, written as the
	 * Cloud Function writes them.
	 */
	async function countVisits(owner: string, code: string, days: number, shards: number): Promise<void> {
		const batch = writeBatch(admin.db);
		for (let shard = 0; shard < shards; shard++) {
			const total = { owner, code, people: 2 * days, updatedAt: serverTimestamp() };
			batch.set(doc(admin.db, "clickTotals", `${code}-${shard}`), total);
		}
		for (let day = 0; day < days; day++) {
			for (let shard = 0; shard < shards; shard++) {
				const name = dayOf(Date.now() - day * DAY_MS);
				batch.set(doc(admin.db, "clicks", code, "days", `${name}-${shard}`), {
					day: name,
					people: 2,
					bots: 1,
					referrers: { "news.example": 1 },
					devices: { mobile: 2 },
					browsers: { firefox: 2 },
				});
			}
		}
		await batch.commit();
	}

	const daysLeft = async (code: string) => (await getDocs(collection(admin.db, "clicks", code, "days"))).size;
	const totalsLeft = async (code: string) =>
		(await getDocs(query(collection(admin.db, "clickTotals"), where("code", "==", code)))).size;
	/** The collection a commit's first write is in, and how many writes it holds: "clicks 20". */
	function commitOf(body: string): string {
		const writes = JSON.parse(body).writes as Array<{ delete?: string; update?: { name: string } }>;
		const path = writes[0]?.delete ?? writes[0]?.update?.name ?? "";
		return `${path.split("/documents/")[1]?.split("/")[0]} ${writes.length}`;
	}

	it("so a new link under the same alias starts from nothing", async () => {
		const alias = `counted-${crypto.randomUUID().slice(0, 8)}`;
		const clicks = createClickStore({ db: alice.client.db, clock: Date.now });
		await alice.store.shorten(alice.client.uid, { url: "https://example.com/first", alias });
		// 45 documents: more than two of the batches the rules' lookups allow.
		await countVisits(alice.client.uid, alias, 15, 3);
		expect((await clicks.analytics(alias, 30)).people).toBe(90);
		expect(await totalsLeft(alias)).toBe(3);
		const commits: string[] = [];
		const realFetch = globalThis.fetch;
		vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
			if (new URL(String(input)).pathname.endsWith(":commit")) commits.push(commitOf(String(init?.body)));
			return realFetch(input, init);
		});
		expect(await alice.store.removeMany(alice.client.uid, [alias])).toEqual([alias]);
		vi.restoreAllMocks();
		// The counts in batches the rules can decide (the days' and the totals' side by side), then the link
		// with its target and its tombstone.
		expect(commits.slice(0, -1).sort()).toEqual(
			[
				`clicks ${DAY_DELETE_BATCH}`,
				`clicks ${DAY_DELETE_BATCH}`,
				`clicks ${45 - 2 * DAY_DELETE_BATCH}`,
				"clickTotals 3",
			].sort(),
		);
		expect(commits.at(-1)).toBe("links 3");
		expect(await daysLeft(alias)).toBe(0);
		expect(await totalsLeft(alias)).toBe(0);

		await bob.store.shorten(bob.client.uid, { url: "https://example.com/second", alias });
		const bobsClicks = createClickStore({ db: bob.client.db, clock: Date.now });
		expect((await bobsClicks.analytics(alias, 30)).people).toBe(0);
		expect(await totalsLeft(alias)).toBe(0);
	});

	it("first: a delete that fails after them leaves the link whole, never counts of a link that is gone", async () => {
		const link = await alice.store.shorten(alice.client.uid, { url: `https://example.com/${crypto.randomUUID()}` });
		await countVisits(alice.client.uid, link.code, 2, 2);
		const realFetch = globalThis.fetch;
		vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
			const body = String(init?.body ?? "");
			// The link's own batch is lost on the way, as a crash of the worker would lose it.
			if (new URL(String(input)).pathname.endsWith(":commit") && body.includes(`/links/${link.code}"`)) {
				throw new TypeError("fetch failed");
			}
			return realFetch(input, init);
		});
		await expect(alice.store.removeMany(alice.client.uid, [link.code])).rejects.toMatchObject({
			code: "firestore/unavailable",
		});
		vi.restoreAllMocks();
		expect((await alice.store.get(link.code)).url).toBe(link.url);
		expect(await daysLeft(link.code)).toBe(0);
		expect(await totalsLeft(link.code)).toBe(0);
		// The owner can delete it again; nothing is left over.
		expect(await alice.store.removeMany(alice.client.uid, [link.code])).toEqual([link.code]);
	});
});

describe("a page whose links were all deleted", () => {
	it("answers a page after a cursor with nothing after it with the last page, ending at the cursor", async () => {
		const erin = await account();
		try {
			for (let i = 0; i < 14; i++) {
				await erin.store.shorten(erin.client.uid, { url: `https://example.com/last/${i}` });
			}
			const first = await erin.store.listPage(erin.client.uid, { pageSize: 10 });
			const second = await erin.store.listPage(erin.client.uid, { pageSize: 10, after: first.next ?? "" });
			await erin.store.removeMany(
				erin.client.uid,
				second.links.map((link) => link.code),
			);
			const again = await erin.store.listPage(erin.client.uid, { pageSize: 10, after: first.next ?? "" });
			expect(again.links.map((link) => link.code)).toEqual(first.links.map((link) => link.code));
			expect(again).toMatchObject({ total: 10, next: null, previous: null });
		} finally {
			await erin.client.close();
		}
	});
});
