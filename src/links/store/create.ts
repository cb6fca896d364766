/**
 * Creating links: links/{code} and its public targets/{code}, counted in the owner's quota (../quota.ts)
 * by the same commit, under a generated code or the user's alias.
 */
import { doc, getDoc } from "firebase/firestore/lite";
import { ShortyError } from "../../errors";
import { checkAlias, generateCode } from "../codes";
import { countAfterRefusal, countNewLink, oneMore, type QuotaWrite, type StoredQuota } from "../quota";
import { LINKS, type LinkDocument, QUOTAS, TARGETS, type TargetDocument } from "../schema";
import type { Link } from "../types";
import { hashUrl } from "../urlHash";
import { checkUrl } from "../urls";
import type { StoreDeps } from "./deps";
import { type LinkFields, linkOf, storedTitle } from "./documents";
import { readLink } from "./read";
import { isPermissionDenied, mayHaveLanded, orThrow } from "./refusals";
import { findSameAddress, pickSameAddress } from "./sameAddress";
import { type CommitWrites, commitWithSdk, type DocumentWrite, SERVER_TIME } from "./writes";

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
 * What a shorten asks for, checked with nothing sent: the address (tidied, with its host) and the alias, if
 * any; bad input throws its ShortyError. The worker checks first, before it would make an account for it.
 */
export function checkNewLink(
	{ url, alias }: Pick<NewLink, "url" | "alias">,
	shortLinkBase: string,
	siteHosts: readonly string[],
): { url: string; host: string; alias: string | null } {
	const checked = orThrow(checkUrl(url, shortLinkBase, siteHosts));
	return { ...checked, alias: alias?.trim() ? orThrow(checkAlias(alias)) : null };
}

/** The three writes of a new link: the link, its public target, and its count in the owner's quota. */
function newLinkWrites(code: string, fields: LinkFields, count: QuotaWrite): DocumentWrite[] {
	const link: LinkDocument<typeof SERVER_TIME> = { ...fields, createdAt: SERVER_TIME, updatedAt: SERVER_TIME };
	const target: TargetDocument = { url: fields.url };
	return [
		{ collection: LINKS, id: code, fields: { ...link }, merge: false },
		{ collection: TARGETS, id: code, fields: { ...target }, merge: false },
		{ collection: QUOTAS, id: fields.owner, fields: count, merge: true },
	];
}

/** What a refused commit ran into, read in one round trip. */
interface Refusal {
	/** The code's public target exists: a link holds the code (or a target stands without one). */
	taken: boolean;
	/**
	 * The link at the code when this very request made it: its commit landed but the answer was lost and
	 * the commit was sent again, or the worker died before answering and the page asked again.
	 */
	mine: Link | null;
	quota: StoredQuota | undefined;
}

/**
 * The store's shorten: without an alias, the same URL returns the user's existing link (their newest
 * alias for it, else the generated one), which also makes a retried request (after the worker died
 * mid-way) safe: it finds what the first made.
 * The link returned carries the injected clock's time as createdAt: reading the server's back would
 * cost another round trip on the popup's critical path; lists show the server's.
 */
