/**
 * A link's visit counts in Cloud Firestore, as its owner reads and deletes them. The Cloud Function
 * writes them (clicks/{code}/days/{yyyy-mm-dd}-{shard} and clickTotals/{code}-{shard}, ./schema.ts); the
 * rules let the link's owner get, list and delete them, and nobody write them.
 */
import {
	collection,
	type DocumentReference,
	type Firestore,
	getDocs,
	type QuerySnapshot,
	query,
	where,
	writeBatch,
} from "firebase/firestore/lite";
import { ShortyError } from "../errors";
import { isCode } from "./codes";
import { type AnalyticsWindow, foldDays, type LinkAnalytics, windowDays } from "./dayCounts";
import { CLICK_TOTALS, CLICKS, DAYS, type DayCountsDocument } from "./schema";
import { chunksOf, commitEach } from "./store/documents";

/**
 * Day documents per batch when deleting a link's counts. Firestore's own limit is 500 writes, but the
 * rules look the link up (get()) for each document they decide, and a batch may make at most 20 such
 * lookups (https://firebase.google.com/docs/firestore/security/rules-conditions#access_calls_limits).
 */
export const DAY_DELETE_BATCH = 20;
/**
 * Totals per batch when deleting a link's: Firestore's own limit on the writes of a batch, since the rules
 * decide a total from the document itself, with no lookup. A link has one per shard it was counted in, at
 * most 256 (functions/src/clicks.ts), so one batch.
 */
export const TOTAL_DELETE_BATCH = 500;

function isPermissionDenied(error: unknown): boolean {
	return (error as { code?: unknown })?.code === "permission-denied";
}

export function createClickStore({ db, clock }: { db: Firestore; clock: () => number }) {
	const daysOf = (code: string) => collection(db, CLICKS, code, DAYS);

	return {
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
 * Deletes `refs`, `perBatch` to a batch, several batches at once (commitEach): 90 days of 8 shards is 36,
 * as Firestore deletes a day some time after its TTL (dayExpiresAt, ./dayCounts.ts; days counted before
 * 2026-11-30 have none, and stay until their link goes).
 */
async function deleteInBatches(db: Firestore, refs: DocumentReference[], perBatch: number): Promise<void> {
	const failure = await commitEach(chunksOf(refs, perBatch), async (refsOfBatch) => {
		const batch = writeBatch(db);
		for (const ref of refsOfBatch) batch.delete(ref);
		await batch.commit();
	});
	if (failure !== null) throw failure.error;
}

/**
 * Deletes every visit count of `owner`'s link `code`: its day documents, DAY_DELETE_BATCH at a time, and
 * its all-time totals, TOTAL_DELETE_BATCH at a time. The link must still exist: the rules let only its
 * owner delete the days, and find the owner on the link.
 */
export async function deleteVisitCounts(db: Firestore, owner: string, code: string): Promise<void> {
	const [days, totals] = await Promise.all([
		getDocs(collection(db, CLICKS, code, DAYS)),
		getDocs(query(collection(db, CLICK_TOTALS), where("owner", "==", owner), where("code", "==", code))),
	]);
	const refsOf = (snapshot: QuerySnapshot) => snapshot.docs.map((document) => document.ref);
	await Promise.all([
		deleteInBatches(db, refsOf(days), DAY_DELETE_BATCH),
		deleteInBatches(db, refsOf(totals), TOTAL_DELETE_BATCH),
	]);
}

export type ClickStore = ReturnType<typeof createClickStore>;
