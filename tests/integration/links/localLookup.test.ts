/**
 * The same-address lookup answered by the worker's mirror (background/linkMirrors.ts, LocalLinks): what a
 * shorten sends once the mirror has synced, counted at a proxy, and the guarantees that must survive it
 * (issue 20): the same address gives the same link, also after the worker died mid-create, and two
 * browsers that raced keep both links and settle on the older one.
 */
import { IDBFactory } from "fake-indexeddb";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createLinkMirrors, TRUST_HIT_FOR_MS } from "../../../background/linkMirrors";
import { mirrorDatabaseName } from "../../../src/links/mirror/storage";
import { createLinkStore } from "../../../src/links/store";
import type { LocalLinks } from "../../../src/links/store/deps";
import { linkUrls } from "../../../src/links/store/read";
import { linkUrlsOverRest } from "../../../src/links/store/restRead";
import type { Link } from "../../../src/links/types";
import { closeProxiedWorkers, proxiedWorkerDb, SHORT_BASE } from "./proxiedWorker";

afterAll(closeProxiedWorkers);

/**
 * One browser's worker for `owner`: its IndexedDB (`indexedDB`, which outlives the worker when passed to
 * the next one), mirror and link store, all through a counting proxy. `firestoreAsked` counts the times
 * either asked for Firestore, which the worker creates only then (background/index.ts). `mirrorClock` is
 * the time as the mirror reads it (the store keeps the real one, which Firestore's rules compare with).
 */
async function workerOf(
	owner?: string,
	indexedDB: IDBFactory = new IDBFactory(),
	roundTripMs = 0,
	mirrorClock: () => number = Date.now,
	authStarted = true,
) {
	const proxied = await proxiedWorkerDb(owner, roundTripMs);
	let firestoreAsked = 0;
	const firestore = () => {
		firestoreAsked++;
		return proxied.db;
	};
	const mirrors = createLinkMirrors({
		indexedDB,
		firestore,
		// Read as background/earlyShortenDeps.ts reads it: through the SDK once Auth has started, before it
		// with the token over REST.
		linksNow: (_owner, codes) => (authStarted ? linkUrls(proxied.db, codes) : linkUrlsOverRest(proxied.rest, codes)),
		clock: mirrorClock,
		shortLinkBase: SHORT_BASE,
		announce: () => undefined,
	});
	const store = createLinkStore({
		firestore,
		random: (length) => crypto.getRandomValues(new Uint8Array(length)),
		clock: Date.now,
		shortLinkBase: SHORT_BASE,
		local: mirrors.local,
	});
	/** Shortens as the worker's handler does: the link goes into the mirror once made. */
	const shorten = async (url: string) => {
		const link = await store.shorten(proxied.owner, { url });
		await mirrors.saved(proxied.owner, link);
		return link;
	};
	/** Syncs, then forgets what the sync sent, so a test counts only what follows. */
	const synced = async () => {
		await mirrors.sync(proxied.owner);
		proxied.methods.length = 0;
	};
	return { ...proxied, indexedDB, mirrors, store, shorten, synced, firestoreAsked: () => firestoreAsked };
}

type Worker = Awaited<ReturnType<typeof workerOf>>;

