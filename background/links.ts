/** The link messages: validate what the domain cannot know (page sizes), find the user, call the store. */
import type { Auth } from "firebase/auth/web-extension";
import { ShortyError, toAppError } from "../src/errors";
import { aliasCandidates } from "../src/links/aliasSuggestions";
import { checkAlias, isCode } from "../src/links/codes";
import type { LinkStore, NewLink, PageRequest } from "../src/links/store";
import { orThrow } from "../src/links/store/refusals";
import { checkTags, deleteTagFrom, renameTagOn, type TagChange, tagCounts } from "../src/links/tags";
import { type Checked, LINK_FILTERS, LINK_SORTS, type Link, PAGE_SIZES, type PageSize } from "../src/links/types";
import type { Handlers, RequestOf } from "../src/messages";
import { requireUser, type SignOutMemory, signedInUid, userOrAnonymous } from "./accounts";
import { type EarlyUser, SessionChanged } from "./earlyShorten";
import type { LinkMirrors } from "./linkMirrors";
import { createWriteTurns } from "./writeTurns";

interface PageAsked {
	pageSize: number;
	after?: string;
	before?: string;
}

/** The page a listLinks or searchLinks request asks for, checked. */
function pageOf({ pageSize, after, before }: PageAsked): PageRequest {
	if (after !== undefined && before !== undefined) {
		throw new ShortyError("invalid-request", "ask for the page after a cursor or before one, not both");
	}
	return {
		pageSize: pageSizeOf(pageSize),
		...(after === undefined ? {} : { after }),
		...(before === undefined ? {} : { before }),
	};
}

function pageSizeOf(value: number): PageSize {
	if (!(PAGE_SIZES as readonly number[]).includes(value)) {
		throw new ShortyError("invalid-request", `rows per page must be one of ${PAGE_SIZES.join(", ")}`);
	}
	return value as PageSize;
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], what: string): T | undefined {
	if (value === undefined || (allowed as readonly string[]).includes(value)) return value as T | undefined;
	throw new ShortyError("invalid-request", `${what} must be one of ${allowed.join(", ")}`);
}

/** The search a searchLinks request asks for, checked. */
function searchOf({ term, sort, filter, tag, pageSize, page = 1 }: RequestOf<"searchLinks">) {
	if (!Number.isSafeInteger(page) || page < 1) throw new ShortyError("invalid-request", "page must be 1 or more");
	const checkedSort = oneOf(sort, LINK_SORTS, "sort");
	const checkedFilter = oneOf(filter, LINK_FILTERS, "filter");
	return {
		text: term,
		pageSize: pageSizeOf(pageSize),
		page,
		...(checkedSort === undefined ? {} : { sort: checkedSort }),
		...(checkedFilter === undefined ? {} : { filter: checkedFilter }),
		...(tag === undefined ? {} : { tag }),
	};
}

function newLink({ url, title, alias }: RequestOf<"shorten">, anonymous: boolean, newAccount: boolean): NewLink {
	return {
		url,
		...(title === undefined ? {} : { title }),
		...(alias === undefined ? {} : { alias }),
		anonymous,
		newAccount,
	};
}

/** The most links one request may ask totals for: a page of the table at its largest. */
const TOTALS_LIMIT = Math.max(...PAGE_SIZES);

/** The most recent links one request may ask for: the popup shows a handful. */
const RECENT_LIMIT = 10;

/** How many free aliases to offer for a taken one: a choice, not a list to read through. */
const SUGGESTED_ALIASES = 3;

/**
 * Whether a failed write went as far as Firestore (or failed in a way nobody foresaw), so may have written:
 * Shorty's own codes are its checks, made before any request.
 */
function fromFirestore(error: unknown): boolean {
	const { code } = toAppError(error);
	return code.startsWith("firestore/") || code === "internal";
}

/**
 * `mirrors` holds the user's links in the worker: searches are answered from it, and the worker's own
 * writes go into it as they land (off the reply's path: a failure there is repaired by the next sync).
 * `early` names the user a shorten may act for while Auth is still starting (./earlyShorten.ts).
 */
export function linkHandlers(
	auth: () => Auth,
	store: () => LinkStore,
	memory: SignOutMemory,
	mirrors: () => LinkMirrors,
	early: () => Promise<EarlyUser | null> = async () => null,
): Pick<
	Handlers,
	| "shorten"
	| "suggestAliases"
	| "getLink"
	| "listLinks"
	| "recentLinks"
	| "searchLinks"
	| "clickTotals"
	| "syncLinks"
	| "updateLink"
	| "deleteLinks"
	| "setTags"
	| "listTags"
	| "renameTag"
	| "deleteTag"
