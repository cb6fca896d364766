/**
 * A link's visit counts in Cloud Firestore, as its owner reads and deletes them. The Cloud Function
 * writes them (clicks/{code}/days/{yyyy-mm-dd}-{shard}, ./schema.ts); the rules let the link's owner get,
 * list and delete them, and nobody write them.
 */
import {
	collection,
	type Firestore,
	getAggregate,
	getDocs,
	query,
	sum,
	where,
	writeBatch,
} from "firebase/firestore/lite";
import { ShortyError } from "../errors";
import { isCode } from "./codes";
import { type AnalyticsWindow, foldDays, type LinkAnalytics, windowDays } from "./dayCounts";
import { CLICKS, DAYS, type DayCountsDocument } from "./schema";

/**
 * Day documents per batch when deleting a link's counts. Firestore's own limit is 500 writes, but the
 * rules look the link up (get()) for each document they decide, and a batch may make at most 20 such
 * lookups (https://firebase.google.com/docs/firestore/security/rules-conditions#access_calls_limits).
 */
export const DAY_DELETE_BATCH = 20;
const DAY_DELETE_PARALLEL = 5;
/** Sums in flight at once. */
const TOTALS_PARALLEL = 10;

function isPermissionDenied(error: unknown): boolean {
	return (error as { code?: unknown })?.code === "permission-denied";
}

export function createClickStore({ db, clock }: { db: Firestore; clock: () => number }) {
	const daysOf = (code: string) => collection(db, CLICKS, code, DAYS);

	/** The people who followed the link, ever: one sum over its day documents, which costs a read per 1,000 of them. */
	async function totalOf(code: string): Promise<number | null> {
		try {
			const answer = await getAggregate(daysOf(code), { people: sum("people") });
			return answer.data().people;
		} catch (error) {
			// Deleted since the page listed it (the rules find no link, so no owner): no total to show.
			if (isPermissionDenied(error)) return null;
			throw error;
		}
	}

	return {
		/**
		 * People per link, for those of `codes` that are still the caller's links. The sums run
		 * TOTALS_PARALLEL at a time: a page of 100 links does not open 100 requests at once.
		 */
		async totals(codes: string[]): Promise<Record<string, number>> {
			const pending = [...new Set(codes.filter(isCode))];
			const totals: Record<string, number> = {};
			const worker = async () => {
				for (let code = pending.shift(); code !== undefined; code = pending.shift()) {
					const total = await totalOf(code);
					if (total !== null) totals[code] = total;
				}
			};
			await Promise.all(Array.from({ length: TOTALS_PARALLEL }, worker));
			return totals;
		},

		/** The link's visits over the last `length` days (today, UTC, included): only that window's documents are read. */
		async analytics(code: string, length: AnalyticsWindow): Promise<LinkAnalytics> {
			if (!isCode(code)) throw new ShortyError("link-not-found");
			const days = windowDays(clock(), length);
			const inWindow = query(daysOf(code), where("day", ">=", days[0]), where("day", "<=", days.at(-1)));
			try {
				const snapshot = await getDocs(inWindow);
				return foldDays(
					snapshot.docs.map((day) => day.data() as DayCountsDocument),
					days,
				);
			} catch (error) {
				if (isPermissionDenied(error)) throw new ShortyError("link-not-found");
				throw error;
			}
		},
	};
}

/**
 * Deletes every day document of `code`, DAY_DELETE_BATCH at a time. The link must still exist: the rules
 * let only its owner delete them, and find the owner on the link.
 */
export async function deleteDayCounts(db: Firestore, code: string): Promise<void> {
	const snapshot = await getDocs(collection(db, CLICKS, code, DAYS));
	const refs = snapshot.docs.map((day) => day.ref);
	const batches = Array.from({ length: Math.ceil(refs.length / DAY_DELETE_BATCH) }, (_, index) =>
		refs.slice(index * DAY_DELETE_BATCH, (index + 1) * DAY_DELETE_BATCH),
	);
	// A few at a time: 90 days of 8 shards is 36 batches, which should not flood the connection.
	for (let round = 0; round < batches.length; round += DAY_DELETE_PARALLEL) {
		await Promise.all(
			batches.slice(round, round + DAY_DELETE_PARALLEL).map((refsOfBatch) => {
				const batch = writeBatch(db);
				for (const ref of refsOfBatch) batch.delete(ref);
				return batch.commit();
			}),
		);
	}
}

export type ClickStore = ReturnType<typeof createClickStore>;