export function createShorten({ firestore, random, clock, shortLinkBase, siteHosts, onChange, local }: StoreDeps) {
	/** Shortens under way in this worker, by owner and URL: a second request for the same waits for the first. */
	const inFlight = new Map<string, Promise<Link>>();

	const sdkCommit = commitWithSdk(firestore);

	/**
	 * Writes links/{code} and targets/{code}, counted by `count` in the owner's quota, in one batch with no
	 * read before it. The rules refuse a set over any existing link (another user's outright; one's own
	 * because it would change createdAt) and over a target without its link, so the commit alone decides
	 * whether the code was free; and they refuse a count the quota does not allow.
	 */
	async function commitNewLink(code: string, fields: LinkFields, count: QuotaWrite, commit: CommitWrites) {
		const writes = newLinkWrites(code, fields, count);
		try {
			await commit(writes);
		} catch (error) {
			// Sending it again is safe, as a transaction's retry was: landed, the same write is refused as one
			// over an existing link, and the caller finds the link this request made.
			if (!mayHaveLanded(error)) throw error;
			await commit(writes);
		}
	}

	/**
	 * Reads, together, the public target (anyone may read it: the way to learn whether a code is taken),
	 * the link at the code (another user's is unreadable, so it never counts as this request's), and the
	 * owner's quota.
	 */
	async function refusalOf(code: string, fields: LinkFields): Promise<Refusal> {
		const [target, mine, quota] = await Promise.all([
			getDoc(doc(firestore(), TARGETS, code)),
			madeByThisRequest(code, fields),
			getDoc(doc(firestore(), QUOTAS, fields.owner)),
		]);
		return { taken: target.exists(), mine, quota: quota.data() as StoredQuota | undefined };
	}

	/**
	 * The link at `code` if this very request made it; another user's link is unreadable, so never counts.
	 * A read that fails throws: taken for "not mine", it would drop a create that landed and make a second link.
	 */
	async function madeByThisRequest(code: string, fields: LinkFields): Promise<Link | null> {
		const link = await readLink(firestore(), shortLinkBase, code).catch((error: unknown) => {
			if (error instanceof ShortyError && error.code === "link-not-found") return null;
			throw error;
		});
		return link?.url === fields.url && link.custom === fields.custom ? link : null;
	}

	function created(code: string, fields: LinkFields): Link {
		onChange({ kind: "created", codes: [code] });
		return linkOf(shortLinkBase, code, fields, clock());
	}

	/**
	 * The link at `code`: made now, or by this request's earlier commit; null when the code is someone
	 * else's. The first commit counts one more in the owner's quota unread (it is refused only for a
	 * first-ever link or a full window), or, for a new account, opens its first window. A refusal with the
	 * code still free is the quota's: what the quota read says goes into the next commit (a first window, a
	 * new window once a full one's hour is over, or rate-limited), and once more when another shorten of
	 * the owner's opened the window at the same moment. A new window refused with the quota still full is
	 * rate-limited too: this clock runs ahead of the server's (countAfterRefusal).
	 */
	async function createAt(code: string, fields: LinkFields, input: NewLink, commit: CommitWrites) {
		const anonymous = input.anonymous ?? false;
		let count = input.newAccount ? orThrow(countNewLink(undefined, code, clock(), anonymous)) : oneMore(code);
		for (let attempt = 1; ; attempt++) {
			try {
				await commitNewLink(code, fields, count, commit);
				return created(code, fields);
			} catch (error) {
				if (!isPermissionDenied(error)) throw error;
				const refusal = await refusalOf(code, fields);
				if (refusal.taken) return refusal.mine;
				if (attempt === QUOTA_ATTEMPTS) throw error;
				count = orThrow(countAfterRefusal(count, refusal.quota, code, clock(), anonymous));
			}
		}
	}

	async function createAliased(alias: string, fields: LinkFields, input: NewLink, commit: CommitWrites) {
		const link = await createAt(alias, fields, input, commit);
		if (!link) throw new ShortyError("alias-taken");
		return link;
	}

	/**
	 * The link a plain shorten of this address gives back, if the user has one: from the worker's copy of
	 * their links when it can answer (no round trip), else from Firestore. A create of the address this
	 * browser never saw the end of is looked at first: its commit may have landed.
	 */
	async function sameAddress(fields: LinkFields): Promise<Link | null> {
		const held = await local?.sameAddress(fields.owner, fields.urlHash).catch(() => null);
		if (!held) return findSameAddress(firestore(), shortLinkBase, fields.owner, fields.urlHash);
		const known = pickSameAddress(held.links);
		if (known) return known;
		for (const code of held.unsettled) {
			const mine = await madeByThisRequest(code, fields);
			if (mine) return mine;
			// The worker's copy is a help, never a condition: its failure (a disk error, its owner signed out)
			// leaves a record that the next shorten of the address reads again.
			await local?.settled(fields.owner, code).catch(() => undefined);
		}
		return null;
	}

	async function createGenerated(fields: LinkFields, input: NewLink, commit: CommitWrites): Promise<Link> {
		const existing = input.newAccount ? null : await sameAddress(fields);
		if (existing) return existing;
		for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
			const code = generateCode(random);
			// Kept until the link is saved in the worker's copy: should the worker die after the commit lands,
			// the retry finds this code rather than making a second link.
			await local?.creating(fields.owner, fields.urlHash, code).catch(() => undefined);
			const link = await createAt(code, fields, input, commit);
			if (link) return link;
			await local?.settled(fields.owner, code).catch(() => undefined);
		}
		throw new ShortyError("codes-exhausted");
	}

	/**
	 * `commit` sends the create's writes: the SDK's batch unless the caller has a faster way while Auth starts
	 * (background/savedSession.ts); every read still goes through the SDK.
	 */
	return async function shorten(owner: string, input: NewLink, commit: CommitWrites = sdkCommit): Promise<Link> {
		const { url, host, alias } = checkNewLink(input, shortLinkBase, siteHosts);
		const urlHash = await hashUrl(url);
		const title = storedTitle(input.title ?? "");
		const fields: LinkFields = { url, host, owner, title, custom: alias !== null, urlHash };
		const key = `${owner} ${alias ?? ""} ${urlHash}`;
		const running = inFlight.get(key);
		if (running) return running;
		const shortening =
			alias === null ? createGenerated(fields, input, commit) : createAliased(alias, fields, input, commit);
		inFlight.set(key, shortening);
		try {
			return await shortening;
		} finally {
			inFlight.delete(key);
		}
	};
}
