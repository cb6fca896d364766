/**
 * The local mirror of a user's links (src/links/mirror/), synced from the local backend through the real
 * SDK into fake-indexeddb, a complete in-memory IndexedDB: what another browser of the same account does
 * shows up after the next sync, deletions included, and nothing of anyone else's ever does.
 */
import { IDBFactory } from "fake-indexeddb";
import { doc, type Firestore, writeBatch } from "firebase/firestore/lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LinkMirror, openLinkMirror } from "../../../src/links/mirror/mirror";
import { mirrorDatabaseName } from "../../../src/links/mirror/storage";
import { SYNC_PAGE_SIZE } from "../../../src/links/mirror/sync";
import { createLinkStore, type LinkStore } from "../../../src/links/store";
import { hashUrl } from "../../../src/links/urlHash";
import { administrator, type Client, newAccount, signedInElsewhere } from "../clients";
import { countPeople as countTotal, linkFields, newCode } from "../links";

const SHORT_BASE = "http://127.0.0.1:5000/";

interface Owner {
	client: Client & { uid: string };
	/** The same account in another browser: its writes reach this one only through a sync. */
	elsewhere: LinkStore;
	/** This browser's own store (the worker the mirror lives in). */
	here: LinkStore;
}

const opened: Client[] = [];
let admin: Client;

beforeAll(() => {
	admin = administrator();
	opened.push(admin);
});

afterAll(async () => {
	await Promise.all(opened.map((client) => client.close()));
});

function storeOn(db: Firestore): LinkStore {
	const random = (length: number) => crypto.getRandomValues(new Uint8Array(length));
	return createLinkStore({ firestore: () => db, random, clock: Date.now, shortLinkBase: SHORT_BASE });
}

/** A fresh email account (more links an hour than an anonymous one) signed in here and in another browser. */
async function newOwner(): Promise<Owner> {
	const client = await newAccount();
	const other = await signedInElsewhere(client.email);
	opened.push(client, other);
	return { client, here: storeOn(client.db), elsewhere: storeOn(other.db) };
}

function mirrorOf(owner: Owner, indexedDB: IDBFactory = new IDBFactory(), db = owner.client.db): Promise<LinkMirror> {
	return openLinkMirror({
		firestore: () => db,
		owner: owner.client.uid,
		indexedDB,
		clock: Date.now,
		shortLinkBase: SHORT_BASE,
	});
}

const codesOf = async (mirror: LinkMirror) => (await mirror.all()).map((link) => link.code).sort();

/** `count` links of the owner's written by the administrator, 250 to a batch (500 writes with targets). */
async function seed(owner: Owner, count: number): Promise<string[]> {
	const codes = Array.from({ length: count }, () => newCode());
	for (let start = 0; start < count; start += 250) {
		const batch = writeBatch(admin.db);
		for (const code of codes.slice(start, start + 250)) {
			const url = `https://example.com/seeded/${code}`;
			batch.set(doc(admin.db, "links", code), linkFields(owner.client.uid, url));
			batch.set(doc(admin.db, "targets", code), { url });
		}
		await batch.commit();
	}
	return codes.sort();
}

