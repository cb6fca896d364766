/**
 * The user's links in Cloud Firestore, through firebase/firestore/lite (REST over fetch, which a
 * service worker can use). Every dependency arrives as an argument, so the integration tests run this
 * exact code against the local backend with the real SDK.
 *
 * links/{code}   private: { url, host, owner, title, createdAt, updatedAt, clicks, custom, urlHash }
 * targets/{code} public, what the redirect page reads: { url }
 * The pair is written, edited and deleted together; firestore.rules checks each half against the other.
 */
import {
	collection,
	type DocumentSnapshot,
	doc,
	documentId,
	endBefore,
	type Firestore,
	getCount,
	getDoc,
	getDocs,
	limit,
	limitToLast,
	orderBy,
	type Query,
	query,
	runTransaction,
	serverTimestamp,
	startAfter,
	Timestamp,
	where,
	writeBatch,
} from "firebase/firestore/lite";
import { ShortyError } from "../errors";
import { checkAlias, generateCode } from "./codes";
import { decodeCursor, encodeCursor } from "./cursor";
import type { Checked, Link, RandomBytes } from "./types";
import { hashUrl } from "./urlHash";
import { checkUrl } from "./urls";

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

/** A fresh random code collides about once in 3.5 trillion; five misses in a row means something else is wrong. */
const CODE_ATTEMPTS = 5;
/** firestore.rules caps titles at 500 characters. */
const TITLE_LIMIT = 500;

export interface LinkStoreDeps {
	db: Firestore;
	random: RandomBytes;
	/** Milliseconds since the epoch; stands in for the server's time in what shorten() returns. */
	clock: () => number;
	/** Where short links live, e.g. "https://sho.rt/"; a link's short URL is this plus its code. */
	shortLinkBase: string;
}

export interface NewLink {
	url: string;
	title?: string;
	/** A code of the user's choosing; without one, a code is generated and the same URL returns its old link. */
	alias?: string;
}

/** Ask for the first page, or the page after / before a cursor from an earlier page. */
export interface PageRequest {
	pageSize: PageSize;
	after?: string;
	before?: string;
}

export interface LinkPage {
	links: Link[];
	/** All of the user's links, for "1-25 of 4,312". */
	total: number;
	/** Cursors for the neighbouring pages; null at either end. */
	next: string | null;
	previous: string | null;
}

interface LinkDocument {
	url: string;
	host: string;
	owner: string;
	title: string;
	createdAt: Timestamp;
	updatedAt: Timestamp;
	clicks: number;
	custom: boolean;
	urlHash: string;
}

function unwrap<T>(checked: Checked<T>): T {
	if (!checked.ok) throw ShortyError.from(checked.error);
	return checked.value;
}

function isPermissionDenied(error: unknown): boolean {
	return (error as { code?: unknown })?.code === "permission-denied";
}

