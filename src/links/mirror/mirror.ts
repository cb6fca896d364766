/**
 * A local mirror of one owner's links in the service worker (IndexedDB), kept fresh by incremental syncs
 * (./sync.ts), for what must not wait for a round trip: the search index over every link, the popup's
 * recent links, the same-address lookup and the options page's first page. Every dependency is an
 * argument: Firestore (a function, asked only as a request goes out), the owner, the IndexedDB factory
 * (fake-indexeddb in tests) and the clock.
 */
import type { Firestore } from "firebase/firestore/lite";
import { ShortyError } from "../../errors";
import { isCode } from "../codes";
import { URL_HASH_PATTERN } from "../schema";
import { withShortUrl } from "../store/documents";
import type { Link } from "../types";
import { deleteMirrorStorage, type MirroredLink, openMirrorStorage } from "./storage";
import { type SyncReport, syncMirror } from "./sync";

export type { MirroredLink } from "./storage";
export type { SyncReport } from "./sync";

export interface LinkMirrorDeps {
	/** Firestore, asked for only when a sync goes out: reading the mirror creates no Firebase. */
	firestore: () => Firestore;
	owner: string;
	indexedDB: IDBFactory;
	clock: () => number;
	/** Where short links live, e.g. "https://sho.rt/": a link's short URL is this plus its code. */
	shortLinkBase: string;
	/** Told the codes each page of a sync touched, once on disk, so whoever holds a copy can follow. */
	onSynced?: (codes: string[]) => void | Promise<void>;
}

/** One of this worker's own writes, shown at once: links as saved (confirmed: false), or codes deleted. */
export type MirrorChange =
	| { kind: "saved"; links: Omit<MirroredLink, "confirmed">[] }
	| { kind: "deleted"; codes: string[] };

const URL_HASH = new RegExp(URL_HASH_PATTERN);

/** A change naming a code no link can have, or a link without a valid urlHash, is refused whole. */
function checkChange(change: MirrorChange): void {
	const codes = change.kind === "saved" ? change.links.map((link) => link.code) : change.codes;
	const badCode = codes.find((code) => !isCode(code));
	if (badCode !== undefined) throw new ShortyError("invalid-request", `not a link's code: ${badCode.slice(0, 80)}`);
	if (change.kind === "saved" && !change.links.every((link) => URL_HASH.test(link.urlHash))) {
		throw new ShortyError("invalid-request", "a saved link needs the SHA-256 hash of its address");
	}
}

export async function openLinkMirror({ firestore, owner, indexedDB, clock, shortLinkBase, onSynced }: LinkMirrorDeps) {
	const storage = await openMirrorStorage(indexedDB, owner);
	let running: Promise<SyncReport> | null = null;

	const toLink = ({ confirmed: _, urlHash: __, ...link }: MirroredLink): Link => withShortUrl(shortLinkBase, link);

	return {
		/**
		 * Brings the mirror up to date. A sync asked for while one runs shares it: its pages are the ones
		 * that would be read anyway. `maxPages` bounds the work; the next sync goes on where it stopped.
		 */
		sync(maxPages?: number): Promise<SyncReport> {
			running ??= syncMirror({
				db: firestore(),
				owner,
				storage,
				clock,
				...(maxPages ? { maxPages } : {}),
				...(onSynced ? { onPage: onSynced } : {}),
			}).finally(() => {
				running = null;
			});
			return running;
		},

		/** This worker's own create, edit or delete, in the mirror before a sync confirms it. */
		async apply(change: MirrorChange): Promise<void> {
			checkChange(change);
			return change.kind === "saved"
				? storage.put(
						change.links.map((link) => ({ ...link, confirmed: false })),
						[],
					)
				: storage.put([], change.codes);
		},

		/** Every link, in no particular order: what the search index is built from. */
		all: async () => (await storage.all()).map(toLink),
		/** The `count` most recently created, newest first. */
		async newest(count: number): Promise<Link[]> {
			if (!Number.isInteger(count) || count < 0) {
				throw new ShortyError("invalid-request", `how many links: a whole number from 0, not ${count}`);
			}
			return (await storage.newest(count)).map(toLink);
		},
		/** Those of `codes` the mirror holds, by code. */
		async some(codes: readonly string[]): Promise<Map<string, Link>> {
			const found = await storage.some(codes);
			return new Map(found.map((link) => [link.code, toLink(link)]));
		},
		/** Before a generated code's commit: a retry after the worker died must find this create (./storage.ts). */
		creating: (code: string, urlHash: string) => storage.creating(code, urlHash),
		unsettled: (urlHash: string) => storage.unsettled(urlHash),
		settled: (code: string) => storage.settled(code),
		/** The owner's links to the address with this hash (./urlHash.ts). */
		withUrlHash: async (urlHash: string) => (await storage.withUrlHash(urlHash)).map(toLink),
		count: () => storage.count(),
		/** Every link's people, by code (its clickTotals shards summed); a link never followed has no entry. */
		clicks: () => storage.clicks(),
		/** The people of those of `codes` ever followed, by code. */
		clicksOf: (codes: readonly string[]) => storage.clicksOf(codes),
		/**
		 * When the last complete sync finished (the clock's milliseconds), null before one has, and whether a
		 * write of this worker's own may have landed since unseen (`unsure`).
		 */
		trust: () => storage.trust(),
		/** A write of the worker's own may have landed unseen: kept on disk until `sure`, for the next worker too. */
		unsure: () => storage.setUnsure(true),
		/** A sync that started after that write has ended: the copy holds what it did. */
		sure: () => storage.setUnsure(false),
		/** An account made a moment ago has no links: its empty mirror already holds them all. */
		startEmpty: () => storage.startEmpty(clock()),

		/**
		 * Deletes the owner's mirror from disk (sign-out: a signed-out user's links must not stay behind),
		 * after a sync under way; this mirror is closed afterwards.
		 */
		async clear(): Promise<void> {
			await running?.catch(() => undefined);
			storage.close();
			await deleteMirrorStorage(indexedDB, owner);
		},

		/** Closes the database, as a worker that stops does. */
		close: () => storage.close(),
	};
}

export type LinkMirror = Awaited<ReturnType<typeof openLinkMirror>>;
