/**
 * Which links the table shows, as the page's URL hash ("#q=docs&sort=title&show=custom&tag=react&size=25&page=3"),
 * so a reload, a bookmark and back/forward all keep the place. Every page is a lookup in the worker's
 * copy of the links, so a page number is all it takes to find one again.
 */
import {
	LINK_FILTERS,
	LINK_SORTS,
	type LinkFilter,
	type LinkSort,
	PAGE_SIZES,
	type PageSize,
} from "../src/links/types";

export interface ListView {
	/** The search box's text; empty for every link. */
	term: string;
	sort: LinkSort;
	filter: LinkFilter;
	/** Only links with this tag (any case); empty for any tag. */
	tag: string;
	pageSize: PageSize;
	/** 1 for the first page. */
	page: number;
}

const DEFAULT_SORT: LinkSort = "newest";
const DEFAULT_FILTER: LinkFilter = "all";

export function isPageSize(value: number): value is PageSize {
	return (PAGE_SIZES as readonly number[]).includes(value);
}

function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
	return (allowed as readonly (string | null)[]).includes(value) ? (value as T) : fallback;
}

/** The first page of `view`'s list: where a new search, order, filter, tag or page size starts. */
export function firstPage(view: Omit<ListView, "page">): ListView {
	const { term, sort, filter, tag, pageSize } = view;
	return { term, sort, filter, tag, pageSize, page: 1 };
}

/** The view a hash names. Anything missing or malformed falls back to its default, never to an error. */
export function readListView(hash: string, defaultSize: PageSize): ListView {
	const params = new URLSearchParams(hash.replace(/^#/, ""));
	const size = Number(params.get("size"));
	const page = Number(params.get("page"));
	return {
		term: params.get("q") ?? "",
		sort: oneOf(params.get("sort"), LINK_SORTS, DEFAULT_SORT),
		filter: oneOf(params.get("show"), LINK_FILTERS, DEFAULT_FILTER),
		tag: params.get("tag") ?? "",
		pageSize: isPageSize(size) ? size : defaultSize,
		page: Number.isSafeInteger(page) && page > 1 ? page : 1,
	};
}

/** The hash of `view`, leaving out what is the default, so the usual address stays short. */
export function listViewHash(view: ListView): string {
	const params = new URLSearchParams();
	if (view.term !== "") params.set("q", view.term);
	if (view.sort !== DEFAULT_SORT) params.set("sort", view.sort);
	if (view.filter !== DEFAULT_FILTER) params.set("show", view.filter);
	if (view.tag !== "") params.set("tag", view.tag);
	params.set("size", String(view.pageSize));
	if (view.page > 1) params.set("page", String(view.page));
	return `#${params}`;
}
