import { useCallback, useEffect, useRef, useState } from "react";
import { PAGE_SIZES } from "../../links/types";
import type { BackgroundCall } from "../../messages";
import { useBackground } from "../BackgroundContext";
import { useBackgroundEvents } from "../BackgroundEvents";

/**
 * The user's links, counted by the worker's copy of them (no round trip): the total of the smallest page
 * of every link. A copy still on its first sync holds a part, so the count waits for that sync to end.
 */
async function countLinks(call: BackgroundCall): Promise<number | null> {
	const count = () => call({ type: "searchLinks", term: "", pageSize: PAGE_SIZES[0] });
	let reply = await count();
	if (reply.ok && !reply.data.complete && (await call({ type: "syncLinks" })).ok) reply = await count();
	return reply.ok && reply.data.complete ? reply.data.total : null;
}

/**
 * How many links the signed-in user has, for warnings about actions that would lose them; null while
 * unknown (not asked, loading or failed). A count above 0 stays on screen while the next is asked, rather
 * than make the warnings blink. Asked again when the user changes, and when the background announces that
 * links changed (a shorten in another page, a delete on the options page, a sync).
 */
export function useLinkCount(uid: string | null): number | null {
	const call = useBackground();
	const [count, setCount] = useState<{ uid: string; total: number } | null>(null);
	// Only the latest question's answer is shown: an earlier one answered after it counts the links before the
	// change that asked again, and a count of 0 left standing would let an anonymous sign-out skip its warning.
	const latest = useRef(0);
	const ask = useCallback(() => {
		const asked = ++latest.current;
		if (uid === null) return;
		// A count above 0 stays while the next is asked; 0 does not, for the same sign-out's sake.
		setCount((now) => (now?.total === 0 ? null : now));
		void countLinks(call).then((total) => {
			if (asked === latest.current) setCount(total === null ? null : { uid, total });
		});
	}, [call, uid]);
	useEffect(() => {
		ask();
		return () => {
			latest.current++;
		};
	}, [ask]);
	useBackgroundEvents((event) => {
		if (event.type === "links-changed") ask();
	});
	return count !== null && count.uid === uid ? count.total : null;
}
