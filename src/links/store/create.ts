/**
 * Creating links: links/{code} and its public targets/{code}, counted in the owner's quota (../quota.ts)
 * by the same commit, under a generated code or the user's alias.
 */
import { doc, type FieldValue, type Firestore, getDoc, serverTimestamp, writeBatch } from "firebase/firestore/lite";
import { ShortyError } from "../../errors";
import { checkAlias, generateCode } from "../codes";
import { countNewLink, oneMore, type QuotaWrite, type StoredQuota } from "../quota";
import { LINKS, type LinkDocument, QUOTAS, TARGETS, type TargetDocument } from "../schema";
import type { Link, LinksChange, RandomBytes } from "../types";
import { hashUrl } from "../urlHash";
import { checkUrl } from "../urls";
import { type LinkFields, linkOf, storedTitle } from "./documents";
import { readLink } from "./read";
import { isPermissionDenied, mayHaveLanded, orThrow } from "./refusals";
import { findSameAddress, pickSameAddress } from "./sameAddress";

/** A fresh random code collides about once in 1.95 trillion; five misses in a row means something else is wrong. */
const CODE_ATTEMPTS = 5;
/**
 * Commits of one new link: the count first guessed (one more, or a new account's first window); then,
 * refused, what the quota read says (a first or a new window); then that again, when another shorten of
 * the owner's opened the window first.
 */
const QUOTA_ATTEMPTS = 3;

export interface NewLink {
	url: string;
	title?: string;
	/** A code of the user's choosing; without one, a code is generated and the same URL returns its old link. */
	alias?: string;
	/** The owner's session is anonymous, which the rules allow fewer new links an hour (../quota.ts). */
	anonymous?: boolean;
	/**
	 * The owner's account was made for this very shorten: it has no links and no quota yet, so neither the
	 * same-address lookup nor a guess at the quota is worth a round trip.
	 */
	newAccount?: boolean;
}

/**
 * The owner's links as the worker holds them locally (../mirror/), asked before any request: the
 * same-address lookup without a round trip, kept safe across a worker that dies mid-create.
 */
export interface LocalLinks {
	/**
	 * The owner's links to the address with this hash, and the codes of earlier creates of it whose outcome
	 * was never seen here; null when the local copy cannot answer for sure (it never synced in full).
	 */
	sameAddress(owner: string, urlHash: string): Promise<{ links: Link[]; unsettled: string[] } | null>;
	/** Remembers, before the commit is sent, that `code` is being created for this address. */
	creating(owner: string, urlHash: string, code: string): Promise<void>;
	/** The create of `code` is over with no link of the owner's to keep (the code was someone else's). */
	settled(owner: string, code: string): Promise<void>;
}

export interface CreateDeps {
	db: Firestore;
	random: RandomBytes;
	clock: () => number;
	shortLinkBase: string;
	siteHosts: readonly string[];
	onChange: (change: LinksChange) => void;
	local?: LocalLinks;
}

/** What a refused commit ran into, read in one round trip: whether the code is taken, and the quota. */
interface Refusal {
	taken: boolean;
	quota: StoredQuota | undefined;
}

/**
 * The store's shorten: without an alias, the same URL returns the user's existing link (their newest
 * alias for it, else the generated one), which also makes a retried request (after the worker died
 * mid-way) safe: it finds what the first made.
 * The link returned carries the injected clock's time as createdAt: reading the server's back would
 * cost another round trip on the popup's critical path; lists show the server's.
 */