describe("a shorten with the worker's mirror synced", () => {
	it("sends nothing for an address the user has shortened before", async () => {
		const worker = await workerOf();
		const first = await worker.shorten("https://example.com/local/again");
		await worker.synced();
		const again = await worker.shorten("https://example.com/local/again");
		expect(again.code).toBe(first.code);
		expect(worker.methods).toEqual([]);
	});

	it("asks for no Firestore at all for an address shortened before, in a worker that just started", async () => {
		const earlier = await workerOf();
		const first = await earlier.shorten("https://example.com/local/again-after-a-stop");
		await earlier.synced();
		const restarted = await workerOf(earlier.owner, earlier.indexedDB);
		const again = await restarted.shorten("https://example.com/local/again-after-a-stop");
		expect(again.code).toBe(first.code);
		expect(restarted.firestoreAsked()).toBe(0);
		expect(restarted.methods).toEqual([]);
	});

	it("sends one commit for a new address, from a worker that just started", async () => {
		const earlier = await workerOf();
		await earlier.shorten("https://example.com/local/earlier");
		await earlier.synced();
		const restarted = await workerOf(earlier.owner, earlier.indexedDB);
		await restarted.shorten("https://example.com/local/new");
		expect(restarted.methods).toEqual(["commit"]);
	});

	it("needs no first sync for an account made by its first shorten: the next new address is one commit", async () => {
		const worker = await workerOf();
		const first = await worker.store.shorten(worker.owner, {
			url: "https://example.com/local/first",
			newAccount: true,
		});
		await worker.mirrors.newAccount(worker.owner);
		await worker.mirrors.saved(worker.owner, first);
		worker.methods.length = 0;
		await worker.shorten("https://example.com/local/second");
		expect((await worker.shorten("https://example.com/local/first")).code).toBe(first.code);
		expect(worker.methods).toEqual(["commit"]);
	});

	it("asks Firestore while the mirror has never synced in full, finds a link made in another browser, then syncs", async () => {
		const elsewhere = await workerOf();
		const made = await elsewhere.shorten("https://example.com/local/elsewhere");
		const here = await workerOf(elsewhere.owner);
		const found = await here.store.shorten(here.owner, { url: "https://example.com/local/elsewhere" });
		expect(found.code).toBe(made.code);
		expect(here.methods).toEqual(["runQuery", "runQuery"]);
		// Saving the link starts the copy's first sync, unasked: the lookups after it are the copy's.
		await here.mirrors.saved(here.owner, found);
		await vi.waitFor(async () => {
			here.methods.length = 0;
			expect((await here.store.shorten(here.owner, { url: found.url })).code).toBe(made.code);
			expect(here.methods).toEqual([]);
		});
	});
	it("makes the link when the copy fails to forget a create it saw end without one", async () => {
		const worker = await workerOf();
		const failing: LocalLinks = {
			sameAddress: async () => ({ links: [], unsettled: ["never1made"] }),
			creating: async () => undefined,
			settled: async () => {
				throw new Error("the disk refused");
			},
		};
		const store = createLinkStore({
			firestore: () => worker.db,
			random: (length) => crypto.getRandomValues(new Uint8Array(length)),
			clock: Date.now,
			shortLinkBase: SHORT_BASE,
			local: failing,
		});
		const link = await store.shorten(worker.owner, { url: "https://example.com/local/settle-fails" });
		expect((await store.get(link.code)).url).toBe("https://example.com/local/settle-fails");
	});
});

describe("the popup's recent links", () => {
	it("come from the mirror with no request once it holds every link, newest first, and not before", async () => {
		const worker = await workerOf();
		const older = await worker.shorten("https://example.com/local/recent-1");
		const newer = await worker.shorten("https://example.com/local/recent-2");
		const unsynced = await workerOf(worker.owner);
		expect(await unsynced.mirrors.newest(worker.owner, 5)).toBeNull();

		await worker.synced();
		const recent = await worker.mirrors.newest(worker.owner, 5);
		expect(recent?.map((link) => link.code)).toEqual([newer.code, older.code]);
		expect(worker.methods).toEqual([]);
	});
});