describe("the first sync", () => {
	it("brings every link, newest first for recent links, found by address and counted", async () => {
		const owner = await newOwner();
		const uid = owner.client.uid;
		const first = await owner.here.shorten(uid, { url: "https://example.com/mirror/one", title: "One" });
		const second = await owner.here.shorten(uid, { url: "https://example.com/mirror/two", title: "Two" });
		const alias = await owner.here.shorten(uid, { url: "https://example.com/mirror/two", alias: `two-${newCode()}` });
		const mirror = await mirrorOf(owner);
		expect((await mirror.trust()).finishedAt).toBeNull();

		const report = await mirror.sync();

		// The newest tombstone (there is none), then a page of links, of tombstones and of click totals together.
		expect(report).toEqual({ links: 3, tombstones: 0, totals: 0, pages: 1, queries: 4 });
		expect(await codesOf(mirror)).toEqual([first.code, second.code, alias.code].sort());
		expect(await mirror.count()).toBe(3);
		expect((await mirror.newest(2)).map((link) => link.code)).toEqual([alias.code, second.code]);
		const sameAddress = await mirror.withUrlHash(await hashUrl("https://example.com/mirror/two"));
		expect(sameAddress.map((link) => link.code).sort()).toEqual([second.code, alias.code].sort());
		expect((await mirror.all()).find((link) => link.code === first.code)).toMatchObject({
			url: "https://example.com/mirror/one",
			host: "example.com",
			title: "One",
			custom: false,
			shortUrl: `${SHORT_BASE}${first.code}`,
		});
		expect((await mirror.trust()).finishedAt).toBeTypeOf("number");
	});

	it("reads one of the deletions made before it, not every one: they have nothing to remove", async () => {
		const owner = await newOwner();
		const uid = owner.client.uid;
		const links = await Promise.all(
			[1, 2, 3, 4].map((n) => owner.elsewhere.shorten(uid, { url: `https://example.com/earlier/${n}` })),
		);
		const [kept, ...gone] = links.map((link) => link.code) as [string, ...string[]];
		await owner.elsewhere.removeMany(uid, gone);
		const mirror = await mirrorOf(owner);

		expect(await mirror.sync()).toEqual({ links: 1, tombstones: 1, totals: 0, pages: 1, queries: 4 });
		expect(await codesOf(mirror)).toEqual([kept]);
		await owner.elsewhere.removeMany(uid, [kept]);
		expect(await mirror.sync()).toMatchObject({ links: 0, tombstones: 1 });
		expect(await mirror.count()).toBe(0);
	});

	it(`pages through more than ${SYNC_PAGE_SIZE} links written in the same instant`, async () => {
		const owner = await newOwner();
		const seeded = await seed(owner, SYNC_PAGE_SIZE + 250);
		const mirror = await mirrorOf(owner);
		const report = await mirror.sync();
		expect(report).toMatchObject({ links: SYNC_PAGE_SIZE + 250, pages: 2 });
		expect(await codesOf(mirror)).toEqual(seeded);
	});
});

describe("a later sync", () => {
	let owner: Owner;
	let mirror: LinkMirror;

	beforeAll(async () => {
		owner = await newOwner();
		mirror = await mirrorOf(owner);
		await mirror.sync();
	});

	it("reads nothing when nothing changed: one empty query of each kind", async () => {
		expect(await mirror.sync()).toEqual({ links: 0, tombstones: 0, totals: 0, pages: 1, queries: 3 });
	});

	it("shows a link made, edited and deleted in another browser, and reads only those changes", async () => {
		const uid = owner.client.uid;
		const made = await owner.elsewhere.shorten(uid, { url: "https://example.com/elsewhere/made" });
		const edited = await owner.elsewhere.shorten(uid, { url: "https://example.com/elsewhere/edited" });
		const gone = await owner.elsewhere.shorten(uid, { url: "https://example.com/elsewhere/gone" });
		await mirror.sync();
		await owner.elsewhere.updateTarget(edited.code, "https://example.com/elsewhere/moved");
		await owner.elsewhere.removeMany(uid, [gone.code]);

		const report = await mirror.sync();

		expect(report).toEqual({ links: 1, tombstones: 1, totals: 0, pages: 1, queries: 3 });
		const links = await mirror.all();
		expect(links.map((link) => link.code).sort()).toEqual([made.code, edited.code].sort());
		expect(links.find((link) => link.code === edited.code)?.url).toBe("https://example.com/elsewhere/moved");
		expect(await mirror.withUrlHash(await hashUrl("https://example.com/elsewhere/edited"))).toEqual([]);
	});

	it("never keeps a link edited and then deleted between two syncs", async () => {
		const uid = owner.client.uid;
		const link = await owner.elsewhere.shorten(uid, { url: `https://example.com/brief/${newCode()}` });
		await mirror.sync();
		await owner.elsewhere.updateTarget(link.code, "https://example.com/brief/edited");
		await owner.elsewhere.removeMany(uid, [link.code]);
		await mirror.sync();
		expect(await codesOf(mirror)).not.toContain(link.code);
	});

	it("keeps an alias deleted and made again, whether the sync saw it in between or not", async () => {
		const uid = owner.client.uid;
		const seen = `again-${newCode()}`;
		const unseen = `again-${newCode()}`;
		await owner.elsewhere.shorten(uid, { url: "https://example.com/first", alias: seen });
		await owner.elsewhere.shorten(uid, { url: "https://example.com/first", alias: unseen });
		await mirror.sync();
		await owner.elsewhere.removeMany(uid, [seen, unseen]);
		await owner.elsewhere.shorten(uid, { url: "https://example.com/second", alias: unseen });
		await mirror.sync();
		expect(await codesOf(mirror)).not.toContain(seen);
		await owner.elsewhere.shorten(uid, { url: "https://example.com/second", alias: seen });
		await mirror.sync();

		const links = await mirror.all();
		expect(links.filter((link) => [seen, unseen].includes(link.code)).map((link) => link.url)).toEqual([
			"https://example.com/second",
			"https://example.com/second",
		]);
	});

	it("shares a sync asked for while one runs", async () => {
		const [one, two] = [mirror.sync(), mirror.sync()];
		expect(one).toBe(two);
		expect((await one).pages).toBe(1);
	});
});

