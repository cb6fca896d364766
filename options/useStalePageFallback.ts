import { useCallback, useEffect, useState } from "react";
import { t } from "../src/i18n/translate";
import { firstPage, type ListView } from "./listView";
import type { PageState } from "./useLinkPage";
import type { Navigate } from "./useListView";

/**
 * Keeps the address true to the page shown. A cursor that cannot be read (an old or edited address) falls
 * back to the first page, and says so. A later page that turns out to be the first (going back reached the
 * newest links, or every link after the first page is gone) becomes page 1. A last page whose number is
 * past the end (its links were deleted, so the store answered with the page before) takes its real number.
 */
export function useStalePageFallback(view: ListView, state: PageState, navigate: Navigate) {
	const [notice, setNotice] = useState<string | null>(null);

	useEffect(() => {
		if (view.page === 1 || state.status === "loading") return;
		if (state.status === "failed") {
			if (state.asked !== view || state.error.code !== "invalid-request") return;
			setNotice(t("pageGone"));
			navigate(firstPage(view.term, view.pageSize), { replace: true });
			return;
		}
		if (state.shown.view !== view) return;
		const { previous, next, total } = state.shown.page;
		const pages = Math.ceil(total / view.pageSize);
		if (previous === null || pages <= 1) navigate(firstPage(view.term, view.pageSize), { replace: true });
		else if (next === null && pages < view.page) navigate({ ...view, page: pages }, { replace: true });
	}, [state, view, navigate]);

	return { notice, clearNotice: useCallback(() => setNotice(null), []) };
}
