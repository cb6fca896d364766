/**
 * Finding links as the user types, in memory, over the links the worker mirrors (src/links/mirror/):
 * a keystroke costs no round trip. Pure: no Firebase or browser API, so the worker, a page or a bench
 * can hold an index.
 *
 * Every word of a search must occur somewhere in what a user remembers of a link (its title, its
 * address with percent-escapes decoded, its code or alias, its tags), case and accents aside: "git"
 * finds github.com, "react docs" finds the links that have both.
 */
import { foldForSearch } from "./foldText";
import { compareNames } from "./nameOrder";
import { decodeURIComponentSafely } from "./percentDecoding";
import { MAX_URL_LENGTH } from "./schema";
import { SortedList } from "./sortedList";
import { tagKey } from "./tags";
import { DEFAULT_PAGE_SIZE, type Link, type LinkFilter, type LinkSort, PAGE_SIZES, type PageSize } from "./types";

export type { LinkFilter, LinkSort } from "./types";

/**
 * The longest text a search is meant to match is an address pasted whole; a longer text is a paste gone
 * wrong, and answers at once with `tooLong` rather than scanning every link for it.
 */
export const MAX_SEARCH_LENGTH = MAX_URL_LENGTH;

export interface LinkQuery {
	/** What the user typed; empty or only whitespace lists every link. */
	text?: string;
	/** "newest" unless given. */
	sort?: LinkSort;
	/** "all" unless given. */
	filter?: LinkFilter;
	/** Only links with this tag, in any case ("React" lists the links tagged "react"). */
	tag?: string;
	/** 1-based; 1 unless given. */
	page?: number;
	/** DEFAULT_PAGE_SIZE unless given. */
	pageSize?: PageSize;
}

/** Total clicks by code (people, as the options page shows them); a code not in it has no known total. */
export type ClickTotals = ReadonlyMap<string, number>;

export interface LinkSearchResult {
	/** The page's links, in the order asked for. */
	links: Link[];
	/** All links that match, for "1-25 of 4,312". */
	total: number;
	/**
	 * The page these links are: the one asked for, or the last page when the one asked for is past the
	 * end (links were deleted, or a narrower search kept the old page number); 1 when nothing matches.
	 */
	page: number;
	/** The text was longer than MAX_SEARCH_LENGTH, so nothing was searched and nothing is listed. */
	tooLong: boolean;
}

export interface LinkIndex {
	/** Adds a link, or replaces the one with its code. */
	put(link: Link): void;
	remove(code: string): void;
	has(code: string): boolean;
	readonly size: number;
	/** Every link held, in no particular order: the tag list counts them, a rename finds its links among them. */
	links(): IterableIterator<Link>;
	find(query: LinkQuery, clicks?: ClickTotals): LinkSearchResult;
}

interface Entry {
	link: Link;
	/** The link's searchable texts, folded once here rather than at every keystroke. */
	text: string;
	tagKeys: string[];
}

type Order = Exclude<LinkSort, "clicks">;

const byCode = (a: Entry, b: Entry) => (a.link.code < b.link.code ? -1 : a.link.code > b.link.code ? 1 : 0);
const newestFirst = (a: Entry, b: Entry) => b.link.createdAt - a.link.createdAt || byCode(a, b);
const untitled = (entry: Entry) => (entry.link.title === "" ? 1 : 0);

const ORDERS: Record<Order, (a: Entry, b: Entry) => number> = {
	newest: newestFirst,
	oldest: (a, b) => a.link.createdAt - b.link.createdAt || byCode(a, b),
	title: (a, b) => untitled(a) - untitled(b) || compareNames(a.link.title, b.link.title) || newestFirst(a, b),
};

const NO_CLICKS: ClickTotals = new Map();

