import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
	collection,
	deleteDoc,
	doc,
	getCount,
	getDoc,
	getDocs,
	limit,
	orderBy,
	query,
	setDoc,
	Timestamp,
	where,
	writeBatch,
} from "firebase/firestore/lite";
import { afterEach, describe, expect, it } from "vitest";
import { startFirestoreServer } from "../../../local/firestore/server";
import { killHard, PROJECT_ID, serverOptions, spawnServer, startTestServer, type TestServer } from "./helpers";

const folders: string[] = [];
const running: TestServer[] = [];

function freshFolder(): string {
	const folder = mkdtempSync(join(tmpdir(), "shorty-persist-"));
	folders.push(folder);
	return folder;
}

async function open(dataDir: string): Promise<TestServer> {
	const server = await startTestServer({ dataDir });
	running.push(server);
	return server;
}

async function stop(server: TestServer): Promise<void> {
	running.splice(running.indexOf(server), 1);
	await server.stop();
}

afterEach(async () => {
	await Promise.all(running.splice(0).map((server) => server.stop()));
	for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("persistence", () => {
	it("keeps documents, deletions, versions and indexes across a restart", async () => {
		const dataDir = freshFolder();
		const first = await open(dataDir);
		const db = first.connect();
		await setDoc(doc(db, "links", "kept"), { owner: "alice", createdAt: new Timestamp(1, 0), n: Number.NaN, z: -0 });
		await setDoc(doc(db, "links", "dropped"), { owner: "alice", createdAt: new Timestamp(2, 0) });
		await deleteDoc(doc(db, "links", "dropped"));
		const before = await getDoc(doc(db, "links", "kept"));
		await stop(first);

		const second = await open(dataDir);
		const again = second.connect();
		const after = await getDoc(doc(again, "links", "kept"));
		expect(after.get("owner")).toBe("alice");
		expect(after.get("n")).toBeNaN();
		expect(Object.is(after.get("z"), -0)).toBe(true);
		expect((await getDoc(doc(again, "links", "dropped"))).exists()).toBe(false);
		const mine = query(
			collection(again, "links"),
			where("owner", "==", "alice"),
			orderBy("createdAt", "desc"),
			limit(5),
		);
		expect((await getDocs(mine)).docs.map((item) => item.id)).toEqual(["kept"]);
		// Same version after the restart: a transaction that read it before would still commit.
		await setDoc(doc(again, "links", "other"), { owner: "bob" });
		const reread = await getDoc(doc(again, "links", "kept"));
		expect(reread.get("createdAt")).toEqual(before.get("createdAt"));
	});

	it("ignores a torn last journal line, and keeps working after it", async () => {
		const dataDir = freshFolder();
		const first = await open(dataDir);
		await setDoc(doc(first.connect(), "links", "acknowledged"), { n: 1 });
		await stop(first);
		appendFileSync(
			join(dataDir, "journal.jsonl"),
			'0badc0de {"seq":99,"time":"2030-01-01T00:00:00.000000Z","puts":[{"pa',
		);

		const second = await open(dataDir);
		const db = second.connect();
		expect((await getDoc(doc(db, "links", "acknowledged"))).get("n")).toBe(1);
		await setDoc(doc(db, "links", "later"), { n: 2 });
		await stop(second);

		const third = await open(dataDir);
		expect((await getDoc(doc(third.connect(), "links", "later"))).get("n")).toBe(2);
	});

	it("refuses to start on a journal damaged before its last record", async () => {
		const dataDir = freshFolder();
		const first = await open(dataDir);
		const db = first.connect();
		await setDoc(doc(db, "links", "one"), { n: 1 });
		await setDoc(doc(db, "links", "two"), { n: 2 });
		await stop(first);
		const journal = join(dataDir, "journal.jsonl");
		const lines = readFileSync(journal, "utf8").split("\n");
		lines[0] = (lines[0] ?? "").replace('"n"', '"m"');
		writeFileSync(journal, lines.join("\n"));
		await expect(open(dataDir)).rejects.toThrow(/damaged/);
	});

	it("refuses a second server on a data folder in use, and lets one start once the first has stopped", async () => {
		const dataDir = freshFolder();
		const first = await open(dataDir);
		await expect(open(dataDir)).rejects.toThrow(`in use by another Shorty backend (process ${process.pid})`);
		await setDoc(doc(first.connect(), "links", "kept"), { n: 1 });
		await stop(first);
		const second = await open(dataDir);
		expect((await getDoc(doc(second.connect(), "links", "kept"))).data()).toEqual({ n: 1 });
	});

	it("finishes the commits in flight when closed, and keeps each one it acknowledged", async () => {
		const dataDir = freshFolder();
		const first = await open(dataDir);
		const db = first.connect();
		const writes = Array.from({ length: 30 }, (_, i) =>
			setDoc(doc(db, "closing", `d${i}`), { i }).then(
				() => i,
				() => null,
			),
		);
		await writes[0];
		await stop(first);
		const acknowledged = (await Promise.all(writes)).filter((i) => i !== null);
		expect(acknowledged.length).toBeGreaterThan(0);
		const second = await open(dataDir);
		const again = second.connect();
		for (const i of acknowledged) expect((await getDoc(doc(again, "closing", `d${i}`))).get("i")).toBe(i);
	});

	it("compacts a journal grown past its limit into the snapshot, and loads it back", async () => {
		const dataDir = freshFolder();
		const first = await open(dataDir);
		const db = first.connect();
		const padding = "x".repeat(2000);
		for (let round = 0; round < 10; round++) {
			const batch = writeBatch(db);
			for (let i = 0; i < 500; i++) batch.set(doc(db, "bulk", `d${round}-${i}`), { owner: "alice", padding, i });
			await batch.commit();
		}
		await stop(first);
		expect(statSync(join(dataDir, "journal.jsonl")).size).toBeLessThan(8 * 1024 * 1024);
		expect(statSync(join(dataDir, "snapshot.jsonl")).size).toBeGreaterThan(8 * 1024 * 1024);
		const second = await open(dataDir);
		expect(
			(await getCount(query(collection(second.connect(), "bulk"), where("owner", "==", "alice")))).data().count,
		).toBe(5000);
	});
});

describe("crash safety", () => {
	it("keeps every acknowledged commit when the process is killed with SIGKILL mid-stream", async () => {
		const dataDir = freshFolder();
		const { child, port } = await spawnServer(dataDir);
		const acknowledged = new Map<string, number>();
		let sent = 0;
		let acknowledgements = 0;
		let killed = false;
		const commit = async (id: string, n: number) => {
			const response = await fetch(
				`http://127.0.0.1:${port}/v1/projects/${PROJECT_ID}/databases/(default)/documents:commit`,
				{
					method: "POST",
					headers: { Authorization: "Bearer owner" },
					body: JSON.stringify({
						writes: [
							{
								update: {
									name: `projects/${PROJECT_ID}/databases/(default)/documents/crash/${id}`,
									fields: { n: { integerValue: String(n) } },
								},
							},
						],
					}),
				},
			);
			if (response.ok) {
				acknowledged.set(id, Math.max(n, acknowledged.get(id) ?? 0));
				acknowledgements++;
			}
		};
		const worker = async (lane: number) => {
			while (!killed) {
				const n = sent++;
				// Rewrites as well as creates, so the last acknowledged value of a document is what must survive.
				await commit(`doc-${lane}-${n % 40}`, n).catch(() => undefined);
			}
		};
		const workers = Array.from({ length: 8 }, (_, lane) => worker(lane));
		while (acknowledgements < 300) await new Promise((resolve) => setTimeout(resolve, 5));
		killed = true;
		await killHard(child);
		await Promise.all(workers);
		const snapshot = new Map(acknowledged);

		const restarted = await startFirestoreServer(serverOptions(dataDir));
		try {
			const names = [...snapshot.keys()].map(
				(id) => `projects/${PROJECT_ID}/databases/(default)/documents/crash/${id}`,
			);
			const response = await fetch(
				`http://127.0.0.1:${restarted.port}/v1/projects/${PROJECT_ID}/databases/(default)/documents:batchGet`,
				{
					method: "POST",
					headers: { Authorization: "Bearer owner" },
					body: JSON.stringify({ documents: names }),
				},
			);
			const results = (await response.json()) as Array<{
				found?: { name: string; fields: { n: { integerValue: string } } };
			}>;
			const stored = new Map(
				results.map((result) => [result.found?.name.split("/").pop(), Number(result.found?.fields.n.integerValue)]),
			);
			for (const [id, n] of snapshot) {
				// A commit sent after the acknowledged one may also have landed before the kill, so newer is fine.
				expect(stored.get(id), id).toBeGreaterThanOrEqual(n);
			}
		} finally {
			await restarted.close();
		}
	});
});
