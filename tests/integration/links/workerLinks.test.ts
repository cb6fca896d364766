/**
 * The worker's link messages over its mirror (background/linkMirrors.ts): the real handlers, link store,
 * mirror and search index, with the real SDK against the local backend and fake-indexeddb for the
 * worker's IndexedDB. What another browser of the same account does arrives through a sync; the worker's
 * own writes show at once.
 */
import type { IDBFactory } from "fake-indexeddb";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { parseInputProblem } from "../../../src/links/inputProblem";
import { type LinkMirror, openLinkMirror } from "../../../src/links/mirror/mirror";
import { MIRROR_DATABASE_PREFIX } from "../../../src/links/mirror/storage";
import type { RequestOf } from "../../../src/messages";
import { administrator } from "../clients";
import { countPeople } from "../links";
import { accountWithWorker, type WorkerAccount } from "./workerAccount";

const titlesOf = (found: { links: { title: string }[] }) =>
	found.links.map((link) => link.title).sort((a, b) => a.localeCompare(b));

describe("searching the worker's links", () => {
	let worker: WorkerAccount;

	beforeAll(async () => {
		worker = await accountWithWorker();
		const { uid, elsewhere } = worker;
		await elsewhere.shorten(uid, { url: "https://react.dev/learn", title: "Quick Start – React" });
		await elsewhere.shorten(uid, { url: "https://github.com/facebook/react", title: "facebook/react" });
		await elsewhere.shorten(uid, { url: "https://developer.mozilla.org/docs/Web/API/Clipboard", title: "Clipboard" });
		await elsewhere.shorten(uid, { url: "https://www.café-crème.fr/menu", title: "Café Crème" });
	});

	it("finds links by any word of their title or address once the first sync is in", async () => {
		const { call, data } = worker;
		// A browser that never synced answers at once with what it holds, and says that is not everything.
		expect(await data(call({ type: "searchLinks", term: "react", pageSize: 10 }))).toMatchObject({ complete: false });
		expect(await data(call({ type: "syncLinks" }))).toEqual({ complete: true });

		const react = await data(call({ type: "searchLinks", term: "react", pageSize: 10 }));
		expect(react).toMatchObject({ total: 2, complete: true, tooLong: false });
		expect(titlesOf(react)).toEqual(["facebook/react", "Quick Start – React"]);
		expect(titlesOf(await data(call({ type: "searchLinks", term: "github react", pageSize: 10 })))).toEqual([
			"facebook/react",
		]);
		expect(titlesOf(await data(call({ type: "searchLinks", term: "clipboard", pageSize: 10 })))).toEqual(["Clipboard"]);
		expect(titlesOf(await data(call({ type: "searchLinks", term: "CAFE creme", pageSize: 10 })))).toEqual([
			"Café Crème",
		]);
	});

	it("sorts by title and filters, one page at a time by number", async () => {
		const { call, data } = worker;
		const byTitle = await data(call({ type: "searchLinks", term: "", sort: "title", pageSize: 10, page: 1 }));
		expect(byTitle.links.map((link) => link.title)).toEqual([
			"Café Crème",
			"Clipboard",
			"facebook/react",
			"Quick Start – React",
		]);
		const aliases = await data(call({ type: "searchLinks", term: "", filter: "custom", pageSize: 10 }));
		expect(aliases.total).toBe(0);
		// A page past the end is the last page, and says so.
		const late = await data(call({ type: "searchLinks", term: "", pageSize: 10, page: 7 }));
		expect(late).toMatchObject({ page: 1, total: 4 });
	});

	it("answers a search of 10,000 characters, regex characters or emoji with an empty list, never an error", async () => {
		const { call, data } = worker;
		expect(await data(call({ type: "searchLinks", term: "x".repeat(10_000), pageSize: 10 }))).toMatchObject({
			links: [],
			total: 0,
			tooLong: true,
		});
		for (const term of ["(.*)", "[a-z]+$", "\\", "🙂", "\ud800"]) {
			expect(await data(call({ type: "searchLinks", term, pageSize: 10 }))).toMatchObject({ total: 0 });
		}
	});

	it("sorts by most clicks and lists the links people followed, each row with its total, as synced", async () => {
		const { uid, call, data, elsewhere } = await accountWithWorker();
		const admin = administrator();
		const [a, b] = [
			await elsewhere.shorten(uid, { url: "https://example.com/clicks/a", title: "A" }),
			await elsewhere.shorten(uid, { url: "https://example.com/clicks/b", title: "B" }),
		];
		await elsewhere.shorten(uid, { url: "https://example.com/clicks/c", title: "C" });
		await countPeople(admin.db, uid, a.code, 0, 3);
		await countPeople(admin.db, uid, b.code, 1, 10);
		await data(call({ type: "syncLinks" }));
		const byClicks = () => data(call({ type: "searchLinks", term: "", sort: "clicks", pageSize: 10 }));

		const most = await byClicks();
		expect(most.links.map((link) => link.title)).toEqual(["B", "A", "C"]);
		expect(most.clicks).toEqual({ [b.code]: 10, [a.code]: 3 });
		const clicked = await data(call({ type: "searchLinks", term: "", filter: "clicked", pageSize: 10 }));
		expect(clicked.links.map((link) => link.title)).toEqual(["B", "A"]);

		// The totals of any links, as the CSV export asks for them a page at a time: 0 for a link never followed.
		const c = most.links.find((link) => link.title === "C")?.code ?? "";
		expect(await data(call({ type: "clickTotals", codes: [a.code, c, "not a code!"] }))).toEqual({
			totals: { [a.code]: 3, [c]: 0 },
		});
		await countPeople(admin.db, uid, a.code, 2, 8);
		await data(call({ type: "syncLinks" }));
		expect((await byClicks()).links.map((link) => link.title)).toEqual(["A", "B", "C"]);
		await data(call({ type: "deleteLinks", codes: [a.code] }));
		expect(await byClicks()).toMatchObject({ total: 2, clicks: { [b.code]: 10 } });
		await admin.close();
	});

	it("refuses a sort, filter, page or page size it does not serve, saying which", async () => {
		const { call } = worker;
		const refusals = await Promise.all([
			call({ type: "searchLinks", term: "", sort: "likes", pageSize: 10 }),
			call({ type: "searchLinks", term: "", filter: "bogus", pageSize: 10 }),
			call({ type: "searchLinks", term: "", pageSize: 10, page: 0 }),
			call({ type: "searchLinks", term: "", pageSize: 7 }),
		]);
		expect(refusals.map((reply) => (reply.ok ? "answered" : reply.error.detail))).toEqual([
			"sort must be one of newest, oldest, title, clicks",
			"filter must be one of all, custom, generated, clicked",
			"page must be 1 or more",
			"rows per page must be one of 10, 25, 50, 100",
		]);
	});
});

