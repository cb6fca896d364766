/** A page number to offer, or a gap standing for the pages between its neighbours. */
export type PageItem = number | "gap";

/** Up to this many items, every page is listed. */
const ITEMS = 7;

/**
 * The page numbers the pagination offers: every page when there are at most seven, else always seven
 * items, so the row keeps its width as you move: the first and last page, the current one and its
 * neighbours, and gaps ("1 2 3 4 5 … 12", "1 … 6 7 8 … 12", "1 … 8 9 10 11 12").
 */
export function pageItems(current: number, count: number): PageItem[] {
	const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
	if (count <= ITEMS) return range(1, count);
	if (current <= 4) return [...range(1, 5), "gap", count];
	if (current >= count - 3) return [1, "gap", ...range(count - 4, count)];
	return [1, "gap", current - 1, current, current + 1, "gap", count];
}
