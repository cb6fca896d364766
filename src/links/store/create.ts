/**
 * Creating links: links/{code} and its public targets/{code}, counted in the owner's quota (../quota.ts)
 * by the same commit, under a generated code or the user's alias.
 */
import { doc, type FieldValue, type Firestore, getDoc, runTransaction, serverTimestamp } from "firebase/firestore/lite";
import { ShortyError } from "../../errors";
import { checkAlias, generateCode } from "../codes";
import { countNewLink, oneMore, type QuotaWrite, type StoredQuota } from "../quota";
import { LINKS, type LinkDocument, QUOTAS, TARGETS, type TargetDocument } from "../schema";
import type { Link, LinksChange, RandomBytes } from "../types";
import { hashUrl } from "../urlHash";
import { checkUrl } from "../urls";
import { type LinkFields, linkOf, storedTitle } from "./documents";
import { readLink } from "./read";
import { isPermissionDenied, orThrow } from "./refusals";
import { findSameAddress } from "./sameAddress";

/** A fresh random code collides about once in 1.95 trillion; five misses in a row means something else is wrong. */
const CODE_ATTEMPTS = 5;
/**
 * Commits of one new link: one more in the quota (or what the quota read says); then, refused, what the
 * quota read says (a first or a new window); then that again, when another shorten of the owner's opened
 * the window first.
 */
const QUOTA_ATTEMPTS = 3;

export interface NewLink {
	url: string;
	title?: string;
	/** A code of the user's choosing; without one, a code is generated and the same URL returns its old link. */
	alias?: string;
	/** The owner's session is anonymous, which the rules allow fewer new links an hour (../quota.ts). */
	anonymous?: boolean;
}

export interface CreateDeps {
	db: Firestore;
	random: RandomBytes;
	clock: () => number;
	shortLinkBase: string;
	siteHosts: readonly string[];
	onChange: (change: LinksChange) => void;
}

/**
 * The store's shorten: without an alias, the same URL returns the user's existing link (their newest
 * alias for it, else the generated one), which also makes a retried request (after the worker died
 * mid-way) safe: it finds what the first made.
 * The link returned carries the injected clock's time as createdAt: reading the server's back would
 * cost another round trip on the popup's critical path; lists show the server's.
 */
export function createShorten({ db, random, clock, shortLinkBase, siteHosts, onChange }: CreateDeps) {
	/** Shortens under way in this worker, by owner and URL: a second request for the same waits for the first. */
	const inFlight = new Map<string, Promise<Link>>();
	/** Owners whose quota this worker has counted a link in: it exists, so the next is one more, unread. */
	const counting = new Set<string>();

	/**
	 * Creates links/{code} and targets/{code} unless the code is taken; false when it is. The same batch counts
	 * the link in the owner's quota, which the rules require: `counted`, or, when null, what the quota read
	 * beside the target says (../quota.ts), which may be rate-limited.
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
			const count =
				counted ?? orThrow(countNewLink(quota?.data() as StoredQuota | undefined, code, clock(), anonymous));
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

	function created(code: string, fields: LinkFields): Link {
		onChange({ kind: "created", codes: [code] });
		return linkOf(shortLinkBase, code, fields, clock());
	}

	/**
	 * The link at a code found taken, when this very request took it: its commit landed but the answer was
	 * lost and the SDK retried the transaction, or the worker died before answering and the page asked
	 * again. Another user's link is unreadable (owner-only), so it never counts as ours.
	 */
	async function madeByThisRequest(code: string, fields: LinkFields): Promise<Link | null> {
		const existing = await readLink(db, shortLinkBase, code).catch(() => null);
		return existing?.url === fields.url && existing.custom === fields.custom ? existing : null;
	}

	async function createAliased(alias: string, fields: LinkFields, anonymous: boolean): Promise<Link> {
		if (await createIfFree(alias, fields, anonymous)) return created(alias, fields);
		const mine = await madeByThisRequest(alias, fields);
		if (mine) return mine;
		throw new ShortyError("alias-taken");
	}

	async function createGenerated(owner: string, fields: LinkFields, anonymous: boolean): Promise<Link> {
		const existing = await findSameAddress(db, shortLinkBase, owner, fields.urlHash);
		if (existing) return existing;
		for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
			const code = generateCode(random);
			if (await createIfFree(code, fields, anonymous)) return created(code, fields);
			const mine = await madeByThisRequest(code, fields);
			if (mine) return mine;
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
		const anonymous = input.anonymous ?? false;
		const shortening =
			alias === null ? createGenerated(owner, fields, anonymous) : createAliased(alias, fields, anonymous);
		inFlight.set(key, shortening);
		try {
			return await shortening;
		} finally {
			inFlight.delete(key);
		}
	};
}