> {
	const turns = createWriteTurns();

	/**
	 * A rename or delete of a tag across the owner's links: the links come from the worker's copy, brought up
	 * to date first (a link tagged in another browser must not be missed), each new list is worked out and
	 * checked before anything is written, then the store commits them and the copy follows.
	 */
	async function retagAll(changesOf: (links: Iterable<Link>) => Checked<TagChange[]>): Promise<{ changed: number }> {
		// A name that is no tag is refused before any request: over no links, only the names are checked.
		orThrow(changesOf([]));
		const user = await requireUser(auth());
		// The long part before the turn (a copy's first sync is its one large download), which holds every
		// other write; in turn, after every edit under way, a second sync brings in what changed meanwhile, so
		// an edit's tags are not overwritten with those read before it landed.
		await mirrors().sync(user.uid);
		return turns.forAll(async () => {
			const { index } = await mirrors().sync(user.uid);
			const retagged = await store().retag(user.uid, orThrow(changesOf(index.links())));
			for (const link of retagged) keep(user.uid, link);
			return { changed: retagged.length };
		});
	}

	/**
	 * The worker's own new or edited link, into the mirror off the reply's path; the first link of an account
	 * made for it starts that account's mirror complete (LinkMirrors.newAccount).
	 */
	function keep(owner: string, link: Link, newAccount = false): void {
		const started = newAccount ? mirrors().newAccount(owner) : Promise.resolve();
		void started.then(() => mirrors().saved(owner, link)).catch(() => undefined);
	}

	/**
	 * The user's write, followed into the mirror once made, off the reply's path. Its failure may hide a
	 * write that landed (its answer lost, or some of a delete's batches in): the mirror then checks each link
	 * it hands out until it has synced again (LinkMirrors.unsure), as it does when following fails. A failure
	 * Firestore did not answer with, bad input refused before any request, changes nothing. A write that
	 * changes where links point (`repoints`: a new target, a delete) has the mirror hand none of them out from
	 * before it is sent until the mirror holds what it did (LinkMirrors.writing): a worker stopped in between
	 * (Chrome's, mid-request) must not leave a dead or re-pointed link for the next one to hand out.
	 */
	async function written<T>(
		owner: string,
		write: () => Promise<T>,
		follow: (done: T) => Promise<void>,
		repoints: readonly string[],
	): Promise<T> {
		const doubt =
			repoints.length > 0
				? await mirrors()
						.writing(owner, repoints)
						.catch(() => null)
				: null;
		let done: T;
		try {
			done = await write();
		} catch (error) {
			if (fromFirestore(error)) {
				await mirrors()
					.unsure(owner)
					.catch(() => undefined);
			}
			await doubt?.lift().catch(() => undefined);
			throw error;
		}
		doubt?.answered();
		void follow(done)
			.catch(() => mirrors().unsure(owner))
			.catch(() => undefined)
			.then(() => doubt?.lift())
			.catch(() => undefined);
		return done;
	}

	/**
	 * An edit of one of the signed-in user's links, in its turn, kept in the mirror once the store has made it.
	 * `input` is refused first: bad input queued behind a write that is not answered would hear `timeout`
	 * rather than what is wrong with it.
	 */
	async function edited(
		code: string,
		input: Checked<unknown>,
		edit: (store: LinkStore) => Promise<Link>,
		repoints: boolean,
	): Promise<Link> {
		orThrow(input);
		const user = await requireUser(auth());
		const follow = (link: Link) => mirrors().saved(user.uid, link);
		return turns.forLinks([code], () => written(user.uid, () => edit(store()), follow, repoints ? [code] : []));
	}

	/**
	 * A shorten for the saved user before Auth has started; null when there is none, or when it failed and
	 * Auth, once started, names someone else (a read the SDK sends with Auth's user is refused for the saved
	 * one, too): the caller starts over for that user. The link joins the mirror only once Auth names the
	 * saved user: a mirror of a user Auth signed out must not come back to disk. Auth is asked once the
	 * reply is settled: in a worker just started, asking makes Firebase, which is no part of the shorten.
	 */
	async function shortenEarly(request: RequestOf<"shorten">): Promise<Link | null> {
		const user = await early();
		if (!user) return null;
		try {
			const link = await store().shorten(user.uid, newLink(request, user.isAnonymous, false), user.commit);
			const keepOnceAuthAgrees = async () => {
				if ((await signedInUid(auth())) === user.uid) keep(user.uid, link);
			};
			setTimeout(() => void keepOnceAuthAgrees().catch(() => undefined));
			return link;
		} catch (error) {
			if (error instanceof SessionChanged || (await signedInUid(auth())) !== user.uid) return null;
			throw error;
		}
	}

	return {
		async shorten(request) {
			// Bad input is refused before anything else: no request, and no account made for a link never made.
			store().checkNewLink(request);
			const made = await shortenEarly(request);
			if (made) return made;
			const { user, newAccount } = await userOrAnonymous(auth(), memory, request.allowAnonymous);
			const link = await store().shorten(user.uid, newLink(request, user.isAnonymous, newAccount));
			keep(user.uid, link, newAccount);
			return link;
		},
		async suggestAliases({ alias, url, title }) {
			const candidates = aliasCandidates(orThrow(checkAlias(alias)), {
				url,
				...(title === undefined ? {} : { title }),
			});
			return { aliases: (await store().freeAmong(candidates)).slice(0, SUGGESTED_ALIASES) };
		},
		async getLink({ code }) {
			await requireUser(auth());
			return store().get(code);
		},
		async listLinks(request) {
			const user = await requireUser(auth());
			return store().listPage(user.uid, pageOf(request));
		},
		async recentLinks({ count }) {
			if (!Number.isSafeInteger(count) || count < 1 || count > RECENT_LIMIT) {
				throw new ShortyError("invalid-request", `how many recent links: 1 to ${RECENT_LIMIT}`);
			}
			const user = await requireUser(auth());
			// The popup asks once its link is on screen: the moment to freshen the mirror for the next shorten's
			// lookup, off every critical path (mirrors.newest does).
			const held = await mirrors()
				.newest(user.uid, count)
				.catch(() => null);
			if (held) return { links: held };
			const pageSize = PAGE_SIZES.find((size) => size >= count) ?? PAGE_SIZES[0];
			return { links: (await store().listPage(user.uid, { pageSize })).links.slice(0, count) };
		},
		async searchLinks(request) {
			const search = searchOf(request);
			const user = await requireUser(auth());
			const { index, clicks, complete } = await mirrors().links(user.uid);
			const found = index.find(search, clicks);
			const people = found.links.flatMap(({ code }) => {
				const total = clicks.get(code);
				return total === undefined ? [] : [[code, total] as const];
			});
			return { ...found, complete, held: index.size, clicks: Object.fromEntries(people) };
		},
		async clickTotals({ codes }) {
			if (codes.length > TOTALS_LIMIT) {
				throw new ShortyError("invalid-request", `at most ${TOTALS_LIMIT} links at a time`);
			}
			const user = await requireUser(auth());
			// A copy that never synced in full cannot say a link has no clicks: it syncs first, once.
			const held = await mirrors().links(user.uid);
			const { clicks } = held.complete ? held : await mirrors().sync(user.uid);
			const totals = [...new Set(codes)].filter(isCode).map((code) => [code, clicks.get(code) ?? 0] as const);
			return { totals: Object.fromEntries(totals) };
		},
		async syncLinks() {
			const user = await requireUser(auth());
			const { complete } = await mirrors().sync(user.uid);
			return { complete };
		},
		updateLink: ({ code, url }) =>
			edited(code, store().checkTarget(url), (store) => store.updateTarget(code, url), true),
		async deleteLinks({ codes }) {
			const user = await requireUser(auth());
			const remove = () => store().removeMany(user.uid, codes);
			const follow = (deleted: string[]) => mirrors().deleted(user.uid, deleted);
			return { codes: await turns.forLinks(codes, () => written(user.uid, remove, follow, codes)) };
		},
		// Tags are not where a link points: a hit's tags out of date hand out the right link all the same.
		setTags: ({ code, tags }) => edited(code, checkTags(tags), (store) => store.setTags(code, tags), false),
		async listTags() {
			const user = await requireUser(auth());
			const { index, complete } = await mirrors().links(user.uid);
			return { tags: tagCounts(index.links()), complete };
		},
		renameTag: ({ from, to }) => retagAll((links) => renameTagOn(links, from, to)),
		deleteTag: ({ tag }) => retagAll((links) => deleteTagFrom(links, tag)),
	};
}
