/**
 * The mirror on disk: one IndexedDB database per owner, so clearing one user's links (sign-out) is one
 * deleteDatabase and no other user's record can ever be read under their name. Its object stores:
 * - links, by code, indexed by urlHash (the same-address lookup) and createdAt (the newest links);
 * - clickTotals, one record per clickTotals/{code}-{shard} document, by its id, indexed by code;
 * - meta, one record: the sync cursors and when the last sync finished;
 * - creating, below.
 * A synced page and the cursors past it are written in one transaction, so a worker stopped mid-sync
 * starts again after the last page it kept: nothing skipped, nothing lost.
 */
import { requestResult, transactionDone } from "./idbRequests";

/** A link as the mirror keeps it: what the pages show plus urlHash. shortUrl is derived from the code. */
export interface MirroredLink {
	code: string;
	url: string;
	host: string;
	title: string;
	/** Milliseconds since the epoch. */
	createdAt: number;
	updatedAt: number;
	custom: boolean;
	urlHash: string;
	/** As links/{code} holds them: absent on a link with none. */
	tags?: string[];
	/**
	 * False for a write of this worker's own (`apply`) that no sync has brought back yet: its times are the
	 * client's clock, so a tombstone, whose time is the server's, removes it whatever the two say.
	 */
	confirmed: boolean;
}

/**
 * One shard of a link's all-time people (clickTotals/{code}-{shard}, ../schema.ts): a link's total is the
 * sum over its shards. A sync replaces a record whole, as each document holds its shard's running count.
 */
export interface MirroredClickTotal {
	/** The document's id. */
	id: string;
	code: string;
	people: number;
	/** The last count's server time, in milliseconds: a tombstone removes only what it is later than. */
	updatedAt: number;
}

/** Where a sync stopped: the last document read, by its ordering time (to the nanosecond) and code. */
export interface SyncCursor {
	seconds: number;
	nanoseconds: number;
	code: string;
}

export interface SyncState {
	links: SyncCursor | null;
	tombstones: SyncCursor | null;
	/** Absent in a mirror written before click totals were kept: read as null, so they are all read once. */
	totals?: SyncCursor | null;
	/** When the last sync that reached the end finished (the injected clock), null before the first. */
	finishedAt: number | null;
}

/** What one round of a sync read, applied with the cursors past it. */
export interface SyncPage {
	links: readonly MirroredLink[];
	deletions: readonly Deletion[];
	totals: readonly MirroredClickTotal[];
}

/** A deletion as the sync applies it: the code, and the server's time of the delete in milliseconds. */
export interface Deletion {
	code: string;
	deletedAt: number;
}

/** 2 added clickTotals: a version-1 mirror keeps its links and reads every total once. */
const VERSION = 2;
const LINKS_STORE = "links";
const TOTALS_STORE = "clickTotals";
const META_STORE = "meta";
/**
 * Generated codes being created, by code, with their address's hash: written before the commit is sent,
 * removed when the link is saved here. One left behind is a create whose outcome this browser never saw
 * (the worker died, or the answer was lost), which the next shorten of that address must look at first.
 */
const CREATING_STORE = "creating";
const BY_URL_HASH = "urlHash";
const BY_CREATED_AT = "createdAt";
const BY_CODE = "code";
const STATE_KEY = "sync";
/**
 * Present while a write of the worker's own may have landed unseen (background/linkMirrors.ts, `unsure`),
 * so that a worker started before the sync that settles it still checks its hits. A key of its own: each
 * sync page writes the sync's state whole, and would overwrite it.
 */
const UNSURE_KEY = "unsure";
const NEVER_SYNCED: SyncState = { links: null, tombstones: null, totals: null, finishedAt: null };

/** What every mirror's database name starts with, so the worker can find and delete other users'. */
export const MIRROR_DATABASE_PREFIX = "shorty-links-";

