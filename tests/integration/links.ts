/** Valid link documents as the rules expect them, for tests to write and then break one field at a time. */
import { createHash, randomBytes } from "node:crypto";
import { getAuth } from "firebase/auth";
import {
	type DocumentData,
	doc,
	type Firestore,
	getDoc,
	increment,
	serverTimestamp,
	setDoc,
	writeBatch,
} from "firebase/firestore/lite";
import { CLICK_TOTALS, clickTotalId } from "../../src/links/schema";

export function newCode(): string {
	return randomBytes(6).toString("base64url").slice(0, 7);
}

export function linkFields(owner: string, url = "https://example.com/some/page?q=1"): DocumentData {
	return {
		url,
		host: new URL(url).host,
		owner,
		title: "Example page",
		createdAt: serverTimestamp(),
		updatedAt: serverTimestamp(),
		custom: false,
		urlHash: createHash("sha256").update(url).digest("hex"),
	};
}

/**
 * What the batch creating `code` writes to the caller's quota: one more, or the first window. Always one
 * more once a window exists, whatever the count, so the rules alone decide where the limit is.
 */
export async function countFor(db: Firestore, uid: string, code: string): Promise<DocumentData> {
	const counted = { lastCode: code, lastAt: serverTimestamp() };
	const quota = await getDoc(doc(db, "quotas", uid));
	return quota.exists()
		? { ...counted, created: increment(1) }
		: { ...counted, windowStart: serverTimestamp(), created: 1 };
}

/**
 * `people` more visits to `code` in `shard`, added to its all-time total as the Cloud Function adds them;
 * `db` must be the administrator's (nobody else may write a total).
 */
export function countPeople(db: Firestore, owner: string, code: string, shard: number, people: number): Promise<void> {
	const total = doc(db, CLICK_TOTALS, clickTotalId(code, shard));
	return setDoc(total, { owner, code, people: increment(people), updatedAt: serverTimestamp() }, { merge: true });
}

/**
 * Writes links/{code} and targets/{code} in one batch, counted in the signed-in caller's quota, as the link
 * store does. A signed-out client or the administrator counts nothing.
 */
export async function createLink(
	db: Firestore,
	code: string,
	link: DocumentData,
	target: DocumentData = { url: link.url },
): Promise<void> {
	const batch = writeBatch(db);
	batch.set(doc(db, "links", code), link);
	batch.set(doc(db, "targets", code), target);
	const uid = getAuth(db.app).currentUser?.uid;
	if (uid) batch.set(doc(db, "quotas", uid), await countFor(db, uid, code), { merge: true });
	return batch.commit();
}
