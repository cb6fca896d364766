/** Valid link documents as the rules expect them, for tests to write and then break one field at a time. */
import { createHash, randomBytes } from "node:crypto";
import { type DocumentData, doc, type Firestore, serverTimestamp, writeBatch } from "firebase/firestore/lite";

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

/** Writes links/{code} and targets/{code} in one batch, as the link store does. */
export function createLink(
	db: Firestore,
	code: string,
	link: DocumentData,
	target: DocumentData = { url: link.url },
): Promise<void> {
	const batch = writeBatch(db);
	batch.set(doc(db, "links", code), link);
	batch.set(doc(db, "targets", code), target);
	return batch.commit();
}