describe("refusing what the user typed", () => {
	it("says which problem an address or alias has, as data that crosses the message boundary whole", async () => {
		const { call } = await accountWithWorker();
		const replies = await Promise.all([
			call({ type: "shorten", url: "example.com" }),
			call({ type: "suggestAliases", alias: "my link", url: "https://example.com/" }),
			call({ type: "shorten", url: "https://example.com/", alias: "ab" }),
			call({ type: "updateLink", code: "abc1234", url: "chrome://settings/" }),
		]);
		expect(
			replies.map((reply) => (reply.ok ? "answered" : [reply.error.code, parseInputProblem(reply.error)])),
		).toEqual([
			["invalid-url", { problem: "needs-scheme" }],
			["alias-invalid", { problem: "space" }],
			["alias-invalid", { problem: "too-short", length: 2, minimum: 3 }],
			["restricted-page", { problem: "browser-page", scheme: "chrome:" }],
		]);
	});
});

describe("keeping the worker's links fresh", () => {
	it("shows what another browser made, edited and deleted after a sync, and announces each change", async () => {
		const { uid, call, data, elsewhere, announced } = await accountWithWorker();
		const kept = await elsewhere.shorten(uid, { url: "https://example.com/kept", title: "Kept" });
		const moved = await elsewhere.shorten(uid, { url: "https://example.com/moved", title: "Moved" });
		const gone = await elsewhere.shorten(uid, { url: "https://example.com/gone", title: "Gone" });
		await data(call({ type: "syncLinks" }));
		announced.length = 0;

		const made = await elsewhere.shorten(uid, { url: "https://example.com/made", title: "Made elsewhere" });
		await elsewhere.updateTarget(moved.code, "https://example.com/moved-on");
		await elsewhere.removeMany(uid, [gone.code]);
		await data(call({ type: "syncLinks" }));

		const all = await data(call({ type: "searchLinks", term: "", pageSize: 10 }));
		expect(all.links.map((link) => link.code).sort()).toEqual([kept.code, moved.code, made.code].sort());
		expect(all.links.find((link) => link.code === moved.code)?.url).toBe("https://example.com/moved-on");
		expect(announced).toEqual(
			expect.arrayContaining([
				{ kind: "created", codes: [made.code] },
				{ kind: "updated", codes: [moved.code] },
				{ kind: "deleted", codes: [gone.code] },
			]),
		);
	});

	it("finds the worker's own new, edited and deleted links at once, before any sync", async () => {
		const { call, data } = await accountWithWorker();
		await data(call({ type: "syncLinks" }));
		const made = await data(call({ type: "shorten", url: "https://example.com/own", title: "Own Zebra" }));
		expect(titlesOf(await data(call({ type: "searchLinks", term: "zebra", pageSize: 10 })))).toEqual(["Own Zebra"]);
		await data(call({ type: "updateLink", code: made.code, url: "https://example.com/giraffe" }));
		expect(await data(call({ type: "searchLinks", term: "giraffe", pageSize: 10 }))).toMatchObject({ total: 1 });
		await data(call({ type: "deleteLinks", codes: [made.code] }));
		expect(await data(call({ type: "searchLinks", term: "zebra", pageSize: 10 }))).toMatchObject({ total: 0 });
	});
});

