/**
 * The delete side of the mirror's sync: a deleted link leaves nothing a query could find, so the batch
 * that deletes it also writes owners/{uid}/deleted/{code} (../schema.ts, firestore.rules), which the
 * sync reads by `deletedAt`.
 */
import { doc, type FieldValue, type Firestore, serverTimestamp, type WriteBatch } from "firebase/firestore/lite";
import { DELETED, OWNERS, type TombstoneDocument } from "../schema";

/** Adds a tombstone for each of `codes` to the batch that deletes them, stamped with the commit's time. */
export function writeTombstones(batch: WriteBatch, db: Firestore, owner: string, codes: readonly string[]): void {
	const tombstone: TombstoneDocument<FieldValue> = { deletedAt: serverTimestamp() };
	for (const code of codes) batch.set(doc(db, OWNERS, owner, DELETED, code), tombstone);
}
