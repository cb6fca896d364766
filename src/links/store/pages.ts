/**
 * The user's links a page at a time from Firestore, newest first, with an exact total and opaque cursors
 * (../cursor.ts) to the neighbouring pages: the popup's recent links, the link count and the export.
 * Searching, sorting and filtering run over the worker's mirror instead (../linkSearch.ts).
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
} from "firebase/firestore/lite";
import { decodeCursor, encodeCursor } from "../cursor";
import type { LinkPage, PageSize } from "../types";
import { linkFromSnapshot, ownLinks, type StoredLink } from "./documents";

/** Ask for the first page, or the page after / before a cursor from an earlier page. */
export interface PageRequest {
	pageSize: PageSize;
	after?: string;
	before?: string;
}

function cursorOf(snapshot: DocumentSnapshot): string {
	const { createdAt } = snapshot.data() as StoredLink;
	return encodeCursor({ seconds: createdAt.seconds, nanoseconds: createdAt.nanoseconds, code: snapshot.id });
}

function cursorValues(cursor: string): [Timestamp, string] {
	const { seconds, nanoseconds, code } = decodeCursor(cursor);
	return [new Timestamp(seconds, nanoseconds), code];
}

/** One page of the user's links. Costs one page and one count, whatever the total. */
export async function listPage(
	db: Firestore,
	shortLinkBase: string,
	owner: string,
	request: PageRequest,
): Promise<LinkPage> {
	const matching = ownLinks(db, owner);
	const ordered = query(matching, orderBy("createdAt", "desc"), orderBy(documentId(), "desc"));
	const boundary = cursorValues;
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