describe("a write of the worker's own whose answer is lost", () => {
	/**
	 * A new link, in a mirror synced a moment ago, and `write` sent with its answer lost. `holdSync`: the sync
	 * the failure starts is held at its first query (`heldSync`), as if Chrome stopped the worker before it ended.
	 */
	async function lostAnswerTo(
		write: (code: string) => RequestOf<"deleteLinks" | "updateLink">,
		{ holdSync = false } = {},
	) {
		const worker = await accountWithWorker({ proxied: true });
		const { call, data, proxy } = worker;
		if (!proxy) throw new Error("no proxy");
		await data(call({ type: "syncLinks" }));
		const made = await data(call({ type: "shorten", url: "https://example.com/lost-answer" }));
		const commit = proxy.catchNext((path) => path.endsWith(":commit"));
		const writing = call(write(made.code));
		const caught = await commit;
		// Set only now: a delete's own query, before its commit, is not the sync's.
		const heldSync = holdSync ? proxy.catchNext((path) => path.endsWith(":runQuery")) : null;
		await caught.loseAnswer();
		expect((await writing).ok).toBe(false);
		return { ...worker, proxy, made, heldSync };
	}

	it("hands out no link whose delete landed: a new one is made", async () => {
		const { call, data, made } = await lostAnswerTo((code) => ({ type: "deleteLinks", codes: [code] }));
		const again = await data(call({ type: "shorten", url: "https://example.com/lost-answer" }));
		expect(again.code).not.toBe(made.code);
	});

	it("hands out no link whose delete landed from a worker started before the sync that settles it ended", async () => {
		const { data, made, proxy, restart, heldSync } = await lostAnswerTo(
			(code) => ({ type: "deleteLinks", codes: [code] }),
			{ holdSync: true },
		);
		await heldSync;
		const { call } = restart();
		const again = await data(call({ type: "shorten", url: "https://example.com/lost-answer" }));
		expect(again.code).not.toBe(made.code);

		// A sync of the new worker's, started after that write, ends the doubt, on disk too: a repeated address
		// sends nothing, in this worker or the next.
		await data(call({ type: "syncLinks" }));
		proxy.methods.splice(0);
		for (const worker of [call, restart().call]) {
			expect((await data(worker({ type: "shorten", url: "https://example.com/lost-answer" }))).code).toBe(again.code);
		}
		expect(proxy.methods).toEqual([]);
	});

	it("but bad input, refused before any request, changes nothing: no sync, the link handed out as it stands", async () => {
		const { call, data, proxy } = await accountWithWorker({ proxied: true });
		await data(call({ type: "syncLinks" }));
		const made = await data(call({ type: "shorten", url: "https://example.com/bad-edit" }));
		proxy?.methods.splice(0);
		expect(await call({ type: "updateLink", code: made.code, url: "not an address" })).toMatchObject({
			ok: false,
			error: { code: "invalid-url" },
		});
		expect((await data(call({ type: "shorten", url: "https://example.com/bad-edit" }))).code).toBe(made.code);
		expect(proxy?.methods).toEqual([]);
	});

	it("hands out no link whose new target landed: the address gets a link of its own", async () => {
		const { call, data, made } = await lostAnswerTo((code) => ({
			type: "updateLink",
			code,
			url: "https://example.com/elsewhere-now",
		}));
		const again = await data(call({ type: "shorten", url: "https://example.com/lost-answer" }));
		expect(again.code).not.toBe(made.code);
		expect(again.url).toBe("https://example.com/lost-answer");
	});
});

