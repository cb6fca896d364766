/**
 * Counting a visit with the Admin SDK. Each visit is one atomic batch:
 *
 * - `links/{code}.clicks` + 1 for a person: the total the options table shows today.
 * - `clicks/{code}/days/{yyyy-mm-dd}-{shard}` + 1 in `people`, `bots` or `prefetches`: the day's counts,
 *   spread over CLICK_SHARDS documents, because Firestore sustains about one write a second on one
 *   document (firebase/extensions firestore-counter explains the limit). A day's count is the sum of
 *   its shards.
 *
 * The batch's update of `links/{code}` fails when the link was deleted since it was read, and takes the
 * day's count with it, so a person's visit to a deleted link counts nowhere.
 */
import { FieldValue, type Firestore } from "firebase-admin/firestore";
import type { Visitor } from "./visitors";

export const CLICK_SHARDS = 8;

const FIELD: Record<Visitor, string> = { person: "people", bot: "bots", prefetch: "prefetches" };

/** The day bucket, in UTC, so one day is the same 24 hours wherever the function runs. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** `shard` is from 0 to CLICK_SHARDS - 1, picked at random by the caller. */
export async function countVisit(
	db: Firestore,
	code: string,
	visitor: Visitor,
	at: Date,
	shard: number,
): Promise<void> {
	const day = dayOf(at);
	const batch = db.batch();
	if (visitor === "person") batch.update(db.doc(`links/${code}`), { clicks: FieldValue.increment(1) });
	batch.set(
		db.doc(`clicks/${code}/days/${day}-${shard}`),
		{ day, [FIELD[visitor]]: FieldValue.increment(1) },
		{ merge: true },
	);
	await batch.commit();
}
