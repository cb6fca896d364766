import { useEffect, useState } from "react";
import type { Link } from "../src/links/types";
import { useBackground } from "../src/ui/BackgroundContext";

/** A link's click total as its row shows it: a number, still counting, or not available. */
export type ClickTotal = number | "counting" | "unavailable";

/**
 * The people who followed each link of `page`, asked for once the page is on screen, so the rows never
 * wait for them: each total is a sum over the link's day documents, one aggregation per link. A total
 * already known stays shown while a reload asks again.
 */
export function useClickTotals(page: { links: Link[] } | null): (code: string) => ClickTotal {
	const call = useBackground();
	const [totals, setTotals] = useState<ReadonlyMap<string, number>>(new Map());
	const [failed, setFailed] = useState(false);

	useEffect(() => {
		const codes = page?.links.map((link) => link.code) ?? [];
		if (codes.length === 0) return;
		let current = true;
		setFailed(false);
		void call({ type: "clickTotals", codes }).then((reply) => {
			if (!current) return;
			if (reply.ok) setTotals((known) => new Map([...known, ...Object.entries(reply.data.totals)]));
			else setFailed(true);
		});
		return () => {
			current = false;
		};
	}, [call, page]);

	return (code) => totals.get(code) ?? (failed ? "unavailable" : "counting");
}
