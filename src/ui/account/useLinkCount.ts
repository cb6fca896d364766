import { useEffect, useState } from "react";
import { PAGE_SIZES } from "../../links/types";
import { useBackground } from "../BackgroundContext";
import { withTimeout } from "../withTimeout";

/**
 * How many links the signed-in user has, for warnings about actions that would lose them; null while
 * unknown (not asked, loading or failed). Asked again when the user changes.
 */
export function useLinkCount(uid: string | null): number | null {
	const call = useBackground();
	const [count, setCount] = useState<{ uid: string; total: number } | null>(null);
	useEffect(() => {
		if (uid === null) return;
		let current = true;
		// The smallest page: only the total is wanted, and it costs one count aggregation whatever the page.
		void withTimeout(call({ type: "listLinks", pageSize: PAGE_SIZES[0] })).then((reply) => {
			if (current && reply.ok) setCount({ uid, total: reply.data.total });
		});
		return () => {
			current = false;
		};
	}, [call, uid]);
	return count !== null && count.uid === uid ? count.total : null;
}

/** How the warnings name the anonymous session's links: "the 3 links", "the link", "the links" (count unknown). */
export function linkWords(count: number | null): { theLinks: string; them: string } {
	if (count === 1) return { theLinks: "the link", them: "it" };
	return { theLinks: count === null ? "the links" : `the ${count.toLocaleString("en")} links`, them: "them" };
}