/** Reads the worker's copy as it stands on disk, apart from the worker. */
async function onDisk<T>({ db, uid, indexedDB }: WorkerAccount, read: (mirror: LinkMirror) => Promise<T>): Promise<T> {
	const mirror = await openLinkMirror({
		firestore: () => db,
		owner: uid,
		indexedDB,
		clock: Date.now,
		shortLinkBase: "http://127.0.0.1:5000/",
		onSynced: () => undefined,
	});
	try {
		return await read(mirror);
	} finally {
		mirror.close();
	}
}

describe("a write of the worker's own under way when Chrome stops the worker", () => {
	const address = "https://example.com/stopped-mid-write";
	const writes = {
		delete: (code: string): RequestOf<"deleteLinks"> => ({ type: "deleteLinks", codes: [code] }),
		"new target": (code: string): RequestOf<"updateLink"> => ({ type: "updateLink", code, url: `${address}/moved` }),
	};

	for (const [kind, write] of Object.entries(writes)) {
		it(`hands out no link whose ${kind} landed, from the worker started next`, async () => {
			const { call, data, proxy, restart, elsewhere, uid } = await accountWithWorker({ proxied: true });
			if (!proxy) throw new Error("no proxy");
			await data(call({ type: "syncLinks" }));
			const made = await data(call({ type: "shorten", url: address }));
			// The stopped worker's commit: held, never answered, so that worker does nothing more.
			const commit = proxy.catchNext((path) => path.endsWith(":commit"));
			void call(write(made.code));
			const caught = await commit;
			const next = restart();
			// The write lands all the same: done here from the same account's other browser, as that commit would.
			if (kind === "delete") await elsewhere.removeMany(uid, [made.code]);
			else await elsewhere.updateTarget(made.code, `${address}/moved`);

			const again = await data(next.call({ type: "shorten", url: address }));
			expect(again.code).not.toBe(made.code);
			caught.cut();
		});
	}

	it("hands out no link being written, and another address's link unread meanwhile", async () => {
		const { call, data, proxy } = await accountWithWorker({ proxied: true });
		if (!proxy) throw new Error("no proxy");
		await data(call({ type: "syncLinks" }));
		const kept = await data(call({ type: "shorten", url: address }));
		const other = await data(call({ type: "shorten", url: `${address}/other` }));
		const commit = proxy.catchNext((path) => path.endsWith(":commit"));
		const editing = call(writes["new target"](other.code));
		const caught = await commit;
		proxy.methods.splice(0);
		expect((await data(call({ type: "shorten", url: address }))).code).toBe(kept.code);
		expect(proxy.methods).toEqual([]);
		// The link under way would lead elsewhere a moment after it was copied: the address gets a link of its own.
		const own = await data(call({ type: "shorten", url: `${address}/other` }));
		expect(own.code).not.toBe(other.code);
		await caught.pass();
		expect((await editing).ok).toBe(true);
	});

	it("keeps doubting a link whose write a sync under way may undo, until a sync started after it ends", async () => {
		const worker = await accountWithWorker({ proxied: true });
		const { call, data, proxy } = worker;
		if (!proxy) throw new Error("no proxy");
		await data(call({ type: "syncLinks" }));
		const made = await data(call({ type: "shorten", url: address }));
		const linksQuery = (path: string, body: string) =>
			path.endsWith(":runQuery") && body.includes('"collectionId":"links"');
		// A sync reads the link where it points now, and its answer comes only after the edit below.
		const staleRead = proxy.catchNext(linksQuery);
		const syncing = call({ type: "syncLinks" });
		const answerStale = await (await staleRead).answerLater();
		// The sync that ends the doubt, held for good: until it ends, the doubt stands.
		const settling = proxy.catchNext(linksQuery);
		await data(call(writes["new target"](made.code)));
		const urlHeld = () => onDisk(worker, async (mirror) => (await mirror.some([made.code])).get(made.code)?.url);
		await vi.waitFor(async () => expect(await urlHeld()).toBe(`${address}/moved`));
		answerStale();
		await data(syncing);
		// The stale page put the old address back in the copy.
		expect(await urlHeld()).toBe(address);

		const again = await data(call({ type: "shorten", url: address }));
		expect(again.code).not.toBe(made.code);
		(await settling).cut();
	});

	it("doubts no hit once such writes are answered and in the copy, with no sync of their own: a repeated address sends nothing, here or next", async () => {
		const worker = await accountWithWorker({ proxied: true });
		const { call, data, proxy, restart } = worker;
		if (!proxy) throw new Error("no proxy");
		await data(call({ type: "syncLinks" }));
		const kept = await data(call({ type: "shorten", url: address }));
		const deleted = await data(call({ type: "shorten", url: `${address}/deleted` }));
		const moved = await data(call({ type: "shorten", url: `${address}/moved-on` }));
		await data(call(writes.delete(deleted.code)));
		await data(call(writes["new target"](moved.code)));
		// A sync asked for once the writes are answered, likely before the copy has followed them, reads what
		// they did: no reason to doubt them further.
		await data(call({ type: "syncLinks" }));
		const from = proxy.methods.length;
		const markOnDisk = () => onDisk(worker, async (mirror) => (await mirror.trust()).unsure);
		// The copy follows each write off the reply's path: the mark goes once it has.
		await vi.waitFor(async () => expect(await markOnDisk()).toBe(false));
		for (const worker of [call, restart().call]) {
			expect((await data(worker({ type: "shorten", url: address }))).code).toBe(kept.code);
		}
		expect(proxy.methods.slice(from)).toEqual([]);
	});
});

