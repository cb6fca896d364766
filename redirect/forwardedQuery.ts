/**
 * A short link's query string goes on to its target, as Shlink and Dub pass it: a link shared as
 * `https://sho.rt/abc1234?utm_source=newsletter` arrives with its campaign tag, and a parameter a site
 * appends on the way (`fbclid`) reaches the page as it would through a direct link. Only parameters the
 * target does not set go on: what the link's owner wrote in the target stays theirs, so a visitor cannot
 * rewrite, say, a login page's `next=` under the owner's short link (Shlink and Dub let the short link's
 * value win; Shorty's links are one person's, shared as they made them). The target's own query stays as
 * written, in its order and its encoding.
 */
import { decodeURIComponentSafely } from "../src/links/percentDecoding";

/** The `name=value` pairs of a query string (without its "?"), as written. */
function pairsOf(query: string): string[] {
	return query.split("&").filter((pair) => pair !== "");
}

/** A pair's name as a server reads it: `+` is a space, and a malformed escape is taken as written. */
function nameOf(pair: string): string {
	return decodeURIComponentSafely(pair.split("=", 1)[0]?.replace(/\+/g, " ") ?? "");
}

/**
 * `target` with the pairs of the short link's `search` (`location.search` or the request's: "" or "?…")
 * whose names it does not hold added after its own. `target` itself when there are none.
 */
export function withForwardedQuery(target: URL, search: string): URL {
	const own = target.search.slice(1);
	const named = new Set(pairsOf(own).map(nameOf));
	const added = pairsOf(search.replace(/^\?/, "")).filter((pair) => !named.has(nameOf(pair)));
	if (added.length === 0) return target;
	const url = new URL(target.href);
	url.search = [own, ...added].filter((part) => part !== "").join("&");
	return url;
}
