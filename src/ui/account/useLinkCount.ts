import { useCallback, useEffect, useState } from "react";
import { PAGE_SIZES } from "../../links/types";
import { useBackground } from "../BackgroundContext";
import { useBackgroundEvents } from "../BackgroundEvents";

/**
 * How many links the signed-in user has, for warnings about actions that would lose them; null while
 * unknown (not asked, loading or failed). Asked again when the user changes, and when the background
 * announces that links changed (a shorten in another page, a delete on the options page).
 */
export function useLinkCount(uid: string | null): number | null {
	const call = useBackground();
	const [count, setCount] = useState<{ uid: string; total: number } | null>(null);
	// Returns the cancel; an answer tagged with a user other than the current one is never shown.
	const ask = useCallback(() => {
		if (uid === null) return;
		let current = true;
		// The smallest page: only the total is wanted, and it costs one count aggregation whatever the page.
		void call({ type: "listLinks", pageSize: PAGE_SIZES[0] }).then((reply) => {
			if (current && reply.ok) setCount({ uid, total: reply.data.total });
		});
		return () => {
			current = false;
		};
	}, [call, uid]);
	useEffect(ask, [ask]);
	useBackgroundEvents((event) => {
		if (event.type === "links-changed") ask();
	});
	return count !== null && count.uid === uid ? count.total : null;
}