describe("this worker's own writes", () => {
	it("show at once, and the sync replaces them with the server's version", async () => {
		const owner = await newOwner();
		const mirror = await mirrorOf(owner);
		await mirror.sync();
		const url = "https://example.com/own/write";
		const link = await owner.here.shorten(owner.client.uid, { url, title: "Own" });
		const { shortUrl: _, ...saved } = link;
		await mirror.apply({ kind: "saved", links: [{ ...saved, urlHash: await hashUrl(url) }] });
		expect((await mirror.newest(1))[0]).toEqual(link);
		expect(await mirror.withUrlHash(await hashUrl(url))).toEqual([link]);

		await mirror.sync();
		const synced = (await mirror.all())[0];
		expect(synced?.code).toBe(link.code);
		expect(await mirror.count()).toBe(1);

		await owner.here.removeMany(owner.client.uid, [link.code]);
		await mirror.apply({ kind: "deleted", codes: [link.code] });
		expect(await mirror.count()).toBe(0);
	});

	it("keep the server's version a sync brought back before them, and replace it when they say otherwise", async () => {
		const owner = await newOwner();
		const mirror = await mirrorOf(owner);
		const url = "https://example.com/own/synced-first";
		const link = await owner.here.shorten(owner.client.uid, { url, title: "Synced first" });
		// The sync beside the create reads the link before the worker's own write of it lands.
		await mirror.sync();
		const synced = (await mirror.all())[0];
		const { shortUrl: _, ...saved } = link;
		const anHourAhead = Date.now() + 3_600_000;
		const own = { ...saved, createdAt: anHourAhead, updatedAt: anHourAhead, urlHash: await hashUrl(url) };
		await mirror.apply({ kind: "saved", links: [own] });
		expect((await mirror.all())[0]).toEqual(synced);
		// An edit of this worker's, which no sync has brought yet, shows at once.
		await mirror.apply({ kind: "saved", links: [{ ...own, title: "Renamed" }] });
		expect((await mirror.all())[0]).toMatchObject({ title: "Renamed", updatedAt: anHourAhead });
	});

	it("give way to a deletion elsewhere, even when this browser's clock runs ahead of the server's", async () => {
		const owner = await newOwner();
		const mirror = await mirrorOf(owner);
		const url = "https://example.com/own/deleted-elsewhere";
		const link = await owner.here.shorten(owner.client.uid, { url });
		const { shortUrl: _, ...saved } = link;
		const anHourAhead = Date.now() + 3_600_000;
		await mirror.apply({
			kind: "saved",
			links: [{ ...saved, createdAt: anHourAhead, updatedAt: anHourAhead, urlHash: await hashUrl(url) }],
		});
		await owner.elsewhere.removeMany(owner.client.uid, [link.code]);
		await mirror.sync();
		expect(await mirror.count()).toBe(0);
	});
});

describe("bad input", () => {
	it("refuses a change naming a code no link can have, or without its address hash, and keeps nothing of it", async () => {
		const owner = await newOwner();
		const mirror = await mirrorOf(owner);
		const link = {
			code: "fine123",
			url: "https://example.com/",
			host: "example.com",
			title: "",
			createdAt: 1,
			updatedAt: 1,
			custom: false,
			urlHash: await hashUrl("https://example.com/"),
		};
		const refused = { code: "invalid-request" };
		await expect(mirror.apply({ kind: "saved", links: [link, { ...link, code: "../x" }] })).rejects.toMatchObject(
			refused,
		);
		await expect(mirror.apply({ kind: "saved", links: [{ ...link, urlHash: "" }] })).rejects.toMatchObject(refused);
		await expect(mirror.apply({ kind: "deleted", codes: ["__name__"] })).rejects.toMatchObject(refused);
		expect(await mirror.count()).toBe(0);
		await expect(mirror.newest(-1)).rejects.toMatchObject(refused);
		await expect(mirror.newest(Number.NaN)).rejects.toMatchObject(refused);
		expect(await mirror.newest(0)).toEqual([]);
	});
});

