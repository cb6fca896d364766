/**
 * Faults the link store must shrug off, through the real SDK against the suite's backend: a client clock
 * hours off, and a commit whose answer is lost on the way back.
 */
import { deleteApp, type FirebaseApp } from "firebase/app";
import { collection, type Firestore, getDocs, query, where } from "firebase/firestore/lite";
import { afterAll, describe, expect, inject, it } from "vitest";
import { toAppError } from "../../src/errors";
import { createLinkStore, type LinkStore } from "../../src/links/store";
import type { RandomBytes } from "../../src/links/types";
import { type Client, newUser } from "./clients";
import { type FaultyProxy, startFaultyProxy } from "./firestore/faultyProxy";
import { connectSdk } from "./firestore/helpers";

const SHORT_BASE = "http://127.0.0.1:5000/";
const HOUR = 3_600_000;
const realRandom: RandomBytes = (length) => crypto.getRandomValues(new Uint8Array(length));

const opened: Client[] = [];
const apps: FirebaseApp[] = [];
const proxies: FaultyProxy[] = [];

afterAll(async () => {
	await Promise.all([...opened.map((client) => client.close()), ...apps.map((app) => deleteApp(app))]);
	await Promise.all(proxies.map((proxy) => proxy.close()));
});

function storeWithClock(client: Client, clock: () => number): LinkStore {
	return createLinkStore({ firestore: () => client.db, random: realRandom, clock, shortLinkBase: SHORT_BASE });
}

describe("a client clock hours off", () => {
	it("changes nothing the server records: creation times and order come from the server's clock", async () => {
		const client = await newUser();
		opened.push(client);
		const ahead = storeWithClock(client, () => Date.now() + 5 * HOUR);
		const behind = storeWithClock(client, () => Date.now() - 5 * HOUR);
		const start = Date.now();
		const first = await ahead.shorten(client.uid, { url: "https://example.com/skew/ahead" });
		const second = await behind.shorten(client.uid, { url: "https://example.com/skew/behind" });
		const end = Date.now();

		// What the server stored: within the real time of the calls (a second of slack for rounding).
		for (const link of [await ahead.get(first.code), await behind.get(second.code)]) {
			expect(link.createdAt).toBeGreaterThanOrEqual(start - 1000);
			expect(link.createdAt).toBeLessThanOrEqual(end + 1000);
		}
		// Newest first by the server's clock, although the first came from a clock ten hours ahead of the second.
		const page = await behind.listPage(client.uid, { pageSize: 10 });
		expect(page.links.map((link) => link.code)).toEqual([second.code, first.code]);
	});
});

const backendPort = () => Number(inject("backend").firestore.split(":")[1]);

/** A Firestore client for `owner` on `port`, closed after the file. */
function clientOn(port: number, owner: string): Firestore {
	const { db, app } = connectSdk(port, owner);
	apps.push(app);
	return db;
}

/** A new owner's link store whose requests pass through a proxy that can hold them. */
async function throughProxy(): Promise<{ proxy: FaultyProxy; store: LinkStore; owner: string }> {
	const [host = ""] = inject("backend").firestore.split(":");
	expect(host).toBe("127.0.0.1");
	const proxy = await startFaultyProxy(backendPort());
	proxies.push(proxy);
	const owner = `proxied-${crypto.randomUUID()}`;
	const db = clientOn(proxy.port, owner);
	return {
		proxy,
		store: createLinkStore({ firestore: () => db, random: realRandom, clock: Date.now, shortLinkBase: SHORT_BASE }),
		owner,
	};
}

describe("a commit whose answer is lost", () => {
	/** The owner's links to `url`, read past the proxy (url has no index: firestore.indexes.json exempts it). */
	async function linksTo(owner: string, url: string): Promise<string[]> {
		const db = clientOn(backendPort(), owner);
		const found = await getDocs(query(collection(db, "links"), where("owner", "==", owner)));
		return found.docs.filter((link) => link.get("url") === url).map((link) => link.id);
	}

	// The store sends the commit again after the lost answer, which the rules refuse as a write over the link
	// that did land; without care the store would make a second link under a new code.
	it("makes one link when the commit lands but its answer never arrives, and returns that link", async () => {
		const { proxy, store, owner } = await throughProxy();
		const url = "https://example.com/lost-answer";
		const commit = proxy.catchNext((path, body) => path.endsWith(":commit") && body.includes(url));
		const shortening = store.shorten(owner, { url });
		await (await commit).loseAnswer();
		const link = await shortening;
		expect(await linksTo(owner, url)).toEqual([link.code]);
	});

	it("a new account's first shorten whose answer is lost returns its link, made once, without any lookup", async () => {
		const { proxy, store, owner } = await throughProxy();
		const url = "https://example.com/lost-answer/new-account";
		const commit = proxy.catchNext((path, body) => path.endsWith(":commit") && body.includes(url));
		const shortening = store.shorten(owner, { url, newAccount: true });
		await (await commit).loseAnswer();
		const link = await shortening;
		expect(await linksTo(owner, url)).toEqual([link.code]);
	});

	it("an aliased shorten whose answer is lost returns its alias, made once", async () => {
		const { proxy, store, owner } = await throughProxy();
		const url = "https://example.com/lost-answer/alias";
		const alias = `lost-${crypto.randomUUID().slice(0, 8)}`;
		const commit = proxy.catchNext((path, body) => path.endsWith(":commit") && body.includes(url));
		const shortening = store.shorten(owner, { url, alias });
		await (await commit).loseAnswer();
		expect(await shortening).toMatchObject({ code: alias, url });
		expect(await linksTo(owner, url)).toEqual([alias]);
	});
});

// A write that lost a race is refused by the rules (permission-denied: a create reads nothing first, and an
// edit's precondition is judged after the rules) rather than reported as a clash; the store must still tell
// the user what happened.
describe("another write landing while a commit is on its way", () => {
	it("tells alias-taken when another user takes the alias while the shorten's commit is held", async () => {
		const { proxy, store, owner } = await throughProxy();
		const alias = `race-${crypto.randomUUID().slice(0, 8)}`;
		const commit = proxy.catchNext((path, body) => path.endsWith(":commit") && body.includes(alias));
		const shortening = store.shorten(owner, { url: "https://example.com/race/mine", alias });
		const held = await commit;
		const rival = await newUser();
		opened.push(rival);
		await storeWithClock(rival, Date.now).shorten(rival.uid, { url: "https://example.com/race/theirs", alias });
		await held.pass();
		await expect(shortening).rejects.toMatchObject({ code: "alias-taken" });
	});

	it("tells that the link no longer exists when it is deleted between an edit's read and its commit", async () => {
		const { proxy, store, owner } = await throughProxy();
		const link = await store.shorten(owner, { url: "https://example.com/race/edit" });
		const commit = proxy.catchNext((path, body) => path.endsWith(":commit") && body.includes("/race/edited"));
		const editing = store.updateTarget(link.code, "https://example.com/race/edited").catch(toAppError);
		const held = await commit;
		const elsewhereDb = clientOn(backendPort(), owner);
		const elsewhere = createLinkStore({
			firestore: () => elsewhereDb,
			random: realRandom,
			clock: Date.now,
			shortLinkBase: SHORT_BASE,
		});
		await elsewhere.removeMany(owner, [link.code]);
		await held.pass();
		expect(await editing).toMatchObject({ code: "link-not-found" });
	});
});
