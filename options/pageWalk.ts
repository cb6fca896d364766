import type { AppError } from "../src/errors";
import { PAGE_SIZES, type PageSize } from "../src/links/types";
import type { BackgroundCall } from "../src/messages";
import { firstPage, type ListView } from "./listView";
import { fetchPage } from "./useLinkPage";

/** Where pages start: page number → the cursor of the link before its first. Page 1 needs none. */
export type PageStarts = Map<number, string>;

/** The biggest step that lands on a page boundary: a page size that is a multiple of the page's own. */
function stepFor(links: number, pageSize: PageSize): PageSize {
	return [...PAGE_SIZES].reverse().find((size) => size % pageSize === 0 && size <= links) ?? pageSize;
}

/**
 * The view of page `page` of `view`'s list, found from the nearest page before it whose start is known.
 * Pages are reached through cursors, and Firestore's web SDK has no offset, so the links in between are
 * stepped over: up to 100 a request, which reads them just as an offset would be billed for them. Each
 * page boundary passed is added to `starts`, so coming back costs nothing. When the links run out first
 * (some were deleted meanwhile), the view asks for the page after the last one found, which the page
 * then renumbers (useStalePageFallback). Null when `stillWanted` turns false on the way.
 */
export async function walkToPage(
	call: BackgroundCall,
	view: ListView,
	starts: PageStarts,
	page: number,
	stillWanted: () => boolean,
): Promise<ListView | AppError | null> {
	const first = firstPage(view.term, view.pageSize);
	let at = Math.max(1, ...[...starts.keys()].filter((known) => known <= page));
	let cursor = starts.get(at);
	while (at < page) {
		const step = stepFor((page - at) * view.pageSize, view.pageSize);
		const reply = await fetchPage(call, { ...firstPage(view.term, step), ...(cursor ? { after: cursor } : {}) });
		if (!stillWanted()) return null;
		if (!reply.ok) return reply.error;
		if (!reply.data.next) break;
		cursor = reply.data.next;
		at += step / view.pageSize;
		starts.set(at, cursor);
	}
	return cursor ? { ...first, page, after: cursor } : first;
}
