import type { LinkPage } from "../src/links/types";
import { firstPage, type ListView } from "./listView";

export interface PageMoves {
	/** Null where there is no such page. */
	onFirst: (() => void) | null;
	onPrevious: (() => void) | null;
	onNext: (() => void) | null;
}

/**
 * First / previous / next from `view`, whose page `ready` has arrived (null while one is on its way:
 * moves start from a page that is shown, never from one still loading).
 */
export function pageMoves(view: ListView, ready: LinkPage | null, go: (next: ListView) => void): PageMoves {
	const first = firstPage(view.term, view.pageSize);
	const { previous, next } = ready ?? { previous: null, next: null };
	return {
		onFirst: ready && view.page > 1 ? () => go(first) : null,
		onPrevious:
			previous && view.page > 1
				? () => go(view.page === 2 ? first : { ...first, page: view.page - 1, before: previous })
				: null,
		onNext: next ? () => go({ ...first, page: view.page + 1, after: next }) : null,
	};
}
