/**
 * How a Link is stored in links/{code} (./../schema.ts) and read back: the one mapping between the
 * document and what the extension shows.
 */
import {
	collection,
	type DocumentSnapshot,
	type Firestore,
	type Query,
	query,
	type Timestamp,
	where,
} from "firebase/firestore/lite";
import { LINKS, type LinkDocument, MAX_TITLE_LENGTH } from "../schema";
import type { Link } from "../types";

export type StoredLink = LinkDocument<Timestamp>;
/** A link's fields as the client chooses them: the server sets the times. */
export type LinkFields = Omit<StoredLink, "createdAt" | "updatedAt">;

export function linkOf(
	shortLinkBase: string,
	code: string,
	fields: LinkFields,
	createdAt: number,
	updatedAt = createdAt,
): Link {
	const { url, host, title, custom, tags } = fields;
	const shortUrl = new URL(code, shortLinkBase).href;
	return { code, url, host, title, shortUrl, createdAt, updatedAt, custom, ...(tags ? { tags } : {}) };
}

export function linkFromSnapshot(shortLinkBase: string, snapshot: DocumentSnapshot): Link {
	const data = snapshot.data() as StoredLink;
	return linkOf(shortLinkBase, snapshot.id, data, data.createdAt.toMillis(), data.updatedAt.toMillis());
}

/** The owner's links: the rules let a list through only when it filters on the owner. */
export function ownLinks(db: Firestore, owner: string): Query {
	return query(collection(db, LINKS), where("owner", "==", owner));
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const HIGH_SURROGATE = /[\ud800-\udbff]/;

/**
 * A page title as the rules take it: at most MAX_TITLE_LENGTH UTF-16 units, cut between characters, so
 * at most as many code points too, whichever way the rules' size() counts. A lone surrogate (a page
 * title can hold one) is not valid UTF-8, which Firestore refuses, so it becomes U+FFFD.
 */
export function storedTitle(title: string): string {
	const wellFormed = title.trim().replace(LONE_SURROGATE, "\ufffd");
	const splitsPair = HIGH_SURROGATE.test(wellFormed.charAt(MAX_TITLE_LENGTH - 1));
	return wellFormed.slice(0, splitsPair ? MAX_TITLE_LENGTH - 1 : MAX_TITLE_LENGTH);
}