/** The guarantees hold as far away as production: at no round trip, and at 100 ms (the latency rig's default). */
describe.each([0, 100])("the same address, the same link, at a round trip of %i ms", (roundTripMs) => {
	const far = (owner?: string, indexedDB?: IDBFactory, mirrorClock?: () => number, authStarted?: boolean) =>
		workerOf(owner, indexedDB, roundTripMs, mirrorClock, authStarted);

	/**
	 * A worker whose mirror synced `ago` ms before now, holding a link for each of `urls`, and another
	 * browser of its user's; `authStarted` false for a worker just started, whose Auth has not.
	 */
	async function syncedAgo(ago: number, urls: string[], authStarted = true) {
		let now = Date.now();
		const here = await far(undefined, undefined, () => now, authStarted);
		const links = [];
		for (const url of urls) links.push(await here.shorten(url));
		await here.synced();
		now += ago;
		return { here, links, elsewhere: await far(here.owner) };
	}

	it("hands out no link another browser deleted or pointed elsewhere: the link is read first, the sync follows", async () => {
		const { here, links, elsewhere } = await syncedAgo(TRUST_HIT_FOR_MS, [
			"https://example.com/local/deleted-elsewhere",
			"https://example.com/local/moved-elsewhere",
		]);
		const [deleted, moved] = links as [Link, Link];
		await elsewhere.store.removeMany(here.owner, [deleted.code]);
		await elsewhere.store.updateTarget(moved.code, "https://example.com/local/moved-to");

		const made = await here.shorten(deleted.url);
		expect(made.code).not.toBe(deleted.code);
		// The link's read; then the new link's commit and the sync's three queries (links, deletions, click
		// totals), which follows the read, in either order.
		expect(here.methods[0]).toBe("batchGet");
		await vi.waitFor(() =>
			expect([...here.methods].sort()).toEqual(["batchGet", "commit", "runQuery", "runQuery", "runQuery"]),
		);
		// Its queries are out; the sync ends once their answers are in the copy.
		await here.synced();
		// Synced now: the link pointed elsewhere is no longer this address's, and nothing is checked again.
		expect((await here.shorten(moved.url)).code).not.toBe(moved.code);
		expect(here.methods).toEqual(["commit"]);
		expect((await here.shorten(made.url)).code).toBe(made.code);
		expect(here.methods).toEqual(["commit"]);
	});

	/**
	 * A shorten of an address whose hit, in a copy synced long ago, is read first: `meanwhile` runs while that
	 * read is held (the read then answers as before it); the link the shorten gives is returned.
	 */
	async function hitReadWhile(url: string, meanwhile: (here: Worker, link: Link) => Promise<void>) {
		const { here, links } = await syncedAgo(TRUST_HIT_FOR_MS, [url]);
		const [link] = links as [Link];
		const read = here.catchNext((path) => path.endsWith(":batchGet"));
		const shortening = here.shorten(link.url);
		const held = await read;
		await meanwhile(here, link);
		await held.pass();
		return { link, given: await shortening };
	}

	it("hands out no hit whose delete or new target began here while its read was out", async () => {
		let lift = async (): Promise<void> => undefined;
		const { link, given } = await hitReadWhile("https://example.com/local/edited-while-read", async (here, link) => {
			// The options page's edit of that very link, its commit still to come.
			const doubt = await here.mirrors.writing(here.owner, [link.code]);
			lift = () => doubt.lift();
		});
		expect(given.code).not.toBe(link.code);
		await lift();
	});

	it("hands out no hit deleted here while its read was out, the delete answered before the read", async () => {
		const { link, given } = await hitReadWhile("https://example.com/local/deleted-while-read", async (here, link) => {
			// The options page's delete of that very link, begun and followed into the copy.
			const doubt = await here.mirrors.writing(here.owner, [link.code]);
			await here.mirrors.deleted(here.owner, [link.code]);
			doubt.answered();
			await doubt.lift();
		});
		expect(given.code).not.toBe(link.code);
	});

	it("syncs once it has made a link into a copy synced long ago: a link made elsewhere meanwhile is then the one", async () => {
		const { here, elsewhere } = await syncedAgo(TRUST_HIT_FOR_MS, ["https://example.com/local/stale-copy"]);
		const older = await elsewhere.shorten("https://example.com/local/made-elsewhere");
		// A miss is not checked: a second link to the address.
		const newer = await here.shorten("https://example.com/local/made-elsewhere");
		expect(newer.code).not.toBe(older.code);
		expect(here.methods.slice(0, 1)).toEqual(["commit"]);

		// Nobody asks for a sync; the new link in a copy this old starts one.
		await vi.waitFor(() => expect(here.methods.filter((method) => method === "runQuery")).toHaveLength(3));
		await vi.waitFor(async () =>
			expect((await here.shorten("https://example.com/local/made-elsewhere")).code).toBe(older.code),
		);
	});

	it("in a worker whose Auth has not started, reads the link alone, hands it out, and syncs after the reply", async () => {
		const { here, links } = await syncedAgo(TRUST_HIT_FOR_MS, ["https://example.com/local/just-started"], false);
		const answered = await here.store.shorten(here.owner, { url: "https://example.com/local/just-started" });
		// One read had gone out when the answer came; the sync follows it.
		const sentBefore = [...here.methods];
		expect(answered.code).toBe(links[0]?.code);
		expect(sentBefore).toEqual(["batchGet"]);
		await vi.waitFor(() => expect(here.methods).toEqual(["batchGet", "runQuery", "runQuery", "runQuery"]));
	});

	it.each([
		["deleted", (elsewhere: Worker, link: Link) => elsewhere.store.removeMany(elsewhere.owner, [link.code])],
		[
			"pointed elsewhere",
			(elsewhere: Worker, link: Link) => elsewhere.store.updateTarget(link.code, `${link.url}/moved`),
		],
	])(
		"in a worker whose Auth has not started, hands out no link another browser %s: the read finds it",
		async (_, change) => {
			const { here, links, elsewhere } = await syncedAgo(
				TRUST_HIT_FOR_MS,
				["https://example.com/local/changed"],
				false,
			);
			const [link] = links as [Link];
			await change(elsewhere, link);

			const made = await here.store.shorten(here.owner, { url: link.url });

			expect(made.code).not.toBe(link.code);
			// The read first; the new link's commit and the sync that follows the read may go out in either order.
			expect(here.methods[0]).toBe("batchGet");
			await vi.waitFor(() =>
				expect([...here.methods].sort()).toEqual(["batchGet", "commit", "runQuery", "runQuery", "runQuery"]),
			);
		},
	);

	it("in a worker whose Auth has not started, hands out the mirror's link when its read fails", async () => {
		const { here, links } = await syncedAgo(TRUST_HIT_FOR_MS, ["https://example.com/local/read-fails"], false);
		const read = here.catchNext((path) => path.endsWith(":batchGet"));
		const shortening = here.store.shorten(here.owner, { url: "https://example.com/local/read-fails" });
		(await read).cut();
		expect((await shortening).code).toBe(links[0]?.code);
		expect(here.methods).not.toContain("commit");
	});

	it("hands out the mirror's link as it stands within TRUST_HIT_FOR_MS of a sync, and when the check fails", async () => {
		const recent = await syncedAgo(TRUST_HIT_FOR_MS - 1, ["https://example.com/local/recent"]);
		expect((await recent.here.shorten("https://example.com/local/recent")).code).toBe(recent.links[0]?.code);
		expect(recent.here.methods).toEqual([]);

		const old = await syncedAgo(TRUST_HIT_FOR_MS, ["https://example.com/local/unchecked"]);
		const query = old.here.catchNext((path) => path.endsWith(":batchGet"));
		const shortening = old.here.shorten("https://example.com/local/unchecked");
		(await query).cut();
		expect((await shortening).code).toBe(old.links[0]?.code);
		expect(old.here.methods).not.toContain("commit");
	});

	it("hands out the mirror's link when its check is not answered in time (CHECK_HIT_WITHIN_MS)", async () => {
		const url = "https://example.com/local/check-late";
		const [running, justStarted] = await Promise.all([
			syncedAgo(TRUST_HIT_FOR_MS, [url]),
			syncedAgo(TRUST_HIT_FOR_MS, [url], false),
		]);
		const held = [
			running.here.catchNext((path) => path.endsWith(":batchGet")),
			justStarted.here.catchNext((path) => path.endsWith(":batchGet")),
		];
		// Held for good: without the limit, neither shorten would ever answer.
		const answers = await Promise.all([running.here.shorten(url), justStarted.here.shorten(url)]);
		expect(answers.map((link) => link.code)).toEqual([running.links[0]?.code, justStarted.links[0]?.code]);
		for (const request of held) await (await request).pass();
	});

	/**
	 * A create of `url` whose commit lands in a worker that dies before the link reaches its mirror
	 * (store.shorten alone), and the worker started after it, with the same disk.
	 */
	async function diedMidCreate(url: string) {
		const first = await far();
		await first.shorten("https://example.com/local/warm-up");
		await first.synced();
		const made = await first.store.shorten(first.owner, { url });
		return { first, made, restarted: await far(first.owner, first.indexedDB) };
	}

	it("a retry after the worker died between the commit and saving the link returns the link the first made", async () => {
		const { first, made, restarted } = await diedMidCreate("https://example.com/local/died");
		const retried = await restarted.shorten("https://example.com/local/died");

		expect(retried.code).toBe(made.code);
		// One read of the create the mirror never saw end, and nothing written.
		expect(restarted.methods).toEqual(["batchGet"]);
		await restarted.synced();
		const links = await restarted.mirrors.links(first.owner);
		expect(links.index.find({ text: "local/died" }).total).toBe(1);
	});

	it("a retry whose read of that create fails makes no second link: it fails, and the next retry finds the first", async () => {
		const { first, made, restarted } = await diedMidCreate("https://example.com/local/died-offline");
		const read = restarted.catchNext((path) => path.endsWith(":batchGet"));
		const failed = restarted.shorten("https://example.com/local/died-offline").catch((error: unknown) => error);
		(await read).cut();
		expect(await failed).toBeInstanceOf(Error);
		expect(restarted.methods).toEqual(["batchGet"]);

		const retried = await restarted.shorten("https://example.com/local/died-offline");
		expect(retried.code).toBe(made.code);
		await restarted.synced();
		const links = await restarted.mirrors.links(first.owner);
		expect(links.index.find({ text: "local/died-offline" }).total).toBe(1);
	});

	it("two browsers that shortened one address before either synced keep both links, and settle on the older", async () => {
		const one = await far();
		await one.shorten("https://example.com/local/warm-up");
		await one.synced();
		const two = await far(one.owner);
		await two.synced();

		const older = await one.shorten("https://example.com/local/raced");
		const newer = await two.shorten("https://example.com/local/raced");
		expect(newer.code).not.toBe(older.code);

		await Promise.all([one.synced(), two.synced()]);
		expect((await one.shorten("https://example.com/local/raced")).code).toBe(older.code);
		expect((await two.shorten("https://example.com/local/raced")).code).toBe(older.code);
		const both = (await two.mirrors.links(one.owner)).index.find({ text: "local/raced" });
		expect(both.links.map((link) => link.code).sort()).toEqual([older.code, newer.code].sort());
	});

	it("two users racing for one alias: one wins, the other hears alias-taken, and neither link is overwritten", async () => {
		const [alice, bob] = await Promise.all([far(), far()]);
		const alias = `race-${crypto.randomUUID().slice(0, 8)}`;
		const outcomes = await Promise.allSettled([
			alice.store.shorten(alice.owner, { url: "https://example.com/local/alice", alias }),
			bob.store.shorten(bob.owner, { url: "https://example.com/local/bob", alias }),
		]);
		const won = outcomes.filter((outcome) => outcome.status === "fulfilled");
		const lost = outcomes.filter((outcome) => outcome.status === "rejected");
		expect(won).toHaveLength(1);
		expect(lost.map((outcome) => (outcome.reason as { code?: string }).code)).toEqual(["alias-taken"]);
		const winner = outcomes[0]?.status === "fulfilled" ? alice : bob;
		expect((await winner.store.get(alias)).url).toMatch(/local\/(alice|bob)$/);
	});
});

