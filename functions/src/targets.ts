/** Reading a short link's target with the Admin SDK: the public targets/{code} document the static page reads too. */
import type { Firestore } from "firebase-admin/firestore";

/** The stored address; null when there is no such link, "" when the document holds no string. */
export async function readTarget(db: Firestore, code: string): Promise<string | null> {
	const snapshot = await db.doc(`targets/${code}`).get();
	if (!snapshot.exists) return null;
	const url: unknown = snapshot.get("url");
	return typeof url === "string" ? url : "";
}
