/**
 * The user's links a page at a time: newest first (or in code order for a code prefix), with an exact
 * total and opaque cursors (../cursor.ts) to the neighbouring pages.
 */
import {
	type DocumentSnapshot,
	documentId,
	endBefore,
	type Firestore,
	getCount,
	getDocs,
	limit,
	limitToLast,
	orderBy,
	type Query,
	query,
	startAfter,
	Timestamp,
	where,
} from "firebase/firestore/lite";
import { decodeCursor, encodeCursor } from "../cursor";
import type { LinkPage, PageSize } from "../types";
import { linkFromSnapshot, ownLinks, type StoredLink } from "./documents";

/** Ask for the first page, or the page after / before a cursor from an earlier page. */
export interface PageRequest {
	pageSize: PageSize;
	after?: string;
	before?: string;
	/** Only links to this host (as `Link.host` spells it). */
	host?: string;
	/**
	 * Only links whose code starts with this, in code order rather than newest first. Cursors from such a
	 * page are read by their code alone.
	 */
	codePrefix?: string;
}

/** How one kind of list is ordered and where its cursors point. */
interface Pager {
	/** Every matching link, in no particular order: what the count counts. */
	matching: Query;
	ordered: Query;
	/** The values of the ordering fields at a cursor. */
	boundary: (cursor: string) => unknown[];
}

/** Sorts after every character a code can hold, so `prefix` to `prefix + CODE_END` is exactly the prefix's range. */
const CODE_END = "\uf8ff";

function cursorOf(snapshot: DocumentSnapshot): string {
	const { createdAt } = snapshot.data() as StoredLink;
	return encodeCursor({ seconds: createdAt.seconds, nanoseconds: createdAt.nanoseconds, code: snapshot.id });
}

function cursorValues(cursor: string): [Timestamp, string] {
	const { seconds, nanoseconds, code } = decodeCursor(cursor);
	return [new Timestamp(seconds, nanoseconds), code];
}

function pagerFor(db: Firestore, owner: string, { host, codePrefix }: PageRequest): Pager {
	if (codePrefix !== undefined) {
		const matching = query(
			ownLinks(db, owner),
			where(documentId(), ">=", codePrefix),
			where(documentId(), "<", `${codePrefix}${CODE_END}`),
		);
		return {
			matching,
			ordered: query(matching, orderBy(documentId())),
			boundary: (cursor) => [decodeCursor(cursor).code],
		};
	}
	const matching = ownLinks(db, owner, host);
	const ordered = query(matching, orderBy("createdAt", "desc"), orderBy(documentId(), "desc"));
	return { matching, ordered, boundary: cursorValues };
}

/** One page of the user's links. Costs one page and one count, whatever the total. */
export async function listPage(
	db: Firestore,
	shortLinkBase: string,
	owner: string,
	request: PageRequest,
): Promise<LinkPage> {
	const { matching, ordered, boundary } = pagerFor(db, owner, request);
	// One link more than the page shows tells whether another page lies in the direction of travel.
	const window = request.after
		? query(ordered, startAfter(...boundary(request.after)), limit(request.pageSize + 1))
		: request.before
			? query(ordered, endBefore(...boundary(request.before)), limitToLast(request.pageSize + 1))
			: query(ordered, limit(request.pageSize + 1));
	const [snapshot, count] = await Promise.all([getDocs(window), getCount(matching)]);
	const docs = snapshot.docs;
	const total = count.data().count;
	// Nothing after the cursor any more (the links there were deleted): the page that ends there, which is
	// the last page, is the one to show rather than an empty one.
	if (request.after && docs.length === 0 && total > 0) {
		return lastPage(shortLinkBase, ordered, request.pageSize, total);
	}
	const overflow = docs.length > request.pageSize;
	// Going back reached the first links (links may have been added since): that is the first page,
	// which must be full, not the few links that happen to lie before the cursor.
	if (request.before && !overflow) {
		const { before: _, ...first } = request;
		return listPage(db, shortLinkBase, owner, first);
	}
	const shown = request.before ? docs.slice(1) : docs.slice(0, request.pageSize);
	const first = shown[0];
	const last = shown.at(-1);
	const hasNext = request.before !== undefined || overflow;
	const hasPrevious = request.before !== undefined || request.after !== undefined;
	return {
		links: shown.map((link) => linkFromSnapshot(shortLinkBase, link)),
		total,
		next: hasNext && last ? cursorOf(last) : null,
		previous: hasPrevious && first ? cursorOf(first) : null,
	};
}

async function lastPage(shortLinkBase: string, ordered: Query, pageSize: PageSize, total: number): Promise<LinkPage> {
	const docs = (await getDocs(query(ordered, limitToLast(pageSize + 1)))).docs;
	const shown = docs.slice(-pageSize);
	const first = shown[0];
	return {
		links: shown.map((link) => linkFromSnapshot(shortLinkBase, link)),
		total,
		next: null,
		previous: docs.length > pageSize && first ? cursorOf(first) : null,
	};
}
