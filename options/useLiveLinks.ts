import { useEffect, useState } from "react";
import { useBackgroundEvents } from "../src/ui/BackgroundEvents";
import type { ListView } from "./listView";

/**
 * Follows the background's links-changed announcements, this page's own writes included (the one path
 * by which a delete's result reaches the table). On a first page the list reloads, so a link made in the
 * popup shows at once. Further in, new links would shift the rows under the reader, so they are counted
 * for a notice instead; in a search they are not, since they may not match it.
 * Returns the new links counted since this view opened.
 */
export function useLiveLinks(view: ListView, reload: () => void): number {
	const [newLinks, setNewLinks] = useState<ReadonlySet<string>>(new Set());

	// biome-ignore lint/correctness/useExhaustiveDependencies: a new view is the trigger; it shows the links that were new.
	useEffect(() => setNewLinks(new Set()), [view]);

	useBackgroundEvents((event) => {
		if (event.type !== "links-changed") return;
		if (event.kind !== "created" || view.page === 1) reload();
		else if (view.term.trim() === "") setNewLinks((known) => new Set([...known, ...event.codes]));
	});
	return newLinks.size;
}
