/**
 * What the popup would shorten: the tab's address checked, and the request that shortens it. The popup
 * decides with it, and so does the worker for a toolbar click (background/toolbar.ts), so both send the
 * same request for the same tab.
 */
import { type AppError, appError } from "./errors";
import { type PrivateAddressKind, privateAddressKind } from "./links/privateAddress";
import { checkUrl } from "./links/urls";
import type { RequestOf } from "./messages";

/**
 * The tab the popup is for. `url` is undefined where the browser grants no activeTab: browser pages
 * (chrome://, about:, the new-tab page) and the extension stores.
 */
export interface TabAddress {
	url: string | undefined;
	title: string;
}

export interface PageToShorten {
	url: string;
	title: string;
	/** Set for an address only a private network can open, which a short link would publish. */
	privateKind: PrivateAddressKind | null;
}

export type CheckedPage = { ok: true; page: PageToShorten } | { ok: false; error: AppError };

/** Checked here, before any request, so a page that cannot be shortened costs no round trip. */
export function pageToShorten(tab: TabAddress, shortLinkBase: string, siteHosts: readonly string[]): CheckedPage {
	if (tab.url === undefined) return { ok: false, error: appError("restricted-page") };
	const checked = checkUrl(tab.url, shortLinkBase, siteHosts);
	if (!checked.ok) return checked;
	const { url } = checked.value;
	return { ok: true, page: { url, title: tab.title, privateKind: privateAddressKind(url) } };
}

/**
 * Whether opening the popup shortens `page` unasked: only with shortenOnOpen on, and never a private
 * address, which the link would publish.
 */
export const shortensOnOpen = (page: PageToShorten, shortenOnOpen: boolean): boolean =>
	shortenOnOpen && page.privateKind === null;

/** The one shape of the popup's shorten, so a request sent early and the page's own are the same. */
export function shortenRequest({ url, title }: PageToShorten, allowAnonymous: boolean): RequestOf<"shorten"> {
	return { type: "shorten", url, ...(title ? { title } : {}), ...(allowAnonymous ? { allowAnonymous } : {}) };
}