/** The database of one owner's links; uids are [A-Za-z0-9], so the name is unambiguous. */
export const mirrorDatabaseName = (owner: string) => `${MIRROR_DATABASE_PREFIX}${owner}`;

/**
 * Whether a deletion removes the record: one written before it (the later event wins), or one of this
 * worker's own not yet confirmed, whose time is the client's clock and so not comparable with the server's.
 */
const removedBy = (record: MirroredLink, deletion: Deletion) =>
	!record.confirmed || record.updatedAt <= deletion.deletedAt;

/** Whether two records of one code say the same, times and confirmation apart. */
function sameContent(one: MirroredLink, other: MirroredLink): boolean {
	const content = ({ url, host, title, custom, urlHash, tags }: MirroredLink) =>
		JSON.stringify([url, host, title, custom, urlHash, tags ?? []]);
	return content(one) === content(other);
}

/**
 * Deletes `code`'s total records counted at or before `through` (ms; all of them by default): a deleted
 * link's totals went with it in Firestore, which leaves nothing for a sync to find.
 */
function dropTotals(totals: IDBObjectStore, code: string, through = Number.POSITIVE_INFINITY): void {
	const counted = totals.index(BY_CODE).getAll(code);
	counted.onsuccess = () => {
		for (const total of counted.result as MirroredClickTotal[]) {
			if (total.updatedAt <= through) totals.delete(total.id);
		}
	};
}

/** People by code: the sum of each code's shards among `records`. */
function sumByCode(records: readonly MirroredClickTotal[]): Map<string, number> {
	const totals = new Map<string, number>();
	for (const { code, people } of records) totals.set(code, (totals.get(code) ?? 0) + people);
	return totals;
}

