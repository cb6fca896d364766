/** Deleting links, each with its public target and its visit counts, in batches the rules can afford. */
import { doc, type Firestore, writeBatch } from "firebase/firestore/lite";
import { ShortyError, toAppError } from "../../errors";
import { deleteVisitCounts } from "../clickStore";
import { isCode } from "../codes";
import { writeTombstones } from "../mirror/tombstones";
import { LINKS, TARGETS } from "../schema";
import type { LinksChange } from "../types";
import { chunksOf, commitEach, ownedAmong } from "./documents";

/** The most links one delete request may name: the largest page, since the page deletes what it shows. */
export const DELETE_LIMIT = 100;
/**
 * Links per batch when deleting many. Firestore allows a batched write at most 20 document-access calls
 * in its rules (https://firebase.google.com/docs/firestore/security/rules-conditions#access_calls_limits).
 * Deleting one link costs up to 4 (links: existsAfter(target); targets: exists(link), get(link) and
 * existsAfter(link), if none is cached), so 5 links = 10 writes = at most 20 calls.
 */
export const DELETE_BATCH = 5;

/**
 * Deletes links with their public targets in one batch, leaving their tombstones for mirrors to sync
 * (../mirror/tombstones.ts): all of them, or none. Their visit counts go first, days and totals alike, so
 * a failure in between leaves counts of links that still exist, which the owner sees and can delete
 * again; never counts of a link that is gone. The days must go first anyway (the rules find their owner
 * on the link). The totals need no link, but left behind they would be found by nobody (the owner lists
 * only links) and inherited by a later link with the same alias, whoever makes it: the function's next
 * count merges into the same clickTotals/{code}-{shard}, adding to the old people and naming the new owner.
 */
async function deleteTogether(db: Firestore, owner: string, codes: string[]): Promise<void> {
	await Promise.all(codes.map((code) => deleteVisitCounts(db, owner, code)));
	const batch = writeBatch(db);
	for (const code of codes) {
		batch.delete(doc(db, LINKS, code));
		batch.delete(doc(db, TARGETS, code));
	}
	writeTombstones(batch, db, owner, codes);
	await batch.commit();
}

/**
 * Deletes those of `codes` that are `owner`'s links, with their targets, and returns them. A code that
 * is gone already (deleted from another tab) or someone else's is skipped rather than failing the
 * rest. The links go in batches of DELETE_BATCH, several at once (commitEach), each announced as it
 * lands; when one fails, no further batch starts and the error says how many were deleted (those announced).
 */
export async function removeMany(
	db: Firestore,
	onChange: (change: LinksChange) => void,
	owner: string,
	codes: string[],
): Promise<string[]> {
	if (codes.length > DELETE_LIMIT) {
		throw new ShortyError("invalid-request", `at most ${DELETE_LIMIT} links at a time`);
	}
	const mine = await ownedAmong(db, owner, [...new Set(codes.filter(isCode))]);
	const deleted: string[] = [];
	const failure = await commitEach(chunksOf(mine, DELETE_BATCH), async (batch) => {
		await deleteTogether(db, owner, batch);
		deleted.push(...batch);
		onChange({ kind: "deleted", codes: batch });
	});
	if (failure !== null) {
		throw new ShortyError(toAppError(failure.error).code, `${deleted.length} of ${mine.length} links were deleted`);
	}
	return deleted;
}
