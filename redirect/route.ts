/** What the page at a given path shows: the path alone decides, before any database read. */
import { isCode } from "../src/links/codes";

export type Route =
	| { kind: "home" }
	/** Not a code at all: the not-found page, with no database read. */
	| { kind: "malformed" }
	/** `/<code>`: go to the target. */
	| { kind: "follow"; code: string }
	/** `/<code>+`: show where the link goes and let the visitor decide. */
	| { kind: "preview"; code: string };

export const PREVIEW_SUFFIX = "+";

/**
 * `pathname` as location.pathname gives it (percent-encoded; codes never need encoding). One trailing slash
 * is the same link (`/abc1234/`): some sites and editors add one to any address, and a visitor cannot
 * tell why the link would then not exist.
 */
export function routeOf(pathname: string): Route {
	const path = pathname.slice(1).replace(/(.)\/$/, "$1");
	if (path === "" || path === "index.html") return { kind: "home" };
	const preview = path.endsWith(PREVIEW_SUFFIX);
	const code = preview ? path.slice(0, -PREVIEW_SUFFIX.length) : path;
	if (!isCode(code)) return { kind: "malformed" };
	return preview ? { kind: "preview", code } : { kind: "follow", code };
}
