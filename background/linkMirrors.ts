/**
 * The signed-in user's links as this worker holds them: the IndexedDB mirror (src/links/mirror/) and an
 * in-memory search index built from it, so listing, searching, sorting and paging cost no round trip.
 * One user at a time: when another signs in, or nobody is, the previous user's mirror is deleted from
 * disk (a signed-out user's links must not stay behind, and a left-behind anonymous account's are
 * unreachable anyway).
 *
 * Freshness: a sync (the changes since the last one, one round trip when nothing changed) runs when a
 * page asks for links and the last one is older than FRESH_FOR_MS, and whenever a page asks for one
 * (`syncLinks`: the options page opening or regaining focus). What a sync brings is announced, so open
 * pages follow; the worker's own writes go into the mirror at once. When a shorten's same-address lookup
 * finds a link and the last sync is older than TRUST_HIT_FOR_MS, that link is read first, and the sync
 * follows the reply; a link the worker made into a copy that old, or never synced, starts one too
 * (`saved`), and so does a write of its own that failed and may have landed (`unsure`), whose hits are
 * read first until it ends. A link that a write of its own is deleting or pointing elsewhere (`writing`)
 * is no hit until the copy holds what the write did: a doubt kept on disk too, so a worker stopped
 * mid-write leaves the next one reading hits until its first sync.
 */
import type { Firestore } from "firebase/firestore/lite";
import { type ClickTotals, createLinkIndex, type LinkIndex } from "../src/links/linkSearch";
import { type LinkMirror, openLinkMirror } from "../src/links/mirror/mirror";
import { deleteMirrorsExcept } from "../src/links/mirror/storage";
import type { LocalLinks } from "../src/links/store";
import type { Link, LinksChange } from "../src/links/types";
import { hashUrl } from "../src/links/urlHash";
import { settledWithin } from "../src/timeLimit";

/** A page asking for links within this long of the last sync gets no new one: a page's burst of requests syncs once. */
export const FRESH_FOR_MS = 2_000;
/**
 * How long after a sync the mirror's link for an address is handed out as it stands. Past it, that link is
 * read first (one round trip: LinkMirrorsDeps.linksNow): another browser may have deleted it, or pointed it
 * at another address, and a shorten must not copy a dead or a wrong link. Reading it, not syncing first,
 * keeps that one round trip however much changed elsewhere, and needs no Auth in a worker just started
 * (the saved token reads it). A repeated address within it (copied again, from the popup, the menu or the
 * shortcut) still sends nothing. A miss is not checked: the worst it makes is a second link to the
 * address, both working, settled by the sync that a link made into a copy this old starts (`saved`).
 */
export const TRUST_HIT_FOR_MS = 5 * 60_000;
/**
 * How long a shorten waits for that read. It is a help: a link in the copy is most likely still good, and
 * past this the copy's answer stands, as it does offline. Three seconds covers a round trip from the far
 * side of the world with a token to refresh and connections to open, and is well under the pages' own
 * request timeout (REQUEST_TIMEOUT_MS, src/messages.ts).
 */
export const CHECK_HIT_WITHIN_MS = 3_000;
/**
 * How long an edit or a delete waits for the copy to mark its doubt on disk (LinkMirrors.writing): a
 * write to IndexedDB, some milliseconds, unless the copy is still opening behind something slow.
 */
export const MARK_WITHIN_MS = 1_000;

/** Where the owner's links at these codes point now (null for none of theirs), or null when that cannot be said. */
export type LinksNow = (owner: string, codes: string[]) => Promise<Map<string, string | null> | null>;

/**
 * The answer within `ms`; null when it failed or came too late (a hit's read: the mirror's answer stands,
 * most likely right; a write's mark: the write goes without it).
 */
function checkedInTime<T>(check: Promise<T>, ms = CHECK_HIT_WITHIN_MS): Promise<T | null> {
	return settledWithin(
		check.catch(() => null),
		ms,
		() => null,
	);
}

export interface LinkMirrorsDeps {
	indexedDB: IDBFactory;
	/** Called on the first need, so a worker that never lists links never starts Firestore. */
	firestore: () => Firestore;
	/**
	 * Reads where links of the owner's point now: through Firestore once Auth has started, and before it with
	 * the saved token (background/earlyShortenDeps.ts), so a worker just started need not wait for Auth.
	 */
	linksNow: LinksNow;
	clock: () => number;
	shortLinkBase: string;
	/** Tells open pages what a sync changed: links made, edited or deleted in another browser. */
	announce: (change: LinksChange) => void;
}

