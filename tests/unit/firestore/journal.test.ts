// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Journal, type PersistedDoc } from "../../../local/firestore/journal";

const folders: string[] = [];
const folder = () => {
	const dir = mkdtempSync(join(tmpdir(), "shorty-journal-"));
	folders.push(dir);
	return dir;
};

afterEach(() => {
	for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const TIME = "2024-01-01T00:00:00.000000Z";
const docAt = (path: string, n: number): PersistedDoc => ({
	path,
	fields: { n: { integerValue: String(n) } },
	createTime: TIME,
	updateTime: TIME,
});

const paths = (docs: Map<string, PersistedDoc>) =>
	Object.fromEntries([...docs].map(([path, doc]) => [path, (doc.fields.n as { integerValue: string }).integerValue]));

describe("the journal", () => {
	it("replays commits, deletions and resets in order after a restart", async () => {
		const dir = folder();
		const { journal } = await Journal.open(dir);
		await journal.append({ time: TIME, puts: [docAt("a/1", 1), docAt("a/2", 2)], deletes: [] });
		await journal.append({ time: TIME, reset: true });
		await journal.append({ time: TIME, puts: [docAt("a/3", 3)], deletes: [] });
		await journal.append({ time: "2024-01-02T00:00:00.000000Z", puts: [docAt("a/4", 4)], deletes: ["a/3"] });
		await journal.close();
		const reopened = await Journal.open(dir);
		expect(paths(reopened.recovered.docs)).toEqual({ "a/4": "4" });
		expect(reopened.recovered.time).toBe("2024-01-02T00:00:00.000000Z");
		// Opening folded the journal into the snapshot.
		expect(statSync(join(dir, "journal.jsonl")).size).toBe(0);
		await reopened.journal.close();
	});

	it("asks for compaction once the journal outgrows its limit, and compacts to an empty journal", async () => {
		const dir = folder();
		const { journal } = await Journal.open(dir, 2000);
		const docs = new Map<string, PersistedDoc>();
		let n = 0;
		while (!journal.wantsCompaction) {
			const doc = docAt(`a/${n % 7}`, n++);
			docs.set(doc.path, doc);
			await journal.append({ time: TIME, puts: [doc], deletes: [] });
		}
		await journal.compact(docs.values(), TIME);
		expect(journal.wantsCompaction).toBe(false);
		expect(statSync(join(dir, "journal.jsonl")).size).toBe(0);
		await journal.close();
		const reopened = await Journal.open(dir);
		expect(paths(reopened.recovered.docs)).toEqual(paths(docs));
		await reopened.journal.close();
	});

	it("skips records the snapshot already holds when a crash came between the rename and emptying the journal", async () => {
		const dir = folder();
		const { journal } = await Journal.open(dir);
		await journal.append({ time: TIME, puts: [docAt("a/1", 1)], deletes: [] });
		await journal.append({ time: TIME, puts: [], deletes: ["a/1"] });
		const beforeCompaction = readFileSync(join(dir, "journal.jsonl"));
		await journal.compact([], TIME);
		await journal.close();
		writeFileSync(join(dir, "journal.jsonl"), beforeCompaction);

		const reopened = await Journal.open(dir);
		expect(paths(reopened.recovered.docs)).toEqual({});
		await reopened.journal.append({ time: TIME, puts: [docAt("a/2", 2)], deletes: [] });
		await reopened.journal.close();
		const last = await Journal.open(dir);
		expect(paths(last.recovered.docs)).toEqual({ "a/2": "2" });
		await last.journal.close();
	});

	it("refuses a snapshot that lost its trailer", async () => {
		const dir = folder();
		const { journal } = await Journal.open(dir);
		await journal.compact([docAt("a/1", 1)], TIME);
		await journal.close();
		const snapshot = join(dir, "snapshot.jsonl");
		writeFileSync(snapshot, readFileSync(snapshot, "utf8").split("\n").slice(0, 2).join("\n"));
		await expect(Journal.open(dir)).rejects.toThrow(/trailer/);
	});
});