describe("edits of one link sent while an earlier one is under way", () => {
	it("keep the user's last: a tag list chosen after the page gave up on the first lands after it", async () => {
		const { call, data, proxy, elsewhere, uid, mirrors } = await accountWithWorker({ proxied: true });
		if (!proxy) throw new Error("no proxy");
		const made = await data(call({ type: "shorten", url: "https://example.com/tagged-twice" }));
		// The first edit's read of the link stalls, as on a slow network, past the page's time limit.
		const stalled = proxy.catchNext((path) => path.endsWith(":batchGet"));
		const first = call({ type: "setTags", code: made.code, tags: ["alpha"] });
		const read = await stalled;
		const sentBefore = proxy.methods.length;
		const second = call({ type: "setTags", code: made.code, tags: ["alpha", "beta"] });
		// Time for the second to go out first, as it did before edits took turns; not a measure of speed.
		await Promise.race([second, new Promise((resolve) => setTimeout(resolve, 1_000))]);
		const edits = (methods: string[]) => methods.filter((method) => method === "batchGet" || method === "commit");
		expect(edits(proxy.methods.slice(sentBefore))).toEqual([]);
		await read.pass();

		expect(await data(first)).toMatchObject({ tags: ["alpha"] });
		expect(await data(second)).toMatchObject({ tags: ["alpha", "beta"] });
		expect((await elsewhere.get(made.code)).tags).toEqual(["alpha", "beta"]);
		await data(call({ type: "syncLinks" }));
		const { index } = await mirrors.links(uid);
		expect(index.find({ text: "tagged-twice" }).links.map((link) => link.tags)).toEqual([["alpha", "beta"]]);
	});

	it("refuse bad input sent behind it at once, saying what is wrong, rather than queue it to time out", async () => {
		const { call, data, proxy, elsewhere } = await accountWithWorker({ proxied: true });
		if (!proxy) throw new Error("no proxy");
		const made = await data(call({ type: "shorten", url: "https://example.com/edited-badly" }));
		const stalled = proxy.catchNext((path) => path.endsWith(":batchGet"));
		const first = call({ type: "setTags", code: made.code, tags: ["alpha"] });
		const read = await stalled;
		const sentBefore = proxy.methods.length;

		const badTarget = await call({ type: "updateLink", code: made.code, url: "javascript:alert(1)" });
		const badTags = await call({
			type: "setTags",
			code: made.code,
			tags: Array.from({ length: 11 }, (_, n) => `t${n}`),
		});
		expect(badTarget).toMatchObject({ ok: false, error: { code: "invalid-url" } });
		expect(badTags).toMatchObject({ ok: false, error: { code: "too-many-tags" } });
		expect(proxy.methods.slice(sentBefore)).toEqual([]);

		await read.pass();
		expect(await data(first)).toMatchObject({ tags: ["alpha"] });
		expect(await elsewhere.get(made.code)).toMatchObject({ url: "https://example.com/edited-badly", tags: ["alpha"] });
	});
});

