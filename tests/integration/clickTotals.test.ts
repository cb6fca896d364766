/**
 * A link's all-time totals as the function's counter writes them (functions/src/clicks.ts), with the real
 * Admin SDK against the suite's Firestore server and the shards chosen by the test: a person goes to the
 * day and the total of the same shard, so each total is the sum of its shard's days, and the mirror that
 * syncs the totals shows what the analytics sum.
 */
import { describe, expect, inject, it } from "vitest";
import { type CountDeps, countVisit, ReferrerCap, type Visit } from "../../functions/src/clicks";
import { adminFirestore } from "../../functions/src/firestore";
import { PROJECT_ID, readFieldOverrides } from "../../local/config";
import { windowDays } from "../../src/links/dayCounts";
import { CLICKS, DAY_EXPIRY_FIELD, DAYS } from "../../src/links/schema";
import { firestoreAdmin } from "../firestoreAdmin";

const backend = inject("backend");
const db = adminFirestore({ FIRESTORE_EMULATOR_HOST: backend.firestore, GCLOUD_PROJECT: PROJECT_ID });
const admin = firestoreAdmin(`http://${backend.firestore}`);

const PERSON: Visit = { visitor: "person", referrer: null, device: "desktop", browser: "firefox" };
const BOT: Visit = { visitor: "bot" };
const PREFETCH: Visit = { visitor: "prefetch" };

/** The counter's deps with the shard fixed: no contention here, so each visit is one attempt. */
const inShard = (shard: number, at: Date): CountDeps => ({
	now: () => at,
	randomShard: () => shard,
	referrerCap: new ReferrerCap(),
	giveUpAt: Number.POSITIVE_INFINITY,
});

/** People per shard over every day document of `code`. */
async function peopleByShardOfDays(code: string): Promise<Record<string, number>> {
	const days = await db.collection(`clicks/${code}/days`).get();
	const people: Record<string, number> = {};
	for (const day of days.docs) {
		const shard = day.id.slice(day.id.lastIndexOf("-") + 1);
		people[shard] = (people[shard] ?? 0) + (day.get("people") ?? 0);
	}
	return people;
}

describe("click totals", () => {
	it("add each person to the total of the shard the day was counted in, over several days; bots and prefetches to none", async () => {
		const code = `totals${Date.now().toString(36)}`;
		const link = { code, owner: "totals-owner" };
		const monday = new Date("2026-03-02T12:00:00Z");
		const tuesday = new Date("2026-03-03T12:00:00Z");
		const visits: Array<[Visit, number, Date]> = [
			[PERSON, 2, monday],
			[PERSON, 2, tuesday],
			[PERSON, 0, tuesday],
			[BOT, 1, monday],
			[PREFETCH, 3, tuesday],
			[BOT, 2, tuesday],
		];
		for (const [visit, shard, at] of visits) await countVisit(db, link, visit, inShard(shard, at));

		const totals = await admin.totalsOf(link.owner, code);
		expect(Object.keys(totals).sort()).toEqual([`${code}-0`, `${code}-2`]);
		expect(totals[`${code}-2`]).toMatchObject({ owner: link.owner, code, people: 2 });
		expect(totals[`${code}-0`]).toMatchObject({ owner: link.owner, code, people: 1 });
		const byShard = await peopleByShardOfDays(code);
		expect(byShard).toEqual({ "0": 1, "1": 0, "2": 2, "3": 0 });
		expect((await admin.visitsOf(code)).people).toBe(3);
		// Another owner's query finds none of them.
		expect(await admin.totalsOf("someone-else", code)).toEqual({});
	});
});

describe("day documents", () => {
	it("carry the time Firestore's TTL policy deletes them after: a day after the longest window last shows them", async () => {
		const code = `expiry${Date.now().toString(36)}`;
		const link = { code, owner: "expiry-owner" };
		await countVisit(db, link, PERSON, inShard(0, new Date("2026-03-02T23:59:00Z")));
		await countVisit(db, link, BOT, inShard(1, new Date("2026-03-02T08:00:00Z")));
		const days = await db.collection(`${CLICKS}/${code}/${DAYS}`).get();
		expect(days.docs.map((day) => day.get(DAY_EXPIRY_FIELD).toDate().toISOString())).toEqual([
			"2026-06-01T00:00:00.000Z",
			"2026-06-01T00:00:00.000Z",
		]);
		// The last 90-day window to show the day ends two days before; a day later, the policy may delete it.
		expect(windowDays(Date.parse("2026-05-30T12:00:00Z"), 90)[0]).toBe("2026-03-02");
		expect(windowDays(Date.parse("2026-05-31T12:00:00Z"), 90)[0]).toBe("2026-03-03");
		expect(readFieldOverrides().filter((override) => override.ttl)).toEqual([
			{ collectionGroup: DAYS, fieldPath: DAY_EXPIRY_FIELD, ttl: true, indexes: [] },
		]);
	});
});
