/**
 * One incremental sync of an owner's links into their mirror: the links changed since the links cursor
 * (`owner ==, orderBy updatedAt, __name__`, index `owner, updatedAt`), the tombstones since theirs
 * (`orderBy deletedAt, __name__`) and the click totals since theirs (clickTotals, `owner ==, orderBy
 * updatedAt, __name__`), a page of each asked for together, each round's pages written with the cursors
 * past them in one transaction (./storage.ts). Reads cost the documents that changed, not the documents
 * there are.
 */
import {
	collection,
	documentId,
	type Firestore,
	getDocs,
	limit,
	limitToLast,
	orderBy,
	type Query,
	type QueryDocumentSnapshot,
	query,
	startAfter,
	Timestamp,
	where,
} from "firebase/firestore/lite";
import {
	CLICK_TOTALS,
	type ClickTotalDocument,
	DELETED,
	LINKS,
	type LinkDocument,
	OWNERS,
	type TombstoneDocument,
} from "../schema";
import { recordFromSnapshot } from "../store/documents";
import type {
	Deletion,
	MirroredClickTotal,
	MirroredLink,
	MirrorStorage,
	SyncCursor,
	SyncPage,
	SyncState,
} from "./storage";

/** Documents per query: a round trip carries a few hundred kilobytes at most (a link is under 3 KB). */
export const SYNC_PAGE_SIZE = 500;

/** What one sync read, for the bench and for whoever wants to know what keeping fresh costs. */
export interface SyncReport {
	/** Link documents read: creations and edits since the last sync. */
	links: number;
	/** Tombstone documents read: deletions since the last sync. */
	tombstones: number;
	/** Click total documents read: the shards of links followed since the last sync. */
	totals: number;
	/** Rounds of queries (each a page of links, of tombstones, of totals, or some of them, sent together). */
	pages: number;
	/** Queries sent; Firestore bills a query that finds nothing as one document read. */
	queries: number;
}

interface SyncDeps {
	db: Firestore;
	owner: string;
	storage: MirrorStorage;
	/** Milliseconds since the epoch, recorded as when the sync finished. */
	clock: () => number;
	/** Stops after this many pages, as a worker Chrome stops mid-sync would; tests use it. */
	maxPages?: number;
	/** Told the codes each kept page touched (saved or deleted), once it is on disk. */
	onPage?: (codes: string[]) => void | Promise<void>;
}

/** A page of documents, or null for a query not sent (its end was reached in an earlier round). */
type Page = QueryDocumentSnapshot[] | null;

/** What a sync reads, each after its own cursor (SyncState's key of the same name). */
const STREAMS = ["links", "tombstones", "totals"] as const;
type Stream = (typeof STREAMS)[number];

/** The time each stream is ordered by, the cursor's first part. */
const ORDERED_BY: Record<Stream, string> = { links: "updatedAt", tombstones: "deletedAt", totals: "updatedAt" };

function cursorAfter(
	last: QueryDocumentSnapshot | undefined,
	field: string,
	previous: SyncCursor | null,
): SyncCursor | null {
	if (!last) return previous;
	const time: Timestamp = last.get(field);
	return { seconds: time.seconds, nanoseconds: time.nanoseconds, code: last.id };
}

function mirrored(snapshot: QueryDocumentSnapshot): MirroredLink {
	const { urlHash } = snapshot.data() as LinkDocument<Timestamp>;
	return { ...recordFromSnapshot(snapshot), urlHash, confirmed: true };
}

function deletion(snapshot: QueryDocumentSnapshot): Deletion {
	const { deletedAt } = snapshot.data() as TombstoneDocument<Timestamp>;
	return { code: snapshot.id, deletedAt: deletedAt.toMillis() };
}

function clickTotal(snapshot: QueryDocumentSnapshot): MirroredClickTotal {
	const { code, people, updatedAt } = snapshot.data() as ClickTotalDocument<Timestamp>;
	return { id: snapshot.id, code, people, updatedAt: updatedAt.toMillis() };
}