const countPeople = (owner: string, code: string, shard: number, people: number) =>
	countTotal(admin.db, owner, code, shard, people);

describe("click totals", () => {
	it("sums each link's shards, follows new visits, and reads only the shards that changed", async () => {
		const owner = await newOwner();
		const uid = owner.client.uid;
		const busy = await owner.elsewhere.shorten(uid, { url: "https://example.com/totals/busy" });
		const quiet = await owner.elsewhere.shorten(uid, { url: "https://example.com/totals/quiet" });
		await countPeople(uid, busy.code, 0, 40);
		await countPeople(uid, busy.code, 3, 2);
		const mirror = await mirrorOf(owner);

		expect(await mirror.sync()).toMatchObject({ links: 2, totals: 2 });
		expect(await mirror.clicks()).toEqual(new Map([[busy.code, 42]]));

		await countPeople(uid, busy.code, 3, 1);
		await countPeople(uid, quiet.code, 1, 5);
		expect(await mirror.sync()).toEqual({ links: 0, tombstones: 0, totals: 2, pages: 1, queries: 3 });
		expect(await mirror.clicks()).toEqual(
			new Map([
				[busy.code, 43],
				[quiet.code, 5],
			]),
		);
		expect(await mirror.clicksOf([quiet.code, quiet.code, "nobody"])).toEqual(new Map([[quiet.code, 5]]));
	});

	it("forgets a link's totals when it is deleted, here or in another browser, and starts a code made again at 0", async () => {
		const owner = await newOwner();
		const uid = owner.client.uid;
		const alias = `counted-${newCode()}`;
		const elsewhere = await owner.elsewhere.shorten(uid, { url: "https://example.com/totals/a", alias });
		const here = await owner.here.shorten(uid, { url: "https://example.com/totals/b" });
		await countPeople(uid, elsewhere.code, 0, 7);
		await countPeople(uid, here.code, 2, 9);
		const mirror = await mirrorOf(owner);
		await mirror.sync();
		expect((await mirror.clicks()).size).toBe(2);

		await owner.here.removeMany(uid, [here.code]);
		await mirror.apply({ kind: "deleted", codes: [here.code] });
		await owner.elsewhere.removeMany(uid, [elsewhere.code]);
		await owner.elsewhere.shorten(uid, { url: "https://example.com/totals/again", alias });
		await countPeople(uid, alias, 1, 1);
		await mirror.sync();

		expect(await mirror.clicks()).toEqual(new Map([[alias, 1]]));
	});

	it("never holds another user's totals", async () => {
		const [alice, bob] = await Promise.all([newOwner(), newOwner()]);
		const bobs = await bob.here.shorten(bob.client.uid, { url: "https://example.com/totals/bob" });
		await countPeople(bob.client.uid, bobs.code, 0, 3);
		const mirror = await mirrorOf(alice);
		expect(await mirror.sync()).toMatchObject({ totals: 0 });
		expect(await mirror.clicks()).toEqual(new Map());
	});

	it("are read once into a mirror kept before totals were, which keeps its links", async () => {
		const owner = await newOwner();
		const uid = owner.client.uid;
		const link = await owner.here.shorten(uid, { url: "https://example.com/totals/upgraded" });
		await countPeople(uid, link.code, 0, 4);
		const indexedDB = new IDBFactory();
		const before = await mirrorOf(owner, indexedDB);
		await before.sync();
		before.close();
		await downgradeToVersion1(indexedDB, mirrorDatabaseName(uid));

		const after = await mirrorOf(owner, indexedDB);
		expect(await codesOf(after)).toEqual([link.code]);
		// Not complete until the totals are in: a link without one would read as never followed.
		expect((await after.trust()).finishedAt).toBeNull();
		expect(await after.sync()).toMatchObject({ links: 0, totals: 1 });
		expect((await after.trust()).finishedAt).toBeTypeOf("number");
		expect(await after.clicks()).toEqual(new Map([[link.code, 4]]));
		after.close();
	});
});

/**
 * Rewrites a mirror's database as version 1 left it: its links, cursors and all, without the totals store or
 * a totals cursor.
 */