export function createLinkStore({ db, random, clock, shortLinkBase }: LinkStoreDeps) {
	const links = collection(db, "links");

	function toLink(snapshot: DocumentSnapshot): Link {
		const data = snapshot.data() as LinkDocument;
		return {
			code: snapshot.id,
			url: data.url,
			host: data.host,
			title: data.title,
			shortUrl: new URL(snapshot.id, shortLinkBase).href,
			createdAt: data.createdAt.toMillis(),
			updatedAt: data.updatedAt.toMillis(),
			clicks: data.clicks,
			custom: data.custom,
		};
	}

	function cursorOf(snapshot: DocumentSnapshot): string {
		const { createdAt } = snapshot.data() as LinkDocument;
		return encodeCursor({ seconds: createdAt.seconds, nanoseconds: createdAt.nanoseconds, code: snapshot.id });
	}

	function cursorValues(cursor: string): [Timestamp, string] {
		const { seconds, nanoseconds, code } = decodeCursor(cursor);
		return [new Timestamp(seconds, nanoseconds), code];
	}

	function ownLinks(owner: string): Query {
		return query(links, where("owner", "==", owner));
	}

	/** Creates links/{code} and targets/{code} unless the code is taken; false when it is. */
	async function createIfFree(code: string, fields: Omit<LinkDocument, "createdAt" | "updatedAt">): Promise<boolean> {
		// The target is the public half, so anyone may read it: the way to learn whether a code is taken.
		// The transaction commits with an exists=false precondition on it, so of two racing creates one wins.
		return runTransaction(db, async (transaction) => {
			if ((await transaction.get(doc(db, "targets", code))).exists()) return false;
			transaction.set(doc(db, "links", code), {
				...fields,
				createdAt: serverTimestamp(),
				updatedAt: serverTimestamp(),
			});
			transaction.set(doc(db, "targets", code), { url: fields.url });
			return true;
		});
	}

	/** The user's earlier generated link for this exact URL, if any. */
	async function findGenerated(owner: string, urlHash: string): Promise<Link | null> {
		const found = await getDocs(query(ownLinks(owner), where("urlHash", "==", urlHash), limit(10)));
		const generated = found.docs.find((snapshot) => snapshot.get("custom") === false);
		return generated ? toLink(generated) : null;
	}

	/** One of the user's links; the rules make anyone else's unreadable, which reads as not found. */
	async function get(code: string): Promise<Link> {
		try {
			const snapshot = await getDoc(doc(db, "links", code));
			if (snapshot.exists()) return toLink(snapshot);
		} catch (error) {
			// Whether a code is someone else's is not the caller's business.
			if (!isPermissionDenied(error)) throw error;
		}
		throw new ShortyError("link-not-found");
	}

	return {
		get,

		/**
		 * Shortens a URL for `owner`. Without an alias, the same URL returns the user's existing link, which
		 * also makes a retried request (after the worker died mid-way) safe: it finds what the first made.
		 */
		async shorten(owner: string, input: NewLink): Promise<Link> {
			const { url, host } = unwrap(checkUrl(input.url, shortLinkBase));
			const urlHash = await hashUrl(url);
			const title = [...(input.title ?? "").trim()].slice(0, TITLE_LIMIT).join("");
			const custom = input.alias !== undefined && input.alias.trim() !== "";
			const fields = { url, host, owner, title, clicks: 0, custom, urlHash };
			const created = (code: string): Link => ({
				code,
				url,
				host,
				title,
				shortUrl: new URL(code, shortLinkBase).href,
				createdAt: clock(),
				updatedAt: clock(),
				clicks: 0,
				custom,
			});

			if (custom) {
				const alias = unwrap(checkAlias(input.alias ?? ""));
				if (!(await createIfFree(alias, fields))) throw new ShortyError("alias-taken");
				return created(alias);
			}
			const existing = await findGenerated(owner, urlHash);
			if (existing) return existing;
			for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
				const code = generateCode(random);
				if (await createIfFree(code, fields)) return created(code);
			}
			throw new ShortyError("codes-exhausted");
		},

		/** One page of the user's links, newest first. Costs one page and one count, whatever the total. */
		async listPage(owner: string, request: PageRequest): Promise<LinkPage> {
			const newestFirst = query(ownLinks(owner), orderBy("createdAt", "desc"), orderBy(documentId(), "desc"));
			// One link more than the page shows tells whether another page lies in the direction of travel.
			const window = request.after
				? query(newestFirst, startAfter(...cursorValues(request.after)), limit(request.pageSize + 1))
				: request.before
					? query(newestFirst, endBefore(...cursorValues(request.before)), limitToLast(request.pageSize + 1))
					: query(newestFirst, limit(request.pageSize + 1));
			const [snapshot, count] = await Promise.all([getDocs(window), getCount(ownLinks(owner))]);
			const docs = snapshot.docs;
			const overflow = docs.length > request.pageSize;
			const shown = request.before ? docs.slice(overflow ? 1 : 0) : docs.slice(0, request.pageSize);
			const first = shown[0];
			const last = shown.at(-1);
			const hasNext = request.before ? true : overflow;
			const hasPrevious = request.before ? overflow : request.after !== undefined;
			return {
				links: shown.map(toLink),
				total: count.data().count,
				next: hasNext && last ? cursorOf(last) : null,
				previous: hasPrevious && first ? cursorOf(first) : null,
			};
		},

		/** Points a link somewhere else; its public target changes in the same batch. */
		async updateTarget(code: string, newUrl: string): Promise<Link> {
			const { url, host } = unwrap(checkUrl(newUrl, shortLinkBase));
			const current = await get(code);
			const batch = writeBatch(db);
			batch.update(doc(db, "links", code), { url, host, urlHash: await hashUrl(url), updatedAt: serverTimestamp() });
			batch.set(doc(db, "targets", code), { url });
			await batch.commit();
			return { ...current, url, host, updatedAt: clock() };
		},

		/** Deletes a link and its public target together. */
		async remove(code: string): Promise<void> {
			await get(code);
			const batch = writeBatch(db);
			batch.delete(doc(db, "links", code));
			batch.delete(doc(db, "targets", code));
			await batch.commit();
		},
	};
}

export type LinkStore = ReturnType<typeof createLinkStore>;
