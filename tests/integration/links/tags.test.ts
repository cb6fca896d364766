/**
 * Tags through the worker's real handlers (background/links.ts), link store, mirror and search index, with
 * the real SDK against the local backend and fake-indexeddb: setting a link's tags, finding links by
 * them, the tag list, and renaming or deleting a tag across every link that has it. What another browser
 * of the same account tags arrives with the next sync.
 */
import { doc, getDoc } from "firebase/firestore/lite";
import { describe, expect, it } from "vitest";
import { inputError } from "../../../src/links/inputProblem";
import { TAG_BATCH } from "../../../src/links/store";
import { accountWithWorker as workerOfNewAccount } from "./workerAccount";

/** A new account's worker, and links/{code}.tags as Firestore holds it. */
async function accountWithWorker() {
	const worker = await workerOfNewAccount();
	const storedTags = async (code: string) => (await getDoc(doc(worker.db, "links", code))).get("tags") as unknown;
	return { ...worker, storedTags };
}

type Worker = Awaited<ReturnType<typeof accountWithWorker>>;

/** Makes `count` links in the worker, each with `tags`, and returns their codes. */
async function tagged({ call, data }: Worker, count: number, tags: string[], name = "page"): Promise<string[]> {
	const codes: string[] = [];
	for (let i = 0; i < count; i++) {
		const link = await data(call({ type: "shorten", url: `https://example.com/${name}/${i}` }));
		await data(call({ type: "setTags", code: link.code, tags }));
		codes.push(link.code);
	}
	return codes;
}

const codesFound = async ({ call, data }: Worker, search: { term?: string; tag?: string }) =>
	(await data(call({ type: "searchLinks", term: search.term ?? "", pageSize: 100, ...search }))).links
		.map((link) => link.code)
		.sort();

describe("a link's tags", () => {
	it("are saved tidied, and the link is found by a tag's word and by the tag filter", async () => {
		const worker = await accountWithWorker();
		const { call, data, storedTags } = worker;
		await data(call({ type: "syncLinks" }));
		const link = await data(call({ type: "shorten", url: "https://example.com/report", title: "Report" }));
		const other = await data(call({ type: "shorten", url: "https://example.com/other", title: "Other" }));

		const saved = await data(call({ type: "setTags", code: link.code, tags: [" Quarterly  Plans ", "work", "WORK"] }));
		expect(saved.tags).toEqual(["Quarterly Plans", "work"]);
		expect(await storedTags(link.code)).toEqual(["Quarterly Plans", "work"]);

		expect(await codesFound(worker, { term: "quarterly" })).toEqual([link.code]);
		expect(await codesFound(worker, { tag: "Work" })).toEqual([link.code]);
		expect(await codesFound(worker, {})).toEqual([link.code, other.code].sort());

		// Every tag taken off: the link has no tags field, as one never tagged.
		const untagged = await data(call({ type: "setTags", code: link.code, tags: [] }));
		expect(untagged.tags).toBeUndefined();
		expect(await storedTags(link.code)).toBeUndefined();
		expect(await codesFound(worker, { tag: "work" })).toEqual([]);
	});

	it.each([
		["11 tags", Array.from({ length: 11 }, (_, i) => `tag${i}`), "too-many-tags", undefined],
		["33 characters", ["t".repeat(33)], "tag-too-long", undefined],
		[
			"a '<'",
			["a<b"],
			"tag-invalid",
			inputError("tag-invalid", { problem: "character-not-allowed", character: "<" }).detail,
		],
		["an empty tag", ["work", "  "], "tag-empty", undefined],
	])("refuses %s with its reason, and writes nothing", async (_, tags, code, detail) => {
		const { call, data, storedTags } = await accountWithWorker();
		const link = await data(call({ type: "shorten", url: "https://example.com/refused" }));
		await data(call({ type: "setTags", code: link.code, tags: ["kept"] }));

		const reply = await call({ type: "setTags", code: link.code, tags });
		expect(reply).toEqual({ ok: false, error: detail === undefined ? { code } : { code, detail } });
		expect(await storedTags(link.code)).toEqual(["kept"]);
	});

	it("cannot be put on another user's link, which reads as not found", async () => {
		const owner = await accountWithWorker();
		const link = await owner.data(owner.call({ type: "shorten", url: "https://example.com/mine" }));
		const stranger = await accountWithWorker();

		const reply = await stranger.call({ type: "setTags", code: link.code, tags: ["stolen"] });
		expect(reply).toEqual({ ok: false, error: { code: "link-not-found" } });
		expect(await owner.storedTags(link.code)).toBeUndefined();
	});

	it("set in another browser arrive with the next sync", async () => {
		const worker = await accountWithWorker();
		const { uid, call, data, elsewhere } = worker;
		const link = await elsewhere.shorten(uid, { url: "https://example.com/elsewhere" });
		await data(call({ type: "syncLinks" }));
		expect(await codesFound(worker, { tag: "travel" })).toEqual([]);

		await elsewhere.setTags(link.code, ["Travel"]);
		await data(call({ type: "syncLinks" }));
		expect(await codesFound(worker, { tag: "travel" })).toEqual([link.code]);
		expect(await data(call({ type: "listTags" }))).toEqual({ tags: [{ tag: "Travel", count: 1 }], complete: true });
	});
});

