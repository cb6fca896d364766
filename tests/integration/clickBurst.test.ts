/**
 * A short link going viral: 500 visits in 10 seconds, through the Hosting port to the function in the
 * Functions emulator, against a Firestore server that refuses writes past production's rate on one
 * document (local/firestore/contention.ts). Every visit must be counted: the sum of the day's shards is
 * the number of visits, and so is the sum of the link's all-time totals, which share the day's commits. The counter the function used before, one increment of `links/{code}.clicks`
 * per visit, loses most of the same burst.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ID } from "../../local/config";
import { FIRESTORE_WRITE_CONTENTION } from "../../local/firestore/contention";
import { firestoreAdmin, TEST_OWNER } from "../firestoreAdmin";
import { startTestBackend } from "../testBackend";

const VISITS = 500;
const SECONDS = 10;

const BROWSERS = [
	"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
	"Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1",
	"Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0",
	"Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36",
];
/** Where the viral link is shared; every fifth visitor comes with no Referer. */
const REFERRERS = [
	"https://t.co/",
	"https://www.reddit.com/r/x/comments/1",
	"https://news.ycombinator.com/item?id=1",
	"https://l.facebook.com/",
];

let backend: Awaited<ReturnType<typeof startTestBackend>>;

beforeAll(async () => {
	backend = await startTestBackend({ writeContention: FIRESTORE_WRITE_CONTENTION });
	// A link that is going viral has warm instances; the emulator's are its worker processes (four,
	// local/emulators.ts), each of which takes seconds to start on a busy machine.
	const admin = firestoreAdmin(`http://${backend.hosts.firestore}`);
	await admin.addLink("warmup1", "https://example.com/warm");
	for (let round = 0; round < 3; round++) {
		await Promise.all(
			Array.from({ length: 4 }, async () => {
				const response = await fetch(`http://${backend.hosts.hosting}/warmup1`, { redirect: "manual" });
				await response.body?.cancel();
			}),
		);
	}
}, 240_000);

afterAll(async () => {
	await backend?.stop();
});

/** Calls `visit(i)` for i < VISITS, evenly over SECONDS, without waiting for one before the next. */
async function paced<T>(visit: (i: number) => Promise<T>): Promise<T[]> {
	const start = performance.now();
	const pending: Array<Promise<T>> = [];
	for (let i = 0; i < VISITS; i++) {
		const due = start + (i * SECONDS * 1000) / VISITS;
		await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
		pending.push(visit(i));
	}
	return Promise.all(pending);
}

describe("a burst of visits to one link", () => {
	it("counts every one of 500 visits in 10 s, over the day's shards", async () => {
		const admin = firestoreAdmin(`http://${backend.hosts.firestore}`);
		await admin.addLink("viral01", "https://example.com/viral");
		const statuses = await paced(async (i) => {
			const headers: Record<string, string> = { "User-Agent": BROWSERS[i % BROWSERS.length] as string };
			if (i % 5 !== 0) headers.Referer = REFERRERS[i % REFERRERS.length] as string;
			const response = await fetch(`http://${backend.hosts.hosting}/viral01`, { redirect: "manual", headers });
			await response.body?.cancel();
			return response.status;
		});
		expect(statuses.filter((status) => status !== 302)).toEqual([]);
		const visits = await admin.visitsOf("viral01");
		expect(visits.people).toBe(VISITS);
		// The all-time totals, written in the same commits, agree: one document per shard the people reached.
		const totals = Object.values(await admin.totalsOf(TEST_OWNER, "viral01"));
		expect(totals.reduce((sum, total) => sum + (total.people ?? 0), 0)).toBe(VISITS);
		expect(totals.length).toBeLessThanOrEqual(visits.documents);
		expect(Object.values(visits.devices).reduce((a, b) => a + b, 0)).toBe(VISITS);
		expect(Object.values(visits.referrers).reduce((a, b) => a + b, 0)).toBe((VISITS * 4) / 5);
		expect(Object.keys(visits.referrers).sort()).toEqual([
			"l.facebook.com",
			"news.ycombinator.com",
			"t.co",
			"www.reddit.com",
		]);
		// More documents than a quiet link's 4, fewer than one per visit.
		expect(visits.documents).toBeGreaterThan(4);
		expect(visits.documents).toBeLessThan(VISITS / 2);
	}, 240_000);

	it("loses most of the same burst on the old single-document counter", async () => {
		const admin = firestoreAdmin(`http://${backend.hosts.firestore}`);
		await admin.addLink("viral02", "https://example.com/viral");
		const documents = `projects/${PROJECT_ID}/databases/(default)/documents`;
		// Exactly what the function committed per visit before: links/{code}.clicks + 1, sent once (after the
		// answer a 2nd-gen function gets no CPU to retry in).
		const statuses = await paced(async () => {
			const response = await fetch(`http://${backend.hosts.firestore}/v1/${documents}:commit`, {
				method: "POST",
				headers: { Authorization: "Bearer owner" },
				body: JSON.stringify({
					writes: [
						{
							update: { name: `${documents}/links/viral02`, fields: {} },
							updateMask: { fieldPaths: [] },
							updateTransforms: [{ fieldPath: "clicks", increment: { integerValue: "1" } }],
							currentDocument: { exists: true },
						},
					],
				}),
			});
			await response.body?.cancel();
			return response.status;
		});
		const counted = await admin.clicksOf("viral02");
		expect(counted).toBe(statuses.filter((status) => status === 200).length);
		expect(statuses.filter((status) => status !== 200 && status !== 409)).toEqual([]);
		// The burst, then one a second: under 5% of the visits.
		expect(counted).toBeLessThanOrEqual(FIRESTORE_WRITE_CONTENTION.burst + SECONDS + 2);
	}, 60_000);
});
