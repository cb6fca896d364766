/**
 * The mirror on disk: one IndexedDB database per owner, so clearing one user's links (sign-out) is one
 * deleteDatabase and no other user's record can ever be read under their name. Two object stores:
 * - links, by code, indexed by urlHash (the same-address lookup) and createdAt (the newest links);
 * - meta, one record: the sync cursors and when the last sync finished.
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

/** Where a sync stopped: the last document read, by its ordering time (to the nanosecond) and code. */
export interface SyncCursor {
	seconds: number;
	nanoseconds: number;
	code: string;
}

export interface SyncState {
	links: SyncCursor | null;
	tombstones: SyncCursor | null;
	/** When the last sync that reached the end finished (the injected clock), null before the first. */
	finishedAt: number | null;
}

/** A deletion as the sync applies it: the code, and the server's time of the delete in milliseconds. */
export interface Deletion {
	code: string;
	deletedAt: number;
}

const VERSION = 1;
const LINKS_STORE = "links";
const META_STORE = "meta";
/**
 * Generated codes being created, by code, with their address's hash: written before the commit is sent,
 * removed when the link is saved here. One left behind is a create whose outcome this browser never saw
 * (the worker died, or the answer was lost), which the next shorten of that address must look at first.
 */
const CREATING_STORE = "creating";
const BY_URL_HASH = "urlHash";
const BY_CREATED_AT = "createdAt";
const STATE_KEY = "sync";
const NEVER_SYNCED: SyncState = { links: null, tombstones: null, finishedAt: null };

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

export async function openMirrorStorage(indexedDB: IDBFactory, owner: string) {
	const opening = indexedDB.open(mirrorDatabaseName(owner), VERSION);
	opening.onupgradeneeded = () => {
		const links = opening.result.createObjectStore(LINKS_STORE, { keyPath: "code" });
		links.createIndex(BY_URL_HASH, "urlHash");
		links.createIndex(BY_CREATED_AT, "createdAt");
		opening.result.createObjectStore(META_STORE);
		opening.result.createObjectStore(CREATING_STORE, { keyPath: "code" }).createIndex(BY_URL_HASH, "urlHash");
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

		/**
		 * One page of a sync with the state past it, in one transaction. A deletion removes the record unless
		 * the record is a later version (a code deleted and made again); `links` come from the server, so
		 * they replace what is there.
		 */
		async applyPage(links: readonly MirroredLink[], deletions: readonly Deletion[], state: SyncState): Promise<void> {
			const transaction = database.transaction([LINKS_STORE, META_STORE], "readwrite");
			const store = transaction.objectStore(LINKS_STORE);
			for (const link of links) store.put(link);
			for (const deletion of deletions) {
				const reading = store.get(deletion.code);
				reading.onsuccess = () => {
					const record = reading.result as MirroredLink | undefined;
					if (record && removedBy(record, deletion)) store.delete(deletion.code);
				};
			}
			transaction.objectStore(META_STORE).put(state, STATE_KEY);
			await transactionDone(transaction);
		},

		/** This worker's own writes, shown before a sync confirms them; a saved link's create is over. */
		async put(links: readonly MirroredLink[], removed: readonly string[]): Promise<void> {
			const transaction = database.transaction([LINKS_STORE, CREATING_STORE], "readwrite");
			const store = transaction.objectStore(LINKS_STORE);
			const creating = transaction.objectStore(CREATING_STORE);
			for (const link of links) {
				store.put(link);
				creating.delete(link.code);
			}
			for (const code of removed) store.delete(code);
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
