/** The same-address lookup: the link a plain shorten of an address the user has shortened before gives back. */
import { type Firestore, getDocs, query, where } from "firebase/firestore/lite";
import type { Link } from "../types";
import { linkFromSnapshot, ownLinks } from "./documents";

/**
 * Which of the user's links to one address a plain shorten gives back: their newest alias (a name they
 * chose is the one they mean to share), else their oldest generated link. Two generated links to one
 * address happen only when two browsers shortened it before either saw the other's; both keep working,
 * and every browser settles on the older one from then on.
 */
export function pickSameAddress(links: readonly Link[]): Link | null {
	const newestAlias = links.filter((link) => link.custom).sort((a, b) => b.createdAt - a.createdAt)[0];
	const oldestGenerated = links
		.filter((link) => !link.custom)
		.sort((a, b) => a.createdAt - b.createdAt || (a.code < b.code ? -1 : 1))[0];
	return newestAlias ?? oldestGenerated ?? null;
}

/**
 * The same-address lookup in Firestore, where the worker cannot answer it from its mirror: the
 * `owner, urlHash` queries of the `owner, urlHash, custom` index. One user's links to one address are
 * few (each alias is a deliberate act), so they are all read and picked here.
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
		getDocs(query(sameUrl, where("custom", "==", false))),
	]);
	return pickSameAddress([...aliases.docs, ...generated.docs].map((link) => linkFromSnapshot(shortLinkBase, link)));
}
