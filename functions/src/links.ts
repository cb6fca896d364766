/**
 * Reading a short link with the Admin SDK: links/{code}, which the rules keep private to its owner and the
 * Admin SDK reads past them. One read gives both what the visitor needs (the address) and what the count
 * needs (the owner, whom the link's click totals name). The static page, which the rules do not let past,
 * reads the public targets/{code} instead.
 */
import type { Firestore } from "firebase-admin/firestore";
import { LINKS } from "../../src/links/schema";

export interface FollowedLink {
	/** The stored address; "" when the document holds no string. */
	url: string;
	/** The owner's uid; "" when the document holds no string (then the totals name nobody who can read them). */
	owner: string;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** The link, or null when there is none. */
export async function readLink(db: Firestore, code: string): Promise<FollowedLink | null> {
	const snapshot = await db.doc(`${LINKS}/${code}`).get();
	if (!snapshot.exists) return null;
	return { url: text(snapshot.get("url")), owner: text(snapshot.get("owner")) };
}
