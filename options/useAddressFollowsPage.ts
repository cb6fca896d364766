import { useEffect } from "react";
import type { ListView } from "./listView";
import type { PageState } from "./useLinkPage";
import type { Navigate } from "./useListView";

/**
 * Keeps the address true to the page shown. A page number past the end (its links were deleted, or an
 * old address) is answered with the last page; the address takes that page's number in place of the
 * old one, so Back does not return to a page that is not there. Not while the worker's first fetch of
 * the links runs: the page asked for may only not have arrived yet.
 */
export function useAddressFollowsPage(view: ListView, state: PageState, navigate: Navigate) {
	useEffect(() => {
		if (state.status !== "ready" || state.shown.asked !== view || !state.shown.found.complete) return;
		if (state.shown.view.page !== view.page) navigate(state.shown.view, { replace: true });
	}, [state, view, navigate]);
}
