/**
 * How a Link is stored in links/{code} (./../schema.ts) and read back: the one mapping between the
 * document and what the extension shows.
 */
import {
	collection,
	type DocumentSnapshot,
	documentId,
	type Firestore,
	getDocs,
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

/** A link as the extension holds it but for its short URL, which the code and the base make where it is shown. */
export type LinkRecord = Omit<Link, "shortUrl">;

/** What the extension keeps of a link's stored fields (the owner and the address's hash stay behind). */
export function linkRecordOf(code: string, fields: LinkFields, createdAt: number, updatedAt = createdAt): LinkRecord {
	const { url, host, title, custom, tags } = fields;
	return { code, url, host, title, createdAt, updatedAt, custom, ...(tags ? { tags } : {}) };
}

/** A link's record with its short URL: the short-link base plus its code. */
export function withShortUrl(shortLinkBase: string, link: LinkRecord): Link {
	return { ...link, shortUrl: new URL(link.code, shortLinkBase).href };
}

export function linkOf(
	shortLinkBase: string,
	code: string,
	fields: LinkFields,
	createdAt: number,
	updatedAt = createdAt,
): Link {
	return withShortUrl(shortLinkBase, linkRecordOf(code, fields, createdAt, updatedAt));
}

/** A stored link read back, its times in milliseconds. */
export function recordFromSnapshot(snapshot: DocumentSnapshot): LinkRecord {
	const data = snapshot.data() as StoredLink;
	return linkRecordOf(snapshot.id, data, data.createdAt.toMillis(), data.updatedAt.toMillis());
}

export function linkFromSnapshot(shortLinkBase: string, snapshot: DocumentSnapshot): Link {
	return withShortUrl(shortLinkBase, recordFromSnapshot(snapshot));
}

/** The owner's links: the rules let a list through only when it filters on the owner. */
export function ownLinks(db: Firestore, owner: string): Query {
	return query(collection(db, LINKS), where("owner", "==", owner));
}

/** Firestore's limit on the values of one `in` filter. */
const IN_LIMIT = 30;

export function chunksOf<T>(items: readonly T[], size: number): T[][] {
	return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

/**
 * Batched writes in flight at once: enough that a request writing many documents is a few round trips,
 * not one per batch (one after another, a tag on 300 links outlasted the page's 10 s at a far region's
 * round trip), and few enough not to flood the connection.
 */
const BATCHES_IN_FLIGHT = 5;

/**
 * Runs `commit` on each batch, BATCHES_IN_FLIGHT at a time. Once one fails no further batch starts; those
 * under way finish, and the first failure is returned (`commit` has counted what landed), null when none.
 */
export async function commitEach<T>(
	batches: readonly T[][],
	commit: (batch: T[]) => Promise<void>,
): Promise<{ error: unknown } | null> {
	const waiting = [...batches];
	let failure: { error: unknown } | null = null;
	const worker = async () => {
		for (let batch = waiting.shift(); batch && failure === null; batch = waiting.shift()) {
			try {
				await commit(batch);
			} catch (error) {
				failure ??= { error };
			}
		}
	};
	await Promise.all(Array.from({ length: BATCHES_IN_FLIGHT }, worker));
	return failure;
}

/** Which of `codes` are `owner`'s links now: an `in` filter takes at most IN_LIMIT values. */
export async function ownedAmong(db: Firestore, owner: string, codes: readonly string[]): Promise<string[]> {
	const found = await Promise.all(
		chunksOf(codes, IN_LIMIT).map((chunk) => getDocs(query(ownLinks(db, owner), where(documentId(), "in", chunk)))),
	);
	return found.flatMap((snapshot) => snapshot.docs.map((link) => link.id));
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