export async function openMirrorStorage(indexedDB: IDBFactory, owner: string) {
	const opening = indexedDB.open(mirrorDatabaseName(owner), VERSION);
	opening.onupgradeneeded = ({ oldVersion }) => {
		const database = opening.result;
		if (oldVersion < 1) {
			const links = database.createObjectStore(LINKS_STORE, { keyPath: "code" });
			links.createIndex(BY_URL_HASH, "urlHash");
			links.createIndex(BY_CREATED_AT, "createdAt");
			database.createObjectStore(META_STORE);
			database.createObjectStore(CREATING_STORE, { keyPath: "code" }).createIndex(BY_URL_HASH, "urlHash");
		}
		if (oldVersion < 2) {
			database.createObjectStore(TOTALS_STORE, { keyPath: "id" }).createIndex(BY_CODE, "code");
			// A mirror synced before totals were kept holds none: it is not complete until a sync has read them
			// (links with no total would read as never followed). Its link cursors stay: only the totals are read.
			const meta = opening.transaction?.objectStore(META_STORE);
			const reading = meta?.get(STATE_KEY);
			if (meta && reading) {
				reading.onsuccess = () => {
					if (reading.result !== undefined) meta.put({ ...reading.result, finishedAt: null }, STATE_KEY);
				};
			}
		}
	};
	const database = await requestResult(opening);
	// clear() deletes the database; an open connection would block that until this worker stopped.
	database.onversionchange = () => database.close();

	function readLinks<T>(read: (links: IDBObjectStore) => IDBRequest<T>): Promise<T> {
		return requestResult(read(database.transaction(LINKS_STORE, "readonly").objectStore(LINKS_STORE)));
	}

	return {
		/**
		 * Marks a mirror that never synced as holding every link: right for an account made a moment ago,
		 * which has none but what this worker makes. One that has synced at all is left as it is.
		 */
		async startEmpty(finishedAt: number): Promise<void> {
			const transaction = database.transaction(META_STORE, "readwrite");
			const meta = transaction.objectStore(META_STORE);
			const reading = meta.get(STATE_KEY);
			reading.onsuccess = () => {
				if (reading.result === undefined) meta.put({ ...NEVER_SYNCED, finishedAt }, STATE_KEY);
			};
			await transactionDone(transaction);
		},

		async state(): Promise<SyncState> {
			const meta = database.transaction(META_STORE, "readonly").objectStore(META_STORE);
			return ((await requestResult(meta.get(STATE_KEY))) as SyncState | undefined) ?? NEVER_SYNCED;
		},

		/** When the last complete sync finished, and whether a write may have landed since unseen: in one read. */
		async trust(): Promise<{ finishedAt: number | null; unsure: boolean }> {
			const meta = database.transaction(META_STORE, "readonly").objectStore(META_STORE);
			const [state, unsure] = await Promise.all([
				requestResult(meta.get(STATE_KEY)) as Promise<SyncState | undefined>,
				requestResult(meta.get(UNSURE_KEY)),
			]);
			return { finishedAt: state?.finishedAt ?? null, unsure: unsure !== undefined };
		},

		/**
		 * Marks that doubt, or clears it. Transactions on one store run in the order they were made, so the
		 * last call made wins on disk too.
		 */
		async setUnsure(unsure: boolean): Promise<void> {
			const transaction = database.transaction(META_STORE, "readwrite");
			const meta = transaction.objectStore(META_STORE);
			if (unsure) meta.put(true, UNSURE_KEY);
			else meta.delete(UNSURE_KEY);
			await transactionDone(transaction);
		},

		/**
		 * One page of a sync with the state past it, in one transaction. A deletion removes the record unless
		 * the record is a later version (a code deleted and made again), and the code's totals counted before
		 * it (deleting a link deletes its totals, which leaves nothing for a sync to find); links and totals
		 * come from the server, so they replace what is there.
		 */
		async applyPage(page: SyncPage, state: SyncState): Promise<void> {
			const transaction = database.transaction([LINKS_STORE, TOTALS_STORE, META_STORE], "readwrite");
			const store = transaction.objectStore(LINKS_STORE);
			const totals = transaction.objectStore(TOTALS_STORE);
			for (const link of page.links) store.put(link);
			for (const total of page.totals) totals.put(total);
			for (const deletion of page.deletions) {
				const reading = store.get(deletion.code);
				reading.onsuccess = () => {
					const record = reading.result as MirroredLink | undefined;
					if (record && removedBy(record, deletion)) store.delete(deletion.code);
				};
				dropTotals(totals, deletion.code, deletion.deletedAt);
			}
			transaction.objectStore(META_STORE).put(state, STATE_KEY);
			await transactionDone(transaction);
		},

		/**
		 * This worker's own writes, shown before a sync confirms them; a saved link's create is over. A removed
		 * link's totals go with it: its delete deleted them in Firestore. A sync that ran beside the write may
		 * have brought it back already, confirmed with the server's times: that record is kept.
		 */
		async put(links: readonly MirroredLink[], removed: readonly string[]): Promise<void> {
			const transaction = database.transaction([LINKS_STORE, CREATING_STORE, TOTALS_STORE], "readwrite");
			const store = transaction.objectStore(LINKS_STORE);
			const creating = transaction.objectStore(CREATING_STORE);
			const totals = transaction.objectStore(TOTALS_STORE);
			for (const link of links) {
				const stored = store.get(link.code);
				stored.onsuccess = () => {
					const record = stored.result as MirroredLink | undefined;
					if (!(record?.confirmed && sameContent(record, link))) store.put(link);
				};
				creating.delete(link.code);
			}
			for (const code of removed) {
				store.delete(code);
				dropTotals(totals, code);
			}
			await transactionDone(transaction);
		},

		/** Remembers, before its commit is sent, that `code` is being created for the address with `urlHash`. */
		async creating(code: string, urlHash: string): Promise<void> {
			const transaction = database.transaction(CREATING_STORE, "readwrite");
			transaction.objectStore(CREATING_STORE).put({ code, urlHash });
			await transactionDone(transaction);
		},

		/** The codes of creates of this address whose outcome was never seen here. */
		async unsettled(urlHash: string): Promise<string[]> {
			const creating = database.transaction(CREATING_STORE, "readonly").objectStore(CREATING_STORE);
			return (await requestResult(creating.index(BY_URL_HASH).getAllKeys(urlHash))) as string[];
		},

		/** The create of `code` is over without a link of this owner's to save (the code was someone else's). */
		async settled(code: string): Promise<void> {
			const transaction = database.transaction(CREATING_STORE, "readwrite");
			transaction.objectStore(CREATING_STORE).delete(code);
			await transactionDone(transaction);
		},

		all: () => readLinks((links) => links.getAll()) as Promise<MirroredLink[]>,

		/** Those of `codes` that are here, read in one transaction. */
		async some(codes: readonly string[]): Promise<MirroredLink[]> {
			const links = database.transaction(LINKS_STORE, "readonly").objectStore(LINKS_STORE);
			const found = await Promise.all(codes.map((code) => requestResult(links.get(code))));
			return found.filter((link): link is MirroredLink => link !== undefined);
		},

		withUrlHash: (urlHash: string) =>
			readLinks((links) => links.index(BY_URL_HASH).getAll(urlHash)) as Promise<MirroredLink[]>,

		count: () => readLinks((links) => links.count()),

		/** Every link's people, by code; a link never followed has no entry. */
		async clicks(): Promise<Map<string, number>> {
			const totals = database.transaction(TOTALS_STORE, "readonly").objectStore(TOTALS_STORE);
			return sumByCode((await requestResult(totals.getAll())) as MirroredClickTotal[]);
		},

		/** The people of those of `codes` ever followed, by code, read in one transaction. */
		async clicksOf(codes: readonly string[]): Promise<Map<string, number>> {
			const byCode = database.transaction(TOTALS_STORE, "readonly").objectStore(TOTALS_STORE).index(BY_CODE);
			const found = await Promise.all([...new Set(codes)].map((code) => requestResult(byCode.getAll(code))));
			return sumByCode(found.flat() as MirroredClickTotal[]);
		},

		/** The `limit` most recently created, newest first. */
		newest(limit: number): Promise<MirroredLink[]> {
			const found: MirroredLink[] = [];
			const index = database.transaction(LINKS_STORE, "readonly").objectStore(LINKS_STORE).index(BY_CREATED_AT);
			const walking = index.openCursor(null, "prev");
			return new Promise((resolve, reject) => {
				walking.onerror = () => reject(walking.error);
				walking.onsuccess = () => {
					const cursor = walking.result;
					if (!cursor || found.length >= limit) return resolve(found);
					found.push(cursor.value as MirroredLink);
					cursor.continue();
				};
			});
		},

		close: () => database.close(),
	};
}

export type MirrorStorage = Awaited<ReturnType<typeof openMirrorStorage>>;

/**
 * Deletes every owner's database but `keep`'s (all of them for null): a user who signed out, or whose
 * account another replaced, leaves no links on disk. A deletion another connection blocks completes once
 * that connection closes on versionchange; it is not waited for.
 */
export async function deleteMirrorsExcept(indexedDB: IDBFactory, keep: string | null): Promise<void> {
	const kept = keep === null ? null : mirrorDatabaseName(keep);
	const names = ((await indexedDB.databases?.()) ?? []).map((database) => database.name ?? "");
	await Promise.all(
		names
			.filter((name) => name.startsWith(MIRROR_DATABASE_PREFIX) && name !== kept)
			.map(
				(name) =>
					new Promise<void>((resolve) => {
						const deleting = indexedDB.deleteDatabase(name);
						deleting.onsuccess = deleting.onerror = deleting.onblocked = () => resolve();
					}),
			),
	);
}

/** Deletes the owner's database, waiting until it is gone (open connections close on versionchange). */
export async function deleteMirrorStorage(indexedDB: IDBFactory, owner: string): Promise<void> {
	await requestResult(indexedDB.deleteDatabase(mirrorDatabaseName(owner)));
}