describe("whose links stay on disk", () => {
	const mirrorsOnDisk = async (indexedDB: IDBFactory) =>
		(await indexedDB.databases())
			.map((database) => database.name)
			.filter((name) => name?.startsWith(MIRROR_DATABASE_PREFIX));

	it("deletes a user's mirror when they sign out, and another user's when someone else signs in", async () => {
		const { uid, call, data, mirrors, indexedDB } = await accountWithWorker();
		await data(call({ type: "syncLinks" }));
		expect(await mirrorsOnDisk(indexedDB)).toEqual([`${MIRROR_DATABASE_PREFIX}${uid}`]);

		await mirrors.signedIn("someone-else");
		expect(await mirrorsOnDisk(indexedDB)).toEqual([]);

		await mirrors.signedIn(uid);
		await data(call({ type: "syncLinks" }));
		expect(await mirrorsOnDisk(indexedDB)).toEqual([`${MIRROR_DATABASE_PREFIX}${uid}`]);
		await mirrors.signedIn(null);
		expect(await mirrorsOnDisk(indexedDB)).toEqual([]);
	});

	it("keeps a signed-out user's links off disk when a write of theirs lands after the sign-out", async () => {
		const { uid, call, data, mirrors, indexedDB } = await accountWithWorker();
		await mirrors.signedIn(uid);
		const made = await data(call({ type: "shorten", url: "https://example.com/signing-out" }));
		await data(call({ type: "syncLinks" }));
		await mirrors.signedIn(null);
		// A shorten or an edit that was under way as the user signed out: its link reaches the mirror late.
		await expect(mirrors.saved(uid, made)).rejects.toThrow();
		await expect(mirrors.deleted(uid, [made.code])).rejects.toThrow();
		expect(await mirrorsOnDisk(indexedDB)).toEqual([]);
	});
});