/** No sync has kept a page yet and this worker has put nothing in the mirror either. */
async function isFirstSync(storage: MirrorStorage, state: SyncState): Promise<boolean> {
	const untouched = state.finishedAt === null && STREAMS.every((stream) => (state[stream] ?? null) === null);
	return untouched && (await storage.count()) === 0;
}

export async function syncMirror({
	db,
	owner,
	storage,
	clock,
	maxPages = Infinity,
	onPage,
}: SyncDeps): Promise<SyncReport> {
	const changed = query(
		collection(db, LINKS),
		where("owner", "==", owner),
		orderBy("updatedAt"),
		orderBy(documentId()),
	);
	const deleted = query(collection(db, OWNERS, owner, DELETED), orderBy("deletedAt"), orderBy(documentId()));
	const counted = query(
		collection(db, CLICK_TOTALS),
		where("owner", "==", owner),
		orderBy("updatedAt"),
		orderBy(documentId()),
	);
	const ordered: Record<Stream, Query> = { links: changed, tombstones: deleted, totals: counted };
	/** The page after `cursor`, or null when the last round found the end already. */
	async function pageAfter(ordered: Query, cursor: SyncCursor | null, more: boolean): Promise<Page> {
		if (!more) return null;
		const window = cursor
			? query(
					ordered,
					startAfter(new Timestamp(cursor.seconds, cursor.nanoseconds), cursor.code),
					limit(SYNC_PAGE_SIZE),
				)
			: query(ordered, limit(SYNC_PAGE_SIZE));
		return (await getDocs(window)).docs;
	}

	const report: SyncReport = { links: 0, tombstones: 0, totals: 0, pages: 0, queries: 0 };
	let state: SyncState = await storage.state();
	if (await isFirstSync(storage, state)) {
		// An empty mirror has nothing an older tombstone could remove: a link deleted before this moment is
		// not in the pages to come, or was made again after it. So a new browser starts after the newest
		// tombstone rather than reading every deletion the account ever made. Asked before the first page,
		// not beside it: a link deleted between the two would otherwise come with the page and stay.
		const newest = (await getDocs(query(deleted, limitToLast(1)))).docs;
		report.queries += 1;
		report.tombstones += newest.length;
		state = { ...state, tombstones: cursorAfter(newest[0], "deletedAt", null) };
	}
	const left: Record<Stream, boolean> = { links: true, tombstones: true, totals: true };
	while (STREAMS.some((stream) => left[stream]) && report.pages < maxPages) {
		const pages = await Promise.all(
			STREAMS.map((stream) => pageAfter(ordered[stream], state[stream] ?? null, left[stream])),
		);
		const read = Object.fromEntries(STREAMS.map((stream, at) => [stream, pages[at] ?? null])) as Record<Stream, Page>;
		const next = { ...state };
		for (const stream of STREAMS) {
			const page = read[stream];
			left[stream] = page?.length === SYNC_PAGE_SIZE;
			report.queries += Number(page !== null);
			report[stream] += page?.length ?? 0;
			next[stream] = cursorAfter(page?.at(-1), ORDERED_BY[stream], state[stream] ?? null);
		}
		report.pages += 1;
		next.finishedAt = STREAMS.some((stream) => left[stream]) ? state.finishedAt : clock();
		state = next;
		const applied: SyncPage = {
			links: (read.links ?? []).map(mirrored),
			deletions: (read.tombstones ?? []).map(deletion),
			totals: (read.totals ?? []).map(clickTotal),
		};
		await storage.applyPage(applied, state);
		const touched = [
			...applied.links.map((link) => link.code),
			...applied.deletions.map((gone) => gone.code),
			...applied.totals.map((total) => total.code),
		];
		if (touched.length > 0) await onPage?.(touched);
	}
	return report;
}
