/**
 * Counting a visit with the Admin SDK, into `clicks/{code}/days/{yyyy-mm-dd}-{shard}`: `people`, `bots` or
 * `prefetches` + 1, and for a person `referrers`, `devices` and `browsers` (audience.ts) + 1. A day's
 * figure is the sum over its shards. A person is also added to the link's all-time total in the same
 * shard, `clickTotals/{code}-{shard}`, in the same commit, so the totals never disagree with the days.
 * Nothing else is written: not `links/{code}`, the one document every visit would share.
 *
 * Firestore sustains about one write a second on one document (local/firestore/contention.ts), so a
 * visit goes to one of several shards, and a commit refused for contention (ABORTED) is tried again on
 * another, drawn from a wider range each time (SHARD_RANGES): a quiet link's day stays in a few
 * documents, which is what its owner reads, and a viral one spreads over as many as its rate needs.
 */
import { randomInt } from "node:crypto";
import { FieldValue, type Firestore } from "firebase-admin/firestore";
import { dayExpiresAt } from "../../src/links/dayCounts";
import {
	CLICK_TOTALS,
	CLICKS,
	type ClickTotalField,
	clickTotalId,
	DAY_EXPIRY_FIELD,
	DAYS,
} from "../../src/links/schema";
import type { Audience } from "./audience";
import type { Visitor } from "./visitors";

export type Visit = { visitor: "bot" | "prefetch" } | ({ visitor: "person" } & Audience);

/** The link a visit is counted for: its totals carry the owner, whose queries and rules read it. */
export interface CountedLink {
	code: string;
	owner: string;
}

/**
 * Attempt n draws its shard from 0 to SHARD_RANGES[n] - 1 (the last range for every later attempt). At
 * about one write a second each, 256 shards take some 250 visits a second, sustained, on one link.
 */
export const SHARD_RANGES = [4, 16, 64, 256] as const;
/** Tries per visit; the count wait (answer.ts) is the other bound. */
export const MAX_ATTEMPTS = 8;
/**
 * Distinct referring hosts one function instance adds to one day document. A Referer is whatever the
 * visitor sends, so without a cap a script could grow a document towards Firestore's 1 MiB, after which
 * every visit drawn to it fails. 50 hosts of at most 253 bytes are under 13 KB per instance; the busiest
 * links' referrers are a handful of sites, and a visit past the cap is still counted, without its host.
 */
export const REFERRER_HOSTS_PER_DOCUMENT = 50;

const FIELD: Record<Visitor, string> = { person: "people", bot: "bots", prefetch: "prefetches" };

/** gRPC's ABORTED: Firestore's answer to contention, "Too much contention on these documents". */
const ABORTED = 10;

/** The day bucket, in UTC, so one day is the same 24 hours wherever the function runs. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Which referring hosts this instance has added to which day document, to hold each to
 * REFERRER_HOSTS_PER_DOCUMENT without reading it first (a read per visit would double its cost and wait).
 * Forgotten wholesale past `documents` entries, which bounds the memory; a document then takes at most
 * another cap's worth.
 */
export class ReferrerCap {
	private readonly hosts = new Map<string, Set<string>>();

	constructor(
		private readonly perDocument = REFERRER_HOSTS_PER_DOCUMENT,
		private readonly documents = 10_000,
	) {}

	/** Whether `host` may be counted in `document`; a yes is remembered. */
	admit(document: string, host: string): boolean {
		let known = this.hosts.get(document);
		if (!known) {
			if (this.hosts.size >= this.documents) this.hosts.clear();
			known = new Set();
			this.hosts.set(document, known);
		}
		if (known.has(host)) return true;
		if (known.size >= this.perDocument) return false;
		known.add(host);
		return true;
	}
}

export interface CountDeps {
	now(): Date;
	/** An integer from 0 to `below` - 1. */
	randomShard(below: number): number;
	referrerCap: ReferrerCap;
	/** `now()`'s time after which no further attempt starts: the visitor has been sent on. */
	giveUpAt: number;
}

const increment = FieldValue.increment(1);

function fieldsOf(visit: Visit, day: string, document: string, cap: ReferrerCap): Record<string, unknown> {
	const fields: Record<string, unknown> = {
		day,
		[DAY_EXPIRY_FIELD]: dayExpiresAt(day),
		[FIELD[visit.visitor]]: increment,
	};
	if (visit.visitor !== "person") return fields;
	// Nested objects, not "referrers.<host>" paths: a host's dots are part of one map key.
	fields.devices = { [visit.device]: increment };
	fields.browsers = { [visit.browser]: increment };
	if (visit.referrer !== null && cap.admit(document, visit.referrer)) {
		fields.referrers = { [visit.referrer]: increment };
	}
	return fields;
}

/** A person added to the link's total: set with merge, so a shard's first person creates its document. */
function totalOf(link: CountedLink): Record<ClickTotalField, unknown> {
	return { owner: link.owner, code: link.code, people: increment, updatedAt: FieldValue.serverTimestamp() };
}

/**
 * One commit, sent once. WriteBatch.commit would retry ABORTED by itself, with backoff, on the same
 * document, for minutes; a transaction without reads is a plain commit, and with one attempt the choice
 * of what to try next (another shard) stays here. A person's commit writes the day and the total of the
 * same shard: the total's writes are a subset of the day's (its people), so the shard that spreads the
 * day's load spreads the total's, and a contended total moves on to a wider range as a contended day does.
 */
function commitOnce(
	db: Firestore,
	writes: ReadonlyArray<{ path: string; fields: Record<string, unknown> }>,
): Promise<void> {
	return db.runTransaction(
		async (transaction) => {
			for (const { path, fields } of writes) transaction.set(db.doc(path), fields, { merge: true });
		},
		{ maxAttempts: 1 },
	);
}

const isContention = (error: unknown) => (error as { code?: unknown } | null)?.code === ABORTED;

export async function countVisit(db: Firestore, link: CountedLink, visit: Visit, deps: CountDeps): Promise<void> {
	const day = dayOf(deps.now());
	for (let attempt = 0; ; attempt++) {
		const range = SHARD_RANGES[Math.min(attempt, SHARD_RANGES.length - 1)] as number;
		const shard = deps.randomShard(range);
		const path = `${CLICKS}/${link.code}/${DAYS}/${day}-${shard}`;
		const writes = [{ path, fields: fieldsOf(visit, day, path, deps.referrerCap) }];
		// Only people: the total is what the owner sorts and filters by, and bots and prefetches are not clicks.
		if (visit.visitor === "person") {
			writes.push({ path: `${CLICK_TOTALS}/${clickTotalId(link.code, shard)}`, fields: totalOf(link) });
		}
		try {
			await commitOnce(db, writes);
			return;
		} catch (error) {
			const last = attempt + 1 >= MAX_ATTEMPTS || deps.now().getTime() >= deps.giveUpAt;
			if (!isContention(error) || last) throw error;
		}
	}
}

/**
 * Counting as the function does it: the clock, random shards, one referrer cap for the instance, and
 * no new attempt once the visitor's wait (`waitMs`, answer.ts's countWaitMs) is over.
 */
export function visitCounter(db: Firestore, waitMs: number): (link: CountedLink, visit: Visit) => Promise<void> {
	const referrerCap = new ReferrerCap();
	return (link, visit) =>
		countVisit(db, link, visit, {
			now: () => new Date(),
			randomShard: (below) => randomInt(below),
			referrerCap,
			giveUpAt: Date.now() + waitMs,
		});
}
