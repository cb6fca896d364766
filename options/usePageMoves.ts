import { useCallback, useEffect, useRef, useState } from "react";
import type { AppError } from "../src/errors";
import { useBackground } from "../src/ui/BackgroundContext";
import { firstPage, type ListView } from "./listView";
import { type PageStarts, walkToPage } from "./pageWalk";
import type { PageState } from "./useLinkPage";

/** Which list the known page starts belong to: another search, size or total numbers pages afresh. */
function listKey(view: ListView, total: number): string {
	return JSON.stringify([view.term, view.pageSize, total]);
}

export interface PageMoves {
	/** Goes to a page by its number; null while a page is on its way (moves start from a page shown). */
	jumpTo: ((page: number) => void) | null;
	/** Null where there is no such page. */
	onPrevious: (() => void) | null;
	onNext: (() => void) | null;
	/** The page being walked to, or null. */
	finding: number | null;
}

/**
 * Moves between pages: previous, next, or any page by its number. Next and previous use the shown page's
 * own cursors. The start of every page seen so far is remembered too (the cursor it was fetched with, and
 * the next page's), so a jump back to one is one request; any other page is walked to (walkToPage).
 * Adding or deleting links shifts every page after them, so the starts are kept only while the total
 * stays the same.
 */
export function usePageMoves(
	view: ListView,
	state: PageState,
	go: (next: ListView) => void,
	onError: (error: AppError) => void,
): PageMoves {
	const call = useBackground();
	const known = useRef<{ key: string; starts: PageStarts }>({ key: "", starts: new Map() });
	const latest = useRef(0);
	const [finding, setFinding] = useState<number | null>(null);
	const shown = state.status === "ready" ? state.shown : null;

	const startsFor = useCallback((list: ListView, total: number): PageStarts => {
		const key = listKey(list, total);
		if (known.current.key !== key) known.current = { key, starts: new Map() };
		return known.current.starts;
	}, []);

	useEffect(() => {
		if (!shown) return;
		const starts = startsFor(shown.view, shown.page.total);
		if (shown.view.after) starts.set(shown.view.page, shown.view.after);
		if (shown.page.next) starts.set(shown.view.page + 1, shown.page.next);
	}, [shown, startsFor]);

	// A move made another way (Back, a search, another page number) ends a walk under way.
	// biome-ignore lint/correctness/useExhaustiveDependencies: a new view is the trigger.
	useEffect(() => {
		latest.current++;
		setFinding(null);
	}, [view]);

	const jumpTo = useCallback(
		async (page: number) => {
			if (!shown || page === view.page) return;
			const first = firstPage(view.term, view.pageSize);
			const { previous, next, total } = shown.page;
			if (page === 1) return go(first);
			if (page === view.page - 1 && previous) return go({ ...first, page, before: previous });
			if (page === view.page + 1 && next) return go({ ...first, page, after: next });
			const starts = startsFor(view, total);
			const start = starts.get(page);
			if (start) return go({ ...first, page, after: start });
			const walk = ++latest.current;
			setFinding(page);
			const found = await walkToPage(call, view, starts, page, () => walk === latest.current);
			if (found === null) return;
			setFinding(null);
			if ("code" in found) onError(found);
			else go(found);
		},
		[call, view, shown, go, startsFor, onError],
	);

	if (!shown) return { jumpTo: null, onPrevious: null, onNext: null, finding };
	return {
		jumpTo: (page) => void jumpTo(page),
		onPrevious: shown.page.previous && view.page > 1 ? () => void jumpTo(view.page - 1) : null,
		onNext: shown.page.next ? () => void jumpTo(view.page + 1) : null,
		finding,
	};
}