async function downgradeToVersion1(indexedDB: IDBFactory, name: string): Promise<void> {
	const read = (request: IDBRequest) =>
		new Promise<unknown>((resolve, reject) => {
			request.onsuccess = () => resolve(request.result);
			request.onerror = () => reject(request.error);
		});
	const current = (await read(indexedDB.open(name))) as IDBDatabase;
	const meta = current.transaction(["links", "meta"], "readonly");
	const [links, state] = await Promise.all([
		read(meta.objectStore("links").getAll()),
		read(meta.objectStore("meta").get("sync")),
	]);
	current.close();
	await read(indexedDB.deleteDatabase(name));
	const opening = indexedDB.open(name, 1);
	opening.onupgradeneeded = () => {
		const old = opening.result;
		const store = old.createObjectStore("links", { keyPath: "code" });
		store.createIndex("urlHash", "urlHash");
		store.createIndex("createdAt", "createdAt");
		old.createObjectStore("meta");
		old.createObjectStore("creating", { keyPath: "code" }).createIndex("urlHash", "urlHash");
		for (const link of links as object[]) store.put(link);
		const { totals: _, ...version1State } = state as Record<string, unknown>;
		opening.transaction?.objectStore("meta").put(version1State, "sync");
	};
	((await read(opening)) as IDBDatabase).close();
}

describe("privacy", () => {
	it("never shows another user's links or deletions, and refuses to sync someone else's", async () => {
		const [alice, bob] = await Promise.all([newOwner(), newOwner()]);
		const bobs = await bob.here.shorten(bob.client.uid, { url: "https://example.com/bob/kept" });
		const bobsGone = await bob.here.shorten(bob.client.uid, { url: "https://example.com/bob/gone" });
		await bob.here.removeMany(bob.client.uid, [bobsGone.code]);
		const alicesOwn = await alice.here.shorten(alice.client.uid, { url: "https://example.com/alice" });
		const mirror = await mirrorOf(alice);

		expect(await mirror.sync()).toMatchObject({ links: 1, tombstones: 0 });
		expect(await codesOf(mirror)).toEqual([alicesOwn.code]);
		expect(await codesOf(mirror)).not.toContain(bobs.code);
		const intruder = await mirrorOf(alice, new IDBFactory(), bob.client.db);
		await expect(intruder.sync()).rejects.toMatchObject({ code: "permission-denied" });
		expect(await intruder.count()).toBe(0);
	});

	it("clear() deletes the owner's database from disk", async () => {
		const owner = await newOwner();
		await owner.here.shorten(owner.client.uid, { url: "https://example.com/cleared" });
		const indexedDB = new IDBFactory();
		const mirror = await mirrorOf(owner, indexedDB);
		await mirror.sync();
		const name = mirrorDatabaseName(owner.client.uid);
		expect((await indexedDB.databases()).map((database) => database.name)).toContain(name);

		await mirror.clear();

		expect((await indexedDB.databases()).map((database) => database.name)).not.toContain(name);
		const reopened = await mirrorOf(owner, indexedDB);
		expect(await reopened.count()).toBe(0);
		expect((await reopened.trust()).finishedAt).toBeNull();
		reopened.close();
	});
});

describe("a worker stopped mid-sync", () => {
	it("resumes after the last page it kept, losing and reading again nothing", async () => {
		const owner = await newOwner();
		const seeded = await seed(owner, SYNC_PAGE_SIZE + 250);
		const indexedDB = new IDBFactory();
		const stopped = await mirrorOf(owner, indexedDB);
		expect(await stopped.sync(1)).toMatchObject({ links: SYNC_PAGE_SIZE, pages: 1 });
		expect((await stopped.trust()).finishedAt).toBeNull();
		const kept = await codesOf(stopped);
		stopped.close();
		// Deleted while no worker ran: one link the stopped sync kept, and two it never reached.
		const gone = [kept[0] as string, ...seeded.filter((code) => !kept.includes(code)).slice(0, 2)];
		await owner.here.removeMany(owner.client.uid, gone);

		const restarted = await mirrorOf(owner, indexedDB);
		expect(await restarted.count()).toBe(SYNC_PAGE_SIZE);
		const rest = await restarted.sync();

		expect(rest).toEqual({ links: 250 - 2, tombstones: 3, totals: 0, pages: 1, queries: 3 });
		expect(await codesOf(restarted)).toEqual(seeded.filter((code) => !gone.includes(code)));
		expect((await restarted.trust()).finishedAt).toBeTypeOf("number");
	});
});
