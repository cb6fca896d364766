/**
 * Which links the table shows, as the page's URL hash ("#q=docs&size=25&page=3&after=…"), so a reload,
 * a bookmark and back/forward all keep the place. The cursor is what fetches the page; the page number
 * only says where it is ("51-75 of 4,312"), which a cursor alone cannot tell.
 */
import { PAGE_SIZES, type PageSize } from "../src/links/types";

export interface ListView {
	/** The search box's term; empty for every link. */
	term: string;
	pageSize: PageSize;
	/** 1 for the first page, which never has a cursor. */
	page: number;
	/** The page after this cursor, or before it; at most one of the two. */
	after?: string;
	before?: string;
}

export function isPageSize(value: number): value is PageSize {
	return (PAGE_SIZES as readonly number[]).includes(value);
}

export function firstPage(term: string, pageSize: PageSize): ListView {
	return { term, pageSize, page: 1 };
}

/** The view a hash names. Anything missing or malformed falls back to the first page, never to an error. */
export function readListView(hash: string, defaultSize: PageSize): ListView {
	const params = new URLSearchParams(hash.replace(/^#/, ""));
	const size = Number(params.get("size"));
	const view = firstPage(params.get("q") ?? "", isPageSize(size) ? size : defaultSize);
	const page = Number(params.get("page"));
	const after = params.get("after");
	const before = params.get("before");
	// A later page needs exactly one cursor to be fetched; without one it cannot be found again.
	if (!Number.isInteger(page) || page < 2 || (after === null) === (before === null)) return view;
	return { ...view, page, ...(after === null ? {} : { after }), ...(before === null ? {} : { before }) };
}

export function listViewHash(view: ListView): string {
	const params = new URLSearchParams();
	if (view.term !== "") params.set("q", view.term);
	params.set("size", String(view.pageSize));
	if (view.page > 1) {
		params.set("page", String(view.page));
		if (view.after !== undefined) params.set("after", view.after);
		if (view.before !== undefined) params.set("before", view.before);
	}
	return `#${params}`;
}