describe("the tag list", () => {
	it("counts each tag's links, in any case, sorted by name", async () => {
		const worker = await accountWithWorker();
		const { call, data } = worker;
		await data(call({ type: "syncLinks" }));
		await tagged(worker, 2, ["q10", "react"], "a");
		await tagged(worker, 1, ["React", "q2"], "b");
		await tagged(worker, 1, [], "c");

		expect(await data(call({ type: "listTags" }))).toEqual({
			tags: [
				{ tag: "q2", count: 1 },
				{ tag: "q10", count: 2 },
				{ tag: "React", count: 3 },
			],
			complete: true,
		});
	});
});

describe("renaming and deleting a tag across links", () => {
	it(`renames it on ${2 * TAG_BATCH + 5} links, more than one batch, each batch announced`, async () => {
		const worker = await accountWithWorker();
		const { call, data, storedTags, written } = worker;
		await data(call({ type: "syncLinks" }));
		const codes = await tagged(worker, 2 * TAG_BATCH + 5, ["draft", "work"]);
		const [untouched] = await tagged(worker, 1, ["work"], "other");
		written.length = 0;

		expect(await data(call({ type: "renameTag", from: "DRAFT", to: "Final" }))).toEqual({ changed: codes.length });
		expect(written.map((change) => change.codes.length)).toEqual([TAG_BATCH, TAG_BATCH, 5]);
		for (const code of codes) expect(await storedTags(code)).toEqual(["Final", "work"]);
		expect(await storedTags(untouched ?? "")).toEqual(["work"]);
		expect(await codesFound(worker, { tag: "final" })).toEqual([...codes].sort());
		expect(await codesFound(worker, { tag: "draft" })).toEqual([]);
	}, 60_000);

	it("merges into a tag a link already had: one tag left, spelled as typed", async () => {
		const worker = await accountWithWorker();
		const { call, data, storedTags } = worker;
		await data(call({ type: "syncLinks" }));
		const [both] = await tagged(worker, 1, ["js", "misc", "react"], "both");
		const [one] = await tagged(worker, 1, ["js"], "one");

		expect(await data(call({ type: "renameTag", from: "js", to: "React" }))).toEqual({ changed: 2 });
		expect(await storedTags(both ?? "")).toEqual(["React", "misc"]);
		expect(await storedTags(one ?? "")).toEqual(["React"]);
		expect((await data(call({ type: "listTags" }))).tags).toEqual([
			{ tag: "misc", count: 1 },
			{ tag: "React", count: 2 },
		]);
	});

	it("refuses a new name that is not a tag before writing anything", async () => {
		const worker = await accountWithWorker();
		const { call, data, storedTags } = worker;
		const [code] = await tagged(worker, 1, ["work"]);

		expect(await call({ type: "renameTag", from: "work", to: "a<b" })).toEqual({
			ok: false,
			error: inputError("tag-invalid", { problem: "character-not-allowed", character: "<" }),
		});
		expect(await call({ type: "renameTag", from: "work", to: " " })).toEqual({
			ok: false,
			error: { code: "tag-empty" },
		});
		expect(await storedTags(code ?? "")).toEqual(["work"]);
		expect(await data(call({ type: "renameTag", from: "nothing-has-this", to: "x" }))).toEqual({ changed: 0 });
	});

	it("deletes it from every link that has it; the links stay", async () => {
		const worker = await accountWithWorker();
		const { call, data, storedTags } = worker;
		await data(call({ type: "syncLinks" }));
		const withOthers = await tagged(worker, 3, ["Old", "keep"], "a");
		const [alone] = await tagged(worker, 1, ["old"], "b");

		expect(await data(call({ type: "deleteTag", tag: "OLD" }))).toEqual({ changed: 4 });
		for (const code of withOthers) expect(await storedTags(code)).toEqual(["keep"]);
		expect(await storedTags(alone ?? "")).toBeUndefined();
		expect(await codesFound(worker, {})).toHaveLength(4);
		expect((await data(call({ type: "listTags" }))).tags).toEqual([{ tag: "keep", count: 3 }]);
	});

	it("skips a link deleted in another browser meanwhile, and retags the rest", async () => {
		const worker = await accountWithWorker();
		const { uid, call, data, elsewhere, storedTags } = worker;
		await data(call({ type: "syncLinks" }));
		const codes = await tagged(worker, 3, ["gone soon"]);
		const [deleted, ...kept] = codes;
		// A rename's own sync brings the tombstone first, so only a delete landing between that sync and the
		// commit reaches the store: asked here directly, with the deleted link among the changes.
		await elsewhere.removeMany(uid, [deleted ?? ""]);
		const links = (await Promise.all(codes.map((code) => elsewhere.get(code).catch(() => null)))).filter(
			(link) => link !== null,
		);
		expect(links).toHaveLength(2);
		const stale = { ...links[0], code: deleted ?? "" } as (typeof links)[number];
		const retagged = await elsewhere.retag(uid, [
			{ link: stale, tags: ["done"] },
			...links.map((link) => ({ link, tags: ["done"] })),
		]);
		expect(retagged.map((link) => link.code).sort()).toEqual([...kept].sort());
		for (const code of kept) expect(await storedTags(code)).toEqual(["done"]);
	});
});
