import { useEffect, useState } from "react";
import { useBackgroundEvents } from "../src/ui/BackgroundEvents";
import type { ListView } from "./listView";

/**
 * New links go to the top of every link, newest first: on a later page they would push the rows the
 * reader is looking at down and onto the next page.
 */
function newLinksMoveRows(view: ListView): boolean {
	return view.page > 1 && view.sort === "newest" && view.filter === "all" && view.tag === "" && view.term.trim() === "";
}

/**
 * Follows the background's links-changed announcements: this page's own writes, the popup's, and what
 * a sync brought from another browser. A reload is a lookup in the worker's copy, so the view is read
 * again on each, except where new links would move the rows under the reader (newLinksMoveRows): they
 * are counted for a notice instead. Returns the new links counted since this view opened.
 */
export function useLiveLinks(view: ListView, reload: () => void): number {
	const [newLinks, setNewLinks] = useState<ReadonlySet<string>>(new Set());

	// biome-ignore lint/correctness/useExhaustiveDependencies: a new view is the trigger; it shows the links that were new.
	useEffect(() => setNewLinks(new Set()), [view]);

	useBackgroundEvents((event) => {
		if (event.type !== "links-changed") return;
		if (event.kind === "created" && newLinksMoveRows(view)) setNewLinks((known) => new Set([...known, ...event.codes]));
		else reload();
	});
	return newLinks.size;
}