/** What the worker knows of one user's links right now. */
export interface HeldLinks {
	index: LinkIndex;
	/** People by code, as synced with the links: what sorting and filtering by clicks read. */
	clicks: ClickTotals;
	/** False until a sync has reached the end once: the index holds only part of the links. */
	complete: boolean;
}

/** A write of the worker's own that changes where links point, from before it is sent until the copy follows it. */
interface WriteUnderWay {
	codes: ReadonlySet<string>;
	/** Answered: it has landed, and a sync that starts from now on reads what it did. */
	answered: boolean;
	/**
	 * A sync started before the write was answered: it may have read before the write landed, and put back
	 * what the write replaced after the copy followed it.
	 */
	overlapped: boolean;
}

/** What the worker tells the copy about its write under way (LinkMirrors.writing). */
export interface WriteDoubt {
	/** The write was answered: it landed. */
	answered(): void;
	/** The copy holds what the write did, or the write failed and said so with `unsure`. */
	lift(): Promise<void>;
}

interface Held {
	owner: string;
	mirror: LinkMirror;
	/**
	 * Built from the mirror on the first search, not when the mirror opens: a shorten needs only the
	 * mirror's address lookup, and reading every link into memory would sit on its critical path. A
	 * promise, so that what a sync or this worker writes while it is being read waits for it, and is
	 * applied on top, rather than lost between the read and the index.
	 */
	index: Promise<LinkIndex> | null;
	/** People by code: read from the mirror with the index, then kept up to date with it. */
	clicks: Map<string, number>;
	/** True once a sync has reached the end, in this worker or an earlier one. */
	complete: boolean;
	/** When the last sync that reached the end finished, by the injected clock. */
	syncedAt: number | null;
	/**
	 * Doubts about the copy, a fresh symbol each. `failed`: a write of the worker's own failed and may have
	 * landed unseen (`unsure`); while any is left no hit is handed out unread, and each is cleared by the
	 * first sync that started after it and reached the end (one under way may have read before it landed).
	 * `writing`: a write that changes where these links point is under way (`writing`), lifted once the copy
	 * holds what it did; its links are no hit meanwhile. Kept on disk as one flag, for a worker started after
	 * this one stops, even mid-write.
	 */
	doubts: { failed: Set<symbol>; writing: Map<symbol, WriteUnderWay> };
	syncing: Promise<void> | null;
}

