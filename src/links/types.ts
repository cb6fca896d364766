/** Types shared by Shorty's link domain (src/links). No browser, React or Firebase imports here. */
import type { AppError } from "../errors";

/** The outcome of a check that can fail for a reason a user should read. */
export type Checked<T> = { ok: true; value: T } | { ok: false; error: AppError };

/** Random bytes: crypto.getRandomValues in production, a scripted source in tests. */
export type RandomBytes = (length: number) => Uint8Array;

/** A link as the extension shows it; times are milliseconds since the epoch. */
export interface Link {
	code: string;
	/** The long address it leads to. */
	url: string;
	host: string;
	title: string;
	/** The short address people share: the short-link base plus the code. */
	shortUrl: string;
	createdAt: number;
	updatedAt: number;
	/** True when the user chose the code (an alias), false when it was generated. */
	custom: boolean;
	/** The user's labels for it, as src/links/tags.ts checkTags leaves them; absent on links never tagged. */
	tags?: string[];
}

/** The orders a list of links can be in (./linkSearch.ts); "clicks" is most people first. */
export const LINK_SORTS = ["newest", "oldest", "title", "clicks"] as const;
export type LinkSort = (typeof LINK_SORTS)[number];

/** Which links a list shows: every one, aliases, generated codes, or those anyone followed. */
export const LINK_FILTERS = ["all", "custom", "generated", "clicked"] as const;
export type LinkFilter = (typeof LINK_FILTERS)[number];

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
/** A page's size until the user picks another: the options page's first view, a search asked without one. */
export const DEFAULT_PAGE_SIZE: PageSize = 25;

export interface LinkPage {
	links: Link[];
	/** All of the user's links, for "1-25 of 4,312". */
	total: number;
	/** Cursors for the neighbouring pages; null at either end. */
	next: string | null;
	previous: string | null;
}

/** What a write did to the user's links, announced to open pages so they can follow without reloading. */
export interface LinksChange {
	kind: "created" | "updated" | "deleted";
	codes: string[];
}
