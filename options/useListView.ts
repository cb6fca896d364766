import { useCallback, useEffect, useMemo, useState } from "react";
import { DEFAULT_PAGE_SIZE, type PageSize } from "../src/links/types";
import { isPageSize, type ListView, listViewHash, readListView } from "./listView";

const PAGE_SIZE_KEY = "shorty.rowsPerPage";

/**
 * "Rows per page" is remembered in this page's own localStorage: it is a preference of this one view,
 * and reading it synchronously lets the very first request ask for the right size, where a round trip
 * to the background's settings would hold the first page back or fetch it twice.
 */
function rememberedPageSize(): PageSize {
	const stored = Number(localStorage.getItem(PAGE_SIZE_KEY));
	return isPageSize(stored) ? stored : DEFAULT_PAGE_SIZE;
}

/** Shows `view`. A new history entry, unless `replace` (typing a search, fixing a stale page). */
export type Navigate = (view: ListView, options?: { replace?: boolean }) => void;

/** The view in the URL hash, following back/forward and edits of the address, and a way to move. */
export function useListView(): [ListView, Navigate] {
	const [hash, setHash] = useState(() => location.hash);

	useEffect(() => {
		// pushState fires neither event; back/forward fire popstate and, between different hashes, hashchange.
		const follow = () => setHash(location.hash);
		window.addEventListener("hashchange", follow);
		window.addEventListener("popstate", follow);
		return () => {
			window.removeEventListener("hashchange", follow);
			window.removeEventListener("popstate", follow);
		};
	}, []);

	// Keyed by the hash string, so an event that restates the current hash changes nothing.
	const view = useMemo(() => readListView(hash, rememberedPageSize()), [hash]);

	const navigate = useCallback<Navigate>((next, options = {}) => {
		localStorage.setItem(PAGE_SIZE_KEY, String(next.pageSize));
		const nextHash = listViewHash(next);
		if (nextHash === location.hash) return;
		if (options.replace) history.replaceState(history.state, "", nextHash);
		else history.pushState(history.state, "", nextHash);
		setHash(nextHash);
	}, []);

	return [view, navigate];
}