export function createLinkMirrors({ indexedDB, firestore, linksNow, clock, shortLinkBase, announce }: LinkMirrorsDeps) {
	let current: Promise<Held> | null = null;
	let currentOwner: string | null = null;
	/** Whom Auth named last (signedIn); undefined until it has. */
	let named: string | null | undefined;
	/**
	 * Users Auth named before the one it names now: no mirror of theirs opens again (until Auth names them
	 * again), so a write that lands after their sign-out (a shorten or an edit under way) cannot bring
	 * their links back to disk.
	 */
	const departed = new Set<string>();
	/** signedIn's deletes, one after another: an earlier one running late must not delete a later user's mirror. */
	let following: Promise<void> = Promise.resolve();
	/**
	 * The clear of the mirror signedIn last closed, which deletes its owner's database once a running sync
	 * ends; null once it has.
	 */
	let clearing: { owner: string; done: Promise<void> } | null = null;
	/** The owner's mirror is being cleared: a shorten then asks Firestore rather than wait for a sync to end. */
	const beingCleared = (owner: string) => clearing?.owner === owner;

	/** Reads what a sync page touched back from disk into the index, and tells the pages. */
	async function follow(held: Held, codes: string[]): Promise<void> {
		// Without an index nobody is looking: it is built from the mirror, page included, when one asks.
		if (held.index === null) return;
		const [index, stored, clicks] = await Promise.all([
			held.index,
			held.mirror.some(codes),
			held.mirror.clicksOf(codes),
		]);
		const change: Record<LinksChange["kind"], string[]> = { created: [], updated: [], deleted: [] };
		for (const code of new Set(codes)) {
			const link = stored.get(code);
			const people = clicks.get(code);
			if (people === undefined) held.clicks.delete(code);
			else held.clicks.set(code, people);
			const had = index.has(code);
			if (link) {
				index.put(link);
				change[had ? "updated" : "created"].push(code);
			} else if (had) {
				index.remove(code);
				change.deleted.push(code);
			}
		}
		// While the first sync runs, every page is news to the index, not links someone just made: the pages
		// reload rather than count "new links".
		if (!held.complete) change.updated.push(...change.created.splice(0));
		for (const kind of ["created", "updated", "deleted"] as const) {
			if (change[kind].length > 0) announce({ kind, codes: change[kind] });
		}
	}

	async function open(owner: string): Promise<Held> {
		// Set once the mirror exists; a sync page can only arrive after that, from sync() below.
		let held: Held | undefined;
		const mirror = await openLinkMirror({
			firestore,
			owner,
			indexedDB,
			clock,
			shortLinkBase,
			onSynced: (codes) => (held ? follow(held, codes) : undefined),
		});
		const { finishedAt: syncedAt, unsure } = await mirror.trust();
		held = {
			owner,
			mirror,
			index: null,
			clicks: new Map(),
			complete: syncedAt !== null,
			syncedAt,
			doubts: { failed: new Set(unsure ? [Symbol("unsure")] : []), writing: new Map() },
			syncing: null,
		};
		return held;
	}

	function heldFor(owner: string): Promise<Held> {
		if (departed.has(owner)) return Promise.reject(new Error("the mirror's owner has signed out"));
		if (currentOwner !== owner || current === null) {
			const previous = current;
			currentOwner = owner;
			current = (async () => {
				await previous?.then((held) => held.mirror.close()).catch(() => undefined);
				// The same user back before their sign-out's clear is done: it would delete the database opened now.
				if (beingCleared(owner)) await clearing?.done;
				return open(owner);
			})();
			// A mirror that failed to open is tried again on the next request rather than failing for ever.
			current.catch(() => {
				if (currentOwner === owner) current = null;
			});
		}
		return current;
	}

	function sync(held: Held): Promise<void> {
		if (held.syncing) return held.syncing;
		// A sync clears only the doubts it started after, and none of a write still under way.
		const settles = [...held.doubts.failed];
		for (const write of held.doubts.writing.values()) write.overlapped ||= !write.answered;
		held.syncing = held.mirror
			.sync()
			.then(async () => {
				held.complete = true;
				held.syncedAt = clock();
				for (const doubt of settles) held.doubts.failed.delete(doubt);
				// Left on disk, it costs the next worker one read of a hit: no reason to fail the sync.
				if (settles.length > 0) await lifted(held).catch(() => undefined);
			})
			.finally(() => {
				held.syncing = null;
			});
		return held.syncing;
	}

	/** The held links with their index, read from the mirror the first time. */
	async function indexed(held: Held): Promise<HeldLinks> {
		if (held.index === null) {
			const building = Promise.all([held.mirror.all(), held.mirror.clicks()]).then(([links, clicks]) => {
				held.clicks = clicks;
				return createLinkIndex(links);
			});
			held.index = building;
			// A failed read is tried again by the next request rather than kept.
			building.catch(() => {
				if (held.index === building) held.index = null;
			});
		}
		const index = await held.index;
		return { index, clicks: held.clicks, complete: held.complete };
	}

	/**
	 * Synced within `ms`, with no doubt a sync would clear since. A write under way is no reason to sync:
	 * it is followed into the copy by the worker itself.
	 */
	const syncedWithin = (held: Held, ms: number) =>
		held.doubts.failed.size === 0 && held.syncedAt !== null && clock() - held.syncedAt < ms;

	/** Whether a write of the worker's own is about to delete `code` or point it elsewhere. */
	const underWrite = (held: Held, code: string) =>
		[...held.doubts.writing.values()].some(({ codes }) => codes.has(code));

	/** Clears the doubt on disk once none is left; a doubt raised since has set it again, in order. */
	function lifted(held: Held): Promise<void> {
		const { failed, writing } = held.doubts;
		return failed.size + writing.size === 0 ? held.mirror.sure() : Promise.resolve();
	}

	/** Starts a sync once any under way has ended: the first that can end a doubt raised now. */
	function syncAfterRunning(held: Held): void {
		const running = held.syncing;
		void (async () => {
			await running?.catch(() => undefined);
			await sync(held);
		})().catch(() => undefined);
	}

	/** Starts a sync, without waiting for it, when the last is older than FRESH_FOR_MS. */
	function freshen(held: Held): void {
		if (!syncedWithin(held, FRESH_FOR_MS)) sync(held).catch(() => undefined);
	}

	/** The same-address lookup and its crash-safe creates, answered by the mirror on disk (src/links/store/create.ts). */
	const local: LocalLinks = {
		async sameAddress(owner, urlHash) {
			if (beingCleared(owner)) return null;
			const held = await heldFor(owner);
			// A mirror that never synced in full may lack the very link asked about: Firestore answers instead.
			if (!held.complete) return null;
			const [stored, unsettled] = await Promise.all([held.mirror.withUrlHash(urlHash), held.mirror.unsettled(urlHash)]);
			// A link whose delete or new target is on its way is no answer, read or not: it would die or move a
			// moment after it was handed out. The address gets a link of its own (should that write fail, both work).
			const links = stored.filter((link) => !underWrite(held, link.code));
			if (links.length === 0 || syncedWithin(held, TRUST_HIT_FOR_MS)) return { links, unsettled };
			const codes = links.map((link) => link.code);
			const now = await checkedInTime(linksNow(owner, codes));
			// The rest of the copy after the reply, which is on its way once this lookup has answered.
			setTimeout(() => void sync(held).catch(() => undefined));
			const confirmed = now ? links.filter((link) => now.get(link.code) === link.url) : links;
			// A write of the worker's own that began, or even ended, while the read was out: the read may have
			// answered before its commit. What the copy holds now, with no write of it under way, has the last word.
			const stillHeld = new Map((await held.mirror.withUrlHash(urlHash)).map((link) => [link.code, link.url]));
			const current = (link: Link) => stillHeld.get(link.code) === link.url && !underWrite(held, link.code);
			return { links: confirmed.filter(current), unsettled };
		},
		// While the mirror is being cleared its lookups ask Firestore, which a retry's lookup would ask too:
		// the record of a create then has no reader, and is not kept.
		async creating(owner, urlHash, code) {
			if (!beingCleared(owner)) await (await heldFor(owner)).mirror.creating(code, urlHash);
		},
		async settled(owner, code) {
			if (!beingCleared(owner)) await (await heldFor(owner)).mirror.settled(code);
		},
	};

	return {
		local,

		/**
		 * The owner's links as held now, after starting a sync when the last is older than FRESH_FOR_MS. Never
		 * waits for that sync: until the first has reached the end, the index holds what has arrived so far
		 * and says it is not complete.
		 */
		async links(owner: string): Promise<HeldLinks> {
			const held = await heldFor(owner);
			freshen(held);
			return indexed(held);
		},

		/**
		 * The owner's `count` newest links from the mirror on disk, null until it holds them all; either way it
		 * is then freshened (a sync when the last is older than FRESH_FOR_MS) for the next shorten's lookup,
		 * without building the index.
		 */
		async newest(owner: string, count: number): Promise<Link[] | null> {
			const held = await heldFor(owner);
			freshen(held);
			return held.complete ? held.mirror.newest(count) : null;
		},

		/** Brings the owner's links up to date now (a page opened or regained focus); its changes are announced. */
		async sync(owner: string): Promise<HeldLinks> {
			const held = await heldFor(owner);
			await sync(held);
			return indexed(held);
		},

		/**
		 * The owner's account was made a moment ago (the shorten that started an anonymous session): it has no
		 * links but the ones this worker makes, so the mirror answers the next shorten's lookup without a first
		 * sync (which a browser closed right after the first shorten would otherwise never finish).
		 */
		async newAccount(owner: string): Promise<void> {
			const held = await heldFor(owner);
			await held.mirror.startEmpty();
			held.complete = true;
			held.syncedAt = clock();
		},

		/**
		 * The worker's own new or edited link, in the mirror and the index before any sync brings it back; a
		 * new link's record of its create goes in the same transaction.
		 */
		async saved(owner: string, link: Link): Promise<void> {
			const held = await heldFor(owner);
			(await held.index)?.put(link);
			const { shortUrl: _, ...stored } = link;
			await held.mirror.apply({ kind: "saved", links: [{ ...stored, urlHash: await hashUrl(link.url) }] });
			// A copy past TRUST_HIT_FOR_MS syncs now: its miss was not checked, so the link just made may be a
			// second one to an address shortened elsewhere meanwhile, which this sync brings to settle on. A copy
			// that never synced in full starts its first sync: the menu and the shortcut ask for none, and until
			// it ends every lookup of theirs is a round trip to Firestore. (It has no sync time: one check covers both.)
			if (!syncedWithin(held, TRUST_HIT_FOR_MS)) sync(held).catch(() => undefined);
		},

		/**
		 * A write of the worker's own failed, and may have landed all the same (its answer lost; some of a
		 * delete's batches in): from now until a sync that starts after it has ended, a hit is read before it
		 * is handed out, however recent the last sync, in this worker and in one started after it. Resolves
		 * once that holds, on disk too; the sync runs on its own.
		 */
		async unsure(owner: string): Promise<void> {
			const held = await heldFor(owner);
			held.doubts.failed.add(Symbol("unsure"));
			await held.mirror.unsure();
			syncAfterRunning(held);
		},

		/**
		 * A write of the worker's own that changes where `codes` point (a new target, a delete) is about to be
		 * sent: until its doubt is lifted, once the copy holds what the write did, no hit among them is handed
		 * out. Resolves once the doubt holds on disk too, as one mark for every link: a worker stopped after the
		 * write landed and before the copy followed (Chrome's, mid-request) leaves the next one reading its hits
		 * until its first sync, rather than handing out a link deleted or pointed elsewhere. A write that never
		 * settles keeps its doubt for the worker's life (Firestore's fetch has no time limit; the pages' turns
		 * hold that link's next writes the same way). The doubt is a help, never a condition: past
		 * MARK_WITHIN_MS, or failed, or while the owner's copy is being cleared, the write goes without it.
		 */
		async writing(owner: string, codes: readonly string[]): Promise<WriteDoubt> {
			const none: WriteDoubt = { answered: () => undefined, lift: async () => undefined };
			if (beingCleared(owner)) return none;
			const marking = (async (): Promise<WriteDoubt> => {
				const held = await heldFor(owner);
				const doubt = Symbol("writing");
				const write: WriteUnderWay = { codes: new Set(codes), answered: false, overlapped: held.syncing !== null };
				held.doubts.writing.set(doubt, write);
				try {
					await held.mirror.unsure();
				} catch (error) {
					held.doubts.writing.delete(doubt);
					// A sync that ended meanwhile left the mark to this doubt.
					void lifted(held).catch(() => undefined);
					throw error;
				}
				return {
					answered: () => {
						write.answered = true;
					},
					lift: () => {
						held.doubts.writing.delete(doubt);
						if (!write.overlapped) return lifted(held);
						// The doubt stays until a sync started after the copy followed the write has ended.
						held.doubts.failed.add(Symbol("unsure"));
						syncAfterRunning(held);
						return Promise.resolve();
					},
				};
			})();
			const doubt = await checkedInTime(marking, MARK_WITHIN_MS);
			if (doubt) return doubt;
			// Marked too late to be of use: lifted as soon as it is.
			void marking.then((late) => late.lift()).catch(() => undefined);
			return none;
		},

		/** The worker's own deletes. */
		async deleted(owner: string, codes: string[]): Promise<void> {
			const held = await heldFor(owner);
			const index = await held.index;
			for (const code of codes) {
				index?.remove(code);
				held.clicks.delete(code);
			}
			await held.mirror.apply({ kind: "deleted", codes });
		},

		/**
		 * Follows who is signed in (the worker calls it as Auth starts and on every change): another user's
		 * mirror, or everyone's when nobody is, is deleted from disk, here rather than when a mirror opens, so
		 * listing the databases never sits on a shorten's path. The new user's mirror opens on their first
		 * request. Calls that overlap (a sign-out, then a sign-in) delete in turn, each keeping the user
		 * named last.
		 */
		signedIn(owner: string | null): Promise<void> {
			if (named && named !== owner) departed.add(named);
			if (owner !== null) departed.delete(owner);
			named = owner;
			const deleting = following.then(async () => {
				const keep = named ?? null;
				if (keep === null || keep !== currentOwner) {
					const [previous, cleared] = [current, currentOwner];
					current = null;
					currentOwner = null;
					if (previous && cleared) {
						const done = previous.then((held) => held.mirror.clear()).catch(() => undefined);
						const thisClear = { owner: cleared, done };
						clearing = thisClear;
						await done;
						if (clearing === thisClear) clearing = null;
					}
				}
				// Whom Auth names now: the clear waits for a running sync, and a user named meanwhile may have
				// opened their mirror already.
				await deleteMirrorsExcept(indexedDB, named ?? null);
			});
			following = deleting.catch(() => undefined);
			return deleting;
		},
	};
}

export type LinkMirrors = ReturnType<typeof createLinkMirrors>;