export function createLinkIndex(links: Iterable<Link> = []): LinkIndex {
	const entries = new Map<string, Entry>();
	for (const link of links) entries.set(link.code, entryOf(link));
	// Each order is sorted the first time a search asks for it, then kept up to date link by link.
	const orders = new Map<Order, SortedList<Entry>>();
	const ordered = (order: Order) => {
		let list = orders.get(order);
		if (!list) {
			list = new SortedList(entries.values(), ORDERS[order]);
			orders.set(order, list);
		}
		return list.items;
	};
	// The default order, which the first search asks for: sorted with the index, not on the first keystroke.
	ordered("newest");

	const remove = (code: string) => {
		const entry = entries.get(code);
		if (!entry) return;
		entries.delete(code);
		for (const list of orders.values()) list.delete(entry);
	};

	return {
		put(link) {
			remove(link.code);
			const entry = entryOf(link);
			entries.set(link.code, entry);
			for (const list of orders.values()) list.insert(entry);
		},
		remove,
		has: (code) => entries.has(code),
		*links() {
			for (const entry of entries.values()) yield entry.link;
		},
		get size() {
			return entries.size;
		},
		find(query, clicks = NO_CLICKS) {
			const text = query.text?.trim() ?? "";
			if (text.length > MAX_SEARCH_LENGTH) return { links: [], total: 0, page: 1, tooLong: true };
			const words = searchWords(text);
			const kept = filterOf(query.filter ?? "all", clicks);
			const tag = query.tag?.trim() ? tagKey(query.tag) : undefined;
			const sort = query.sort ?? "newest";
			const matches: Link[] = [];
			for (const entry of ordered(sort === "clicks" ? "newest" : sort)) {
				if (!kept(entry.link)) continue;
				if (tag !== undefined && !entry.tagKeys.includes(tag)) continue;
				if (holdsAll(entry.text, words)) matches.push(entry.link);
			}
			const sorted = sort === "clicks" ? byClicks(matches, clicks) : matches;
			return { ...pageOf(sorted, query.page ?? 1, query.pageSize ?? DEFAULT_PAGE_SIZE), tooLong: false };
		},
	};
}

function entryOf(link: Link): Entry {
	const tags = link.tags ?? [];
	// One text, the parts a line apart: a search word never holds whitespace, so it never spans two parts.
	const text = foldForSearch([link.title, link.code, decodePercentRuns(link.url), ...tags].join("\n"));
	return { link, text, tagKeys: tags.map(tagKey) };
}

const PERCENT_RUNS = /(?:%[0-9A-Fa-f]{2})+/g;

/** "caf%C3%A9" reads "café"; a run that is not UTF-8 ("%FF") stays as written. */
function decodePercentRuns(text: string): string {
	return text.replace(PERCENT_RUNS, decodeURIComponentSafely);
}

/**
 * The folded words of a search, each to be found. A pasted address is decoded as stored ones are. A word
 * inside another adds nothing ("git github" asks what "github" does); the longest goes first, since it
 * rules out the most links soonest.
 */
function searchWords(text: string): string[] {
	const words = [...new Set(foldForSearch(decodePercentRuns(text)).split(/\s+/))]
		.filter((word) => word !== "")
		.sort((a, b) => b.length - a.length);
	return words.filter((word, at) => !words.slice(0, at).some((longer) => longer.includes(word)));
}

/** A loop, not `words.every(...)`: a closure per link and keystroke is 100,000 allocations at 100,000 links. */
function holdsAll(text: string, words: readonly string[]): boolean {
	for (const word of words) if (!text.includes(word)) return false;
	return true;
}

function filterOf(filter: LinkFilter, clicks: ClickTotals): (link: Link) => boolean {
	switch (filter) {
		case "all":
			return () => true;
		case "custom":
			return (link) => link.custom;
		case "generated":
			return (link) => !link.custom;
		case "clicked":
			return (link) => (clicks.get(link.code) ?? 0) > 0;
	}
}

/**
 * Most clicks first, unknown totals last, ties in the order given (newest first). By buckets, one per
 * total, rather than a comparison sort: totals are few distinct integers, and a comparison sort of
 * 100,000 links took over 100 ms (`npm run bench -- search`).
 */
function byClicks(links: readonly Link[], clicks: ClickTotals): Link[] {
	const buckets = new Map<number, Link[]>();
	for (const link of links) {
		const total = clicks.get(link.code) ?? -1;
		const bucket = buckets.get(total);
		if (bucket) bucket.push(link);
		else buckets.set(total, [link]);
	}
	const sorted: Link[] = [];
	for (const total of [...buckets.keys()].sort((a, b) => b - a)) {
		for (const link of buckets.get(total) ?? []) sorted.push(link);
	}
	return sorted;
}

function pageOf(matches: Link[], asked: number, askedSize: PageSize): Omit<LinkSearchResult, "tooLong"> {
	const size = PAGE_SIZES.includes(askedSize) ? askedSize : DEFAULT_PAGE_SIZE;
	const lastPage = Math.max(1, Math.ceil(matches.length / size));
	const page = Number.isNaN(asked) ? 1 : Math.min(Math.max(1, Math.floor(asked)), lastPage);
	return { links: matches.slice((page - 1) * size, page * size), total: matches.length, page };
}