describe("whose copy stays on disk as users change", () => {
	/**
	 * A user with a link to `url`, signed out while a sync of theirs is held at its first query: the sign-out's
	 * delete has started, and waits for the sync to end before clearing the mirror.
	 */
	async function signedOutDuringSync(url: string) {
		const worker = await workerOf();
		const link = await worker.shorten(url);
		await worker.synced();
		await worker.mirrors.signedIn(worker.owner);
		const query = worker.catchNext((path) => path.endsWith(":runQuery"));
		const syncing = worker.mirrors.sync(worker.owner).catch(() => undefined);
		const held = await query;
		const signingOut = worker.mirrors.signedIn(null);
		await new Promise((settle) => setTimeout(settle));
		return { worker, link, held, syncing, signingOut };
	}

	it("keeps the mirror of the user named last when a sign-out's delete waited for a running sync", async () => {
		const { worker, link, held, syncing, signingOut } = await signedOutDuringSync(
			"https://example.com/local/sign-out-race",
		);
		// Meanwhile another user signs in, and a write of theirs opens their mirror.
		const next = `requests-${crypto.randomUUID()}`;
		const signingIn = worker.mirrors.signedIn(next);
		await worker.mirrors.saved(next, { ...link, code: "nextUsr" });
		await held.pass();
		await Promise.all([syncing, signingOut, signingIn]);

		const names = (await worker.indexedDB.databases()).map((database) => database.name);
		expect(names).toEqual([mirrorDatabaseName(next)]);
		const { index } = await worker.mirrors.links(next);
		expect([...index.links()].map((kept) => kept.code)).toEqual(["nextUsr"]);
	});

	it("opens the mirror of a user who signed out and back in during a sync only once the sign-out's clear is done", async () => {
		const { worker, link, held, syncing, signingOut } = await signedOutDuringSync(
			"https://example.com/local/sign-out-and-in",
		);
		// The same user signs in again, and a write of theirs asks for their mirror while the clear waits.
		const signingIn = worker.mirrors.signedIn(worker.owner);
		const saving = worker.mirrors.saved(worker.owner, { ...link, code: "afterIn" });
		// A shorten meanwhile waits for neither the sync nor the clear: Firestore answers its lookup.
		const meanwhile = await worker.store.shorten(worker.owner, { url: "https://example.com/local/sign-out-and-in" });
		expect(meanwhile.code).toBe(link.code);
		await held.pass();
		await Promise.all([syncing, signingOut, signingIn, saving]);

		const names = (await worker.indexedDB.databases()).map((database) => database.name);
		expect(names).toEqual([mirrorDatabaseName(worker.owner)]);
		// The mirror answers, from the new database: the write that opened it, not the cleared one's links.
		const { index } = await worker.mirrors.links(worker.owner);
		expect([...index.links()].map((kept) => kept.code)).toEqual(["afterIn"]);
	});
});
