/**
 * The user's links in Cloud Firestore, through firebase/firestore/lite (REST over fetch, which a
 * service worker can use). Every dependency arrives as an argument, so the integration tests run this
 * exact code against the local backend with the real SDK.
 *
 * links/{code} is private to its owner, targets/{code} public, what the redirect page reads (their fields
 * and limits: ./schema.ts). The pair is written, edited and deleted together; firestore.rules checks each
 * half against the other.
 */
import {
	collection,
	type DocumentSnapshot,
	doc,
	documentId,
	endBefore,
	type FieldValue,
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
import { ShortyError, toAppError } from "../errors";
import { deleteDayCounts } from "./clickStore";
import { checkAlias, generateCode, isCode } from "./codes";
import { decodeCursor, encodeCursor } from "./cursor";
import { writeTombstones } from "./mirror/tombstones";
import { countNewLink, oneMore, type QuotaWrite, type StoredQuota } from "./quota";
import { LINKS, type LinkDocument, MAX_TITLE_LENGTH, QUOTAS, TARGETS, type TargetDocument } from "./schema";
import type { Checked, Link, LinkPage, LinksChange, PageSize, RandomBytes } from "./types";
import { hashUrl } from "./urlHash";
import { checkUrl } from "./urls";

/** A fresh random code collides about once in 1.95 trillion; five misses in a row means something else is wrong. */
const CODE_ATTEMPTS = 5;
/**
 * Commits of one new link: one more in the quota (or what the quota read says); then, refused, what the
 * quota read says (a first or a new window); then that again, when another shorten of the owner's opened
 * the window first.
 */
const QUOTA_ATTEMPTS = 3;
/** Firestore's limit on the values of one `in` filter. */
const IN_LIMIT = 30;
/** The most links one delete request may name: the largest page, since the page deletes what it shows. */
export const DELETE_LIMIT = 100;
/**
 * Links per batch when deleting many. Firestore allows a batched write at most 20 document-access calls
 * in its rules (https://firebase.google.com/docs/firestore/security/rules-conditions#access_calls_limits).
 * Deleting one link costs up to 4 (links: existsAfter(target); targets: exists(link), get(link) and
 * existsAfter(link), if none is cached), so 5 links = 10 writes = at most 20 calls.
 */
export const DELETE_BATCH = 5;
/** Batches in flight at once: 100 links take 20 batches, 4 rounds of 5, without flooding the connection. */
const DELETE_PARALLEL = 5;
/** Sorts after every character a code can hold, so `prefix` to `prefix + CODE_END` is exactly the prefix's range. */
const CODE_END = "\uf8ff";

export interface LinkStoreDeps {
	db: Firestore;
	random: RandomBytes;
	/** Milliseconds since the epoch; stands in for the server's time in what shorten() returns. */
	clock: () => number;
	/** Where short links live, e.g. "https://sho.rt/"; a link's short URL is this plus its code. */
	shortLinkBase: string;
	/** The short-link site's other names (shortLinkSiteHosts), refused as targets as shortLinkBase is. */
	siteHosts?: readonly string[];
	/** Told after every write that changed links, so open pages can follow. */
	onChange?: (change: LinksChange) => void;
}

export interface NewLink {
	url: string;
	title?: string;
	/** A code of the user's choosing; without one, a code is generated and the same URL returns its old link. */
	alias?: string;
	/** The owner's session is anonymous, which the rules allow fewer new links an hour (./quota.ts). */
	anonymous?: boolean;
}

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

type StoredLink = LinkDocument<Timestamp>;
type LinkFields = Omit<StoredLink, "createdAt" | "updatedAt">;

function unwrap<T>(checked: Checked<T>): T {
	if (!checked.ok) throw ShortyError.from(checked.error);
	return checked.value;
}

function chunksOf<T>(items: T[], size: number): T[][] {
	return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const HIGH_SURROGATE = /[\ud800-\udbff]/;

/**
 * A page title as the rules take it: at most MAX_TITLE_LENGTH UTF-16 units, cut between characters, so
 * at most as many code points too, whichever way the rules' size() counts. A lone surrogate (a page
 * title can hold one) is not valid UTF-8, which Firestore refuses, so it becomes U+FFFD.
 */
function storedTitle(title: string): string {
	const wellFormed = title.trim().replace(LONE_SURROGATE, "\ufffd");
	const splitsPair = HIGH_SURROGATE.test(wellFormed.charAt(MAX_TITLE_LENGTH - 1));
	return wellFormed.slice(0, splitsPair ? MAX_TITLE_LENGTH - 1 : MAX_TITLE_LENGTH);
}

function isPermissionDenied(error: unknown): boolean {
	return (error as { code?: unknown })?.code === "permission-denied";
}

export function createLinkStore({
	db,
	random,
	clock,
	shortLinkBase,
	siteHosts = [],
	onChange = () => undefined,
}: LinkStoreDeps) {
	const links = collection(db, LINKS);
	/** Shortens under way in this worker, by owner and URL: a second request for the same waits for the first. */
	const inFlight = new Map<string, Promise<Link>>();
	/** Owners whose quota this worker has counted a link in: it exists, so the next is one more, unread. */
	const counting = new Set<string>();

	function linkOf(code: string, fields: LinkFields, createdAt: number, updatedAt = createdAt): Link {
		const { url, host, title, custom } = fields;
		return {
			code,
			url,
			host,
			title,
			shortUrl: new URL(code, shortLinkBase).href,
			createdAt,
			updatedAt,
			custom,
		};
	}

	function toLink(snapshot: DocumentSnapshot): Link {
		const data = snapshot.data() as StoredLink;
		return linkOf(snapshot.id, data, data.createdAt.toMillis(), data.updatedAt.toMillis());
	}

	function cursorOf(snapshot: DocumentSnapshot): string {
		const { createdAt } = snapshot.data() as StoredLink;
		return encodeCursor({ seconds: createdAt.seconds, nanoseconds: createdAt.nanoseconds, code: snapshot.id });
	}

	function cursorValues(cursor: string): [Timestamp, string] {
		const { seconds, nanoseconds, code } = decodeCursor(cursor);
		return [new Timestamp(seconds, nanoseconds), code];
	}

	function ownLinks(owner: string, host?: string): Query {
		const mine = query(links, where("owner", "==", owner));
		return host === undefined ? mine : query(mine, where("host", "==", host));
	}

	function pagerFor(owner: string, { host, codePrefix }: PageRequest): Pager {
		if (codePrefix !== undefined) {
			const matching = query(
				ownLinks(owner),
				where(documentId(), ">=", codePrefix),
				where(documentId(), "<", `${codePrefix}${CODE_END}`),
			);
			return {
				matching,
				ordered: query(matching, orderBy(documentId())),
				boundary: (cursor) => [decodeCursor(cursor).code],
			};
		}
		const matching = ownLinks(owner, host);
		const ordered = query(matching, orderBy("createdAt", "desc"), orderBy(documentId(), "desc"));
		return { matching, ordered, boundary: cursorValues };
	}

	/**
	 * Creates links/{code} and targets/{code} unless the code is taken; false when it is. The same batch counts
	 * the link in the owner's quota, which the rules require: `counted`, or, when null, what the quota read
	 * beside the target says (./quota.ts), which may be rate-limited.
	 */
	async function commitIfFree(
		code: string,
		fields: LinkFields,
		anonymous: boolean,
		counted: QuotaWrite | null,
	): Promise<boolean> {
		const quotaOfOwner = doc(db, QUOTAS, fields.owner);
		// The target is the public half, so anyone may read it: the way to learn whether a code is taken.
		// The transaction commits with an exists=false precondition on it, so of two racing creates one wins.
		// The quota is read beside the transaction, not in it, so it carries no precondition: the owner's
		// shortens in other tabs do not make each other retry.
		return runTransaction(db, async (transaction) => {
			const [taken, quota] = await Promise.all([
				transaction.get(doc(db, TARGETS, code)),
				counted ? null : getDoc(quotaOfOwner),
			]);
			if (taken.exists()) return false;
			const count = counted ?? unwrap(countNewLink(quota?.data() as StoredQuota | undefined, code, clock(), anonymous));
			const link: LinkDocument<FieldValue> = {
				...fields,
				createdAt: serverTimestamp(),
				updatedAt: serverTimestamp(),
			};
			const target: TargetDocument = { url: fields.url };
			transaction.set(doc(db, LINKS, code), link);
			transaction.set(doc(db, TARGETS, code), target);
			transaction.set(quotaOfOwner, count, { merge: true });
			return true;
		});
	}

	/**
	 * Creates the link unless the code is taken; false when it is. An owner this worker has counted before
	 * gets one more without a read; otherwise, and after a refusal, the quota is read beside the target:
	 * no window yet (the first link), a full one (a new window once its hour is over, else rate-limited),
	 * or another shorten of the owner's that opened the window at the same moment.
	 */
	async function createIfFree(code: string, fields: LinkFields, anonymous: boolean): Promise<boolean> {
		let counted = counting.has(fields.owner) ? oneMore(code) : null;
		for (let attempt = 1; ; attempt++) {
			try {
				const made = await commitIfFree(code, fields, anonymous, counted);
				if (made) counting.add(fields.owner);
				return made;
			} catch (error) {
				if (!isPermissionDenied(error)) throw error;
				// Firestore judges a write by the rules before its precondition: when the code was taken between the
				// read and the commit, the loser hears permission-denied (its set would overwrite the winner's link),
				// not already-exists. The target, public, tells the two apart.
				if ((await getDoc(doc(db, TARGETS, code))).exists()) return false;
				if (attempt === QUOTA_ATTEMPTS) throw error;
				counted = null;
			}
		}
	}

	/**
	 * The link a plain shorten of this exact URL gives back, if the user has one: their newest alias for it
	 * (a name they chose is the one they mean to share), else their generated link. Both queries are the
	 * `owner, urlHash, custom` index's; one user's aliases for one address are few (each is a deliberate
	 * act), so they are all read and the newest picked here.
	 */
	async function findExisting(owner: string, urlHash: string): Promise<Link | null> {
		const sameUrl = query(ownLinks(owner), where("urlHash", "==", urlHash));
		const [aliases, generated] = await Promise.all([
			getDocs(query(sameUrl, where("custom", "==", true))),
			getDocs(query(sameUrl, where("custom", "==", false), limit(1))),
		]);
		const newestAlias = aliases.docs.map(toLink).sort((a, b) => b.createdAt - a.createdAt)[0];
		const first = generated.docs[0];
		return newestAlias ?? (first ? toLink(first) : null);
	}

	/** One of the user's links; the rules make anyone else's unreadable, which reads as not found. */
	async function get(code: string): Promise<Link> {
		// A string that cannot be a code cannot name a link, and must not reach Firestore as a path.
		if (!isCode(code)) throw new ShortyError("link-not-found");
		try {
			const snapshot = await getDoc(doc(db, LINKS, code));
			if (snapshot.exists()) return toLink(snapshot);
		} catch (error) {
			// Whether a code is someone else's is not the caller's business.
			if (!isPermissionDenied(error)) throw error;
		}
		throw new ShortyError("link-not-found");
	}

	/**
	 * One page of the user's links, newest first (or in code order for a code prefix). Costs one page and
	 * one count, whatever the total.
	 */
	async function listPage(owner: string, request: PageRequest): Promise<LinkPage> {
		const { matching, ordered, boundary } = pagerFor(owner, request);
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
		if (request.after && docs.length === 0 && total > 0) return lastPage(ordered, request.pageSize, total);
		const overflow = docs.length > request.pageSize;
		// Going back reached the first links (links may have been added since): that is the first page,
		// which must be full, not the few links that happen to lie before the cursor.
		if (request.before && !overflow) {
			const { before: _, ...first } = request;
			return listPage(owner, first);
		}
		const shown = request.before ? docs.slice(1) : docs.slice(0, request.pageSize);
		const first = shown[0];
		const last = shown.at(-1);
		const hasNext = request.before !== undefined || overflow;
		const hasPrevious = request.before !== undefined || request.after !== undefined;
		return {
			links: shown.map(toLink),
			total,
			next: hasNext && last ? cursorOf(last) : null,
			previous: hasPrevious && first ? cursorOf(first) : null,
		};
	}

	async function lastPage(ordered: Query, pageSize: PageSize, total: number): Promise<LinkPage> {
		const docs = (await getDocs(query(ordered, limitToLast(pageSize + 1)))).docs;
		const shown = docs.slice(-pageSize);
		const first = shown[0];
		return {
			links: shown.map(toLink),
			total,
			next: null,
			previous: docs.length > pageSize && first ? cursorOf(first) : null,
		};
	}

	function created(code: string, fields: LinkFields): Link {
		onChange({ kind: "created", codes: [code] });
		return linkOf(code, fields, clock());
	}

	/**
	 * The link at a code found taken, when this very request took it: its commit landed but the answer was
	 * lost and the SDK retried the transaction, or the worker died before answering and the page asked
	 * again. Another user's link is unreadable (owner-only), so it never counts as ours.
	 */
	async function madeByThisRequest(code: string, fields: LinkFields): Promise<Link | null> {
		const existing = await get(code).catch(() => null);
		return existing?.url === fields.url && existing.custom === fields.custom ? existing : null;
	}

	async function createAliased(alias: string, fields: LinkFields, anonymous: boolean): Promise<Link> {
		if (await createIfFree(alias, fields, anonymous)) return created(alias, fields);
		const mine = await madeByThisRequest(alias, fields);
		if (mine) return mine;
		throw new ShortyError("alias-taken");
	}

	async function createGenerated(owner: string, fields: LinkFields, anonymous: boolean): Promise<Link> {
		const existing = await findExisting(owner, fields.urlHash);
		if (existing) return existing;
		for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
			const code = generateCode(random);
			if (await createIfFree(code, fields, anonymous)) return created(code, fields);
			const mine = await madeByThisRequest(code, fields);
			if (mine) return mine;
		}
		throw new ShortyError("codes-exhausted");
	}

	/** Which of `codes` are `owner`'s links: an `in` filter takes at most IN_LIMIT values. */
	async function ownedAmong(owner: string, codes: string[]): Promise<string[]> {
		const found = await Promise.all(
			chunksOf(codes, IN_LIMIT).map((chunk) => getDocs(query(ownLinks(owner), where(documentId(), "in", chunk)))),
		);
		return found.flatMap((snapshot) => snapshot.docs.map((link) => link.id));
	}

	/**
	 * Deletes links with their public targets in one batch, leaving their tombstones for mirrors to sync
	 * (./mirror/tombstones.ts): all of them, or none. Their visit counts go
	 * first, while the links still exist (the rules find the owner on the link), so a later link with the
	 * same alias does not inherit them; a failure in between leaves counts of links that still exist.
	 */
	async function deleteTogether(owner: string, codes: string[]): Promise<void> {
		await Promise.all(codes.map((code) => deleteDayCounts(db, code)));
		const batch = writeBatch(db);
		for (const code of codes) {
			batch.delete(doc(db, LINKS, code));
			batch.delete(doc(db, TARGETS, code));
		}
		writeTombstones(batch, db, owner, codes);
		await batch.commit();
	}

	return {
		get,

		/**
		 * Shortens a URL for `owner`. Without an alias, the same URL returns the user's existing link (their
		 * newest alias for it, else the generated one), which also makes a retried request (after the worker
		 * died mid-way) safe: it finds what the first made.
		 * The link returned carries the injected clock's time as createdAt: reading the server's back would
		 * cost another round trip on the popup's critical path; lists show the server's.
		 */
		async shorten(owner: string, input: NewLink): Promise<Link> {
			const { url, host } = unwrap(checkUrl(input.url, shortLinkBase, siteHosts));
			const urlHash = await hashUrl(url);
			const title = storedTitle(input.title ?? "");
			const alias = input.alias?.trim() ? unwrap(checkAlias(input.alias)) : null;
			const fields: LinkFields = { url, host, owner, title, custom: alias !== null, urlHash };
			const key = `${owner} ${alias ?? ""} ${urlHash}`;
			const running = inFlight.get(key);
			if (running) return running;
			const anonymous = input.anonymous ?? false;
			const shortening =
				alias === null ? createGenerated(owner, fields, anonymous) : createAliased(alias, fields, anonymous);
			inFlight.set(key, shortening);
			try {
				return await shortening;
			} finally {
				inFlight.delete(key);
			}
		},

		listPage,

		/** Those of `codes` that no link holds yet, in the order given: read from the public targets/{code}. */
		async freeAmong(codes: string[]): Promise<string[]> {
			const valid = codes.filter(isCode);
			const taken = await Promise.all(valid.map(async (code) => (await getDoc(doc(db, TARGETS, code))).exists()));
			return valid.filter((_, index) => !taken[index]);
		},

		/** Points a link somewhere else; its public target changes in the same batch. */
		async updateTarget(code: string, newUrl: string): Promise<Link> {
			const { url, host } = unwrap(checkUrl(newUrl, shortLinkBase, siteHosts));
			const current = await get(code);
			const batch = writeBatch(db);
			const edit: Partial<LinkDocument<FieldValue>> = {
				url,
				host,
				urlHash: await hashUrl(url),
				updatedAt: serverTimestamp(),
			};
			const target: TargetDocument = { url };
			batch.update(doc(db, LINKS, code), edit);
			batch.set(doc(db, TARGETS, code), target);
			try {
				await batch.commit();
			} catch (error) {
				// A link deleted since the read fails the rules (the update would create half a link) before its
				// exists precondition, so it comes back as permission-denied: reading it again says link-not-found.
				if (isPermissionDenied(error)) await get(code);
				throw error;
			}
			onChange({ kind: "updated", codes: [code] });
			return { ...current, url, host, updatedAt: clock() };
		},

		/**
		 * Deletes those of `codes` that are `owner`'s links, with their targets, and returns them. A code that
		 * is gone already (deleted from another tab) or someone else's is skipped rather than failing the
		 * rest. The links go in batches of DELETE_BATCH, each announced as it lands; when one fails, no
		 * further batch starts and the error says how many were deleted (those announced).
		 */
		async removeMany(owner: string, codes: string[]): Promise<string[]> {
			if (codes.length > DELETE_LIMIT) {
				throw new ShortyError("invalid-request", `at most ${DELETE_LIMIT} links at a time`);
			}
			const mine = await ownedAmong(owner, [...new Set(codes.filter(isCode))]);
			const batches = chunksOf(mine, DELETE_BATCH);
			const deleted: string[] = [];
			let failure: unknown = null;
			const worker = async () => {
				for (let batch = batches.shift(); batch && failure === null; batch = batches.shift()) {
					try {
						await deleteTogether(owner, batch);
						deleted.push(...batch);
						onChange({ kind: "deleted", codes: batch });
					} catch (error) {
						failure ??= error;
					}
				}
			};
			await Promise.all(Array.from({ length: DELETE_PARALLEL }, worker));
			if (failure !== null) {
				throw new ShortyError(toAppError(failure).code, `${deleted.length} of ${mine.length} links were deleted`);
			}
			return deleted;
		},
	};
}

export type LinkStore = ReturnType<typeof createLinkStore>;
