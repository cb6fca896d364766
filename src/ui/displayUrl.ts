/** Addresses as Shorty's pages show them: without their scheme, a target cut where it says least. */

/** A short link as people read it: "sho.rt/abc1234". */
export function displayUrl(url: string): string {
	return url.replace(/^https?:\/\//, "");
}

/** A target as the pages show it, under a title or a short link: "react.dev/reference/react/useEffect". */
export function displayTarget(url: string): string {
	return displayUrl(url).replace(/\/$/, "");
}

/**
 * A shown target cut before its last part, the last segment of its path with the query and fragment:
 * ["developer.chrome.com/docs/extensions", "/service-workers?ref=3"]. A line too narrow for the whole
 * cuts the first part, not the last: links to one page often differ only at their end. The end keeps its
 * slash, so what follows the first part's ellipsis reads as the path going on.
 */
export function targetParts(target: string): [start: string, end: string] {
	const query = target.search(/[?#]/);
	const slash = target.lastIndexOf("/", query < 0 ? target.length : query);
	if (slash < 0) return [target, ""];
	return [target.slice(0, slash), target.slice(slash)];
}
