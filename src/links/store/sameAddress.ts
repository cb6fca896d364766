/** The same-address lookup: the link a plain shorten of an address the user has shortened before gives back. */
import { type Firestore, getDocs, limit, query, where } from "firebase/firestore/lite";
import type { Link } from "../types";
import { linkFromSnapshot, ownLinks } from "./documents";

/**
 * The user's newest alias for the address (a name they chose is the one they mean to share), else their
 * generated link, else null. Both queries are the `owner, urlHash, custom` index's; one user's aliases for
 * one address are few (each is a deliberate act), so they are all read and the newest picked here.
 */
export async function findSameAddress(
	db: Firestore,
	shortLinkBase: string,
	owner: string,
	urlHash: string,
): Promise<Link | null> {
	const sameUrl = query(ownLinks(db, owner), where("urlHash", "==", urlHash));
	const [aliases, generated] = await Promise.all([
		getDocs(query(sameUrl, where("custom", "==", true))),
		getDocs(query(sameUrl, where("custom", "==", false), limit(1))),
	]);
	const toLink = linkFromSnapshot.bind(null, shortLinkBase);
	const newestAlias = aliases.docs.map(toLink).sort((a, b) => b.createdAt - a.createdAt)[0];
	const first = generated.docs[0];
	return newestAlias ?? (first ? toLink(first) : null);
}