export function createShorten({ db, random, clock, shortLinkBase, siteHosts, onChange, local }: CreateDeps) {
	/** Shortens under way in this worker, by owner and URL: a second request for the same waits for the first. */
	const inFlight = new Map<string, Promise<Link>>();

	/**
	 * Writes links/{code} and targets/{code}, counted by `count` in the owner's quota, in one batch with no
	 * read before it. The rules refuse a set over any existing link (another user's outright; one's own
	 * because it would change createdAt) and over a target without its link, so the commit alone decides
	 * whether the code was free; and they refuse a count the quota does not allow.
	 */
	async function commitNewLink(code: string, fields: LinkFields, count: QuotaWrite): Promise<void> {
		const link: LinkDocument<FieldValue> = { ...fields, createdAt: serverTimestamp(), updatedAt: serverTimestamp() };
		const target: TargetDocument = { url: fields.url };
		const commit = () => {
			const batch = writeBatch(db);
			batch.set(doc(db, LINKS, code), link);
			batch.set(doc(db, TARGETS, code), target);
			batch.set(doc(db, QUOTAS, fields.owner), count, { merge: true });
			return batch.commit();
		};
		try {
			await commit();
		} catch (error) {
			// Sending it again is safe, as a transaction's retry was: landed, the same write is refused as one
			// over an existing link, and the caller finds the link this request made.
			if (!mayHaveLanded(error)) throw error;
			await commit();
		}
	}

	async function refusalOf(code: string, owner: string): Promise<Refusal> {
		// The target is the public half, so anyone may read it: the way to learn whether a code is taken.
		const [target, quota] = await Promise.all([getDoc(doc(db, TARGETS, code)), getDoc(doc(db, QUOTAS, owner))]);
		return { taken: target.exists(), quota: quota.data() as StoredQuota | undefined };
	}

	/**
	 * Creates the link unless the code is taken; false when it is. The first commit counts one more in the
	 * owner's quota unread (it is refused only for a first-ever link or a full window), or, for a new
	 * account, opens its first window. A refusal with the code still free is the quota's: what the quota
	 * read says goes into the next commit (a first window, a new window once a full one's hour is over, or
	 * rate-limited), and once more when another shorten of the owner's opened the window at the same moment.
	 */
	async function createIfFree(code: string, fields: LinkFields, anonymous: boolean, newAccount: boolean) {
		let count = newAccount ? orThrow(countNewLink(undefined, code, clock(), anonymous)) : oneMore(code);
		for (let attempt = 1; ; attempt++) {
			try {
				await commitNewLink(code, fields, count);
				return true;
			} catch (error) {
				if (!isPermissionDenied(error)) throw error;
				const refusal = await refusalOf(code, fields.owner);
				if (refusal.taken) return false;
				if (attempt === QUOTA_ATTEMPTS) throw error;
				count = orThrow(countNewLink(refusal.quota, code, clock(), anonymous));
			}
		}
	}

	function created(code: string, fields: LinkFields): Link {
		onChange({ kind: "created", codes: [code] });
		return linkOf(shortLinkBase, code, fields, clock());
	}

	/**
	 * The link at a code found taken, when this very request took it: its commit landed but the answer was
	 * lost and the commit was sent again, or the worker died before answering and the page asked again.
	 * Another user's link is unreadable (owner-only), so it never counts as ours.
	 */
	async function madeByThisRequest(code: string, fields: LinkFields): Promise<Link | null> {
		const existing = await readLink(db, shortLinkBase, code).catch(() => null);
		return existing?.url === fields.url && existing.custom === fields.custom ? existing : null;
	}

	async function createAliased(alias: string, fields: LinkFields, input: NewLink): Promise<Link> {
		if (await createIfFree(alias, fields, input.anonymous ?? false, input.newAccount ?? false)) {
			return created(alias, fields);
		}
		const mine = await madeByThisRequest(alias, fields);
		if (mine) return mine;
		throw new ShortyError("alias-taken");
	}

	/**
	 * The link a plain shorten of this address gives back, if the user has one: from the worker's copy of
	 * their links when it can answer (no round trip), else from Firestore. A create of the address this
	 * browser never saw the end of is looked at first: its commit may have landed.
	 */
	async function sameAddress(fields: LinkFields): Promise<Link | null> {
		const held = await local?.sameAddress(fields.owner, fields.urlHash).catch(() => null);
		if (!held) return findSameAddress(db, shortLinkBase, fields.owner, fields.urlHash);
		const known = pickSameAddress(held.links);
		if (known) return known;
		for (const code of held.unsettled) {
			const mine = await madeByThisRequest(code, fields);
			if (mine) return mine;
			await local?.settled(fields.owner, code);
		}
		return null;
	}

	async function createGenerated(fields: LinkFields, input: NewLink): Promise<Link> {
		const newAccount = input.newAccount ?? false;
		const existing = newAccount ? null : await sameAddress(fields);
		if (existing) return existing;
		for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
			const code = generateCode(random);
			// Kept until the link is saved in the worker's copy: should the worker die after the commit lands,
			// the retry finds this code rather than making a second link.
			await local?.creating(fields.owner, fields.urlHash, code).catch(() => undefined);
			if (await createIfFree(code, fields, input.anonymous ?? false, newAccount)) return created(code, fields);
			const mine = await madeByThisRequest(code, fields);
			if (mine) return mine;
			await local?.settled(fields.owner, code);
		}
		throw new ShortyError("codes-exhausted");
	}

	return async function shorten(owner: string, input: NewLink): Promise<Link> {
		const { url, host } = orThrow(checkUrl(input.url, shortLinkBase, siteHosts));
		const urlHash = await hashUrl(url);
		const title = storedTitle(input.title ?? "");
		const alias = input.alias?.trim() ? orThrow(checkAlias(input.alias)) : null;
		const fields: LinkFields = { url, host, owner, title, custom: alias !== null, urlHash };
		const key = `${owner} ${alias ?? ""} ${urlHash}`;
		const running = inFlight.get(key);
		if (running) return running;
		const shortening = alias === null ? createGenerated(fields, input) : createAliased(alias, fields, input);
		inFlight.set(key, shortening);
		try {
			return await shortening;
		} finally {
			inFlight.delete(key);
		}
	};
}
