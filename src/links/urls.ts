/**
 * Which addresses Shorty shortens, and the one form it stores them in. Pure: it runs in the service
 * worker, in the popup (which checks as the user types) and in Node tests, so it uses web-standard URL only.
 */
import { type AppError, appError } from "../errors";
import { type InputProblemOf, inputError } from "./inputProblem";
import { HOST_FIELD_PATTERN, MAX_HOST_LENGTH, MAX_URL_LENGTH, URL_PATTERN } from "./schema";
import { isOnShortLinkSite, siteHostOf } from "./shortLinkSite";
import type { Checked } from "./types";

/** DNS's limit for one label of a name; the URL parser does not enforce it. */
const MAX_LABEL_LENGTH = 63;

const WEB_SCHEMES = new Set(["http:", "https:"]);

/**
 * Links that are not addresses of a page: behind a short link they would run or show anything. data:
 * links carry their own content, a favourite disguise for phishing pages; blob: links exist only inside
 * the page that made them.
 */
const NON_PAGE_SCHEMES = new Map<string, InputProblemOf<"invalid-url">>([
	["javascript:", { problem: "runs-code", scheme: "javascript:" }],
	["vbscript:", { problem: "runs-code", scheme: "vbscript:" }],
	["data:", { problem: "inline-content", scheme: "data:" }],
	["blob:", { problem: "page-only", scheme: "blob:" }],
]);

/** Pages of the browser itself, of extensions, or of this computer: nobody else can open them. */
const BROWSER_SCHEMES = new Set([
	"file:",
	"about:",
	"chrome:",
	"chrome-extension:",
	"chrome-search:",
	"chrome-untrusted:",
	"devtools:",
	"edge:",
	"brave:",
	"opera:",
	"vivaldi:",
	"moz-extension:",
	"view-source:",
	"resource:",
]);

/**
 * Browsers forbid extensions to act on their own extension stores. `path` is a path prefix matched on
 * whole segments ("" for the whole host), as Chrome guards only /webstore of chrome.google.com.
 */
const EXTENSION_STORES = [
	{ host: "chromewebstore.google.com", path: "" },
	{ host: "chrome.google.com", path: "/webstore" },
	{ host: "microsoftedge.microsoft.com", path: "/addons" },
	{ host: "addons.mozilla.org", path: "" },
] as const;

/** Scheme names, without their colon: a host of that name is an address written twice ("https://http://..."). */
const SCHEME_NAMES = new Set(
	[...WEB_SCHEMES, ...NON_PAGE_SCHEMES.keys(), ...BROWSER_SCHEMES].map((scheme) => scheme.slice(0, -1)),
);

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** "example.com:8080/x" and "localhost:3000" parse as a scheme "example.com:"; people mean a host and port. */
const HOST_AND_PORT = /^(?:localhost|[^\s/:?#]+\.[^\s/:?#]+):\d*(?:[/?#]|$)/i;

/** Whitespace between the scheme and the path, that is inside the host. */
const SPACE_IN_HOST = /^[a-z][a-z0-9+.-]*:\/*[^/?#]*\s/i;

/**
 * C0 controls, DEL and C1 controls (NEL among them). The URL parser silently deletes tabs and newlines,
 * joining "exa\nmple.com" into another host.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/** Line and paragraph separators: they break an address in two wherever it is shown. */
const LINE_SEPARATOR = /[\u2028\u2029]/;

/**
 * Invisible format characters (Unicode's Cf: soft hyphen, zero-width space, bidi overrides, BOM, ...).
 * The host parser deletes some ("exa\u00admple.com" is example.com) and a right-to-left override makes
 * a path read backwards. The zero-width joiner and non-joiner stay allowed: emoji sequences and some
 * scripts need them.
 */
const INVISIBLE_CHARACTER = /(?![\u200c\u200d])\p{Cf}/u;

/**
 * Nothing between "https://" and the path, query or end: "https:///x" names no host, yet the parser
 * skips the third slash and takes the path's first segment, x, for one.
 */
const EMPTY_HOST = /^https?:[/\\]{2}(?:[/\\?#]|$)/i;

const HOST = new RegExp(HOST_FIELD_PATTERN);
const STORED_URL = new RegExp(URL_PATTERN);

/**
 * Checks that `input` is a web page address someone else can open, and normalizes it with the WHATWG
 * URL parser: scheme and host lower-cased, an IDN host in punycode, a default port dropped; path, query
 * and fragment stay as the parser gives them. `host` is `URL.host`: the punycode host with a non-default
 * port kept, because example.com:8443 is another site than example.com.
 * `shortLinkBase` is Shorty's redirect site ("https://sho.rt/"); its addresses are refused as already short,
 * and so are those of `siteHosts`, the site's other names (shortLinkSiteHosts: <project>.web.app, ...).
 * An unparseable `shortLinkBase` is a build misconfiguration, not a user's mistake, and throws.
 */
export function checkUrl(
	input: string,
	shortLinkBase: string,
	siteHosts: readonly string[] = [],
): Checked<{ url: string; host: string }> {
	const text = input.trim();
	const problem = textProblem(text);
	if (problem) return { ok: false, error: inputError("invalid-url", problem) };
	const url = parseUrl(text);
	if (!url) return { ok: false, error: inputError("invalid-url", unparseableProblem(text)) };
	const error =
		schemeProblem(url) ??
		credentialsProblem(url) ??
		hostProblem(url) ??
		storeProblem(url) ??
		alreadyShortProblem(url, [siteHostOf(shortLinkBase), ...siteHosts]) ??
		lengthProblem(url) ??
		storableProblem(url);
	return error ? { ok: false, error } : { ok: true, value: { url: url.href, host: url.host } };
}

function textProblem(text: string): InputProblemOf<"invalid-url"> | undefined {
	if (text === "") return { problem: "empty" };
	const control = CONTROL_CHARACTER.exec(text)?.[0];
	if (control !== undefined) return { problem: "control-character", character: control };
	if (LINE_SEPARATOR.test(text)) return { problem: "line-break" };
	const invisible = INVISIBLE_CHARACTER.exec(text)?.[0];
	if (invisible !== undefined) return { problem: "invisible-character", character: invisible };
	if (!SCHEME.test(text) || HOST_AND_PORT.test(text)) return { problem: "needs-scheme" };
	return EMPTY_HOST.test(text) ? { problem: "empty-host" } : undefined;
}

/** Not URL.parse: Node 20, which runs the build and the tests, lacks it (Chrome has it from 126). */
function parseUrl(text: string): URL | undefined {
	try {
		return new URL(text);
	} catch {
		return undefined;
	}
}

function unparseableProblem(text: string): InputProblemOf<"invalid-url"> {
	return SPACE_IN_HOST.test(text) ? { problem: "space-in-host" } : { problem: "unreadable" };
}

function schemeProblem({ protocol }: URL): AppError | undefined {
	if (WEB_SCHEMES.has(protocol)) return undefined;
	const nonPage = NON_PAGE_SCHEMES.get(protocol);
	if (nonPage) return inputError("invalid-url", nonPage);
	if (protocol === "file:") return inputError("restricted-page", { problem: "local-file" });
	if (BROWSER_SCHEMES.has(protocol)) {
		return inputError("restricted-page", { problem: "browser-page", scheme: protocol });
	}
	return inputError("invalid-url", { problem: "not-web", scheme: protocol });
}

/** https://bank.example@evil.example/ leads to evil.example: credentials are a phishing disguise. */
function credentialsProblem({ username, password }: URL): AppError | undefined {
	return username || password ? inputError("invalid-url", { problem: "credentials" }) : undefined;
}

function hostProblem({ host, hostname }: URL): AppError | undefined {
	if (host.length > MAX_HOST_LENGTH)
		return inputError("invalid-url", { problem: "host-too-long", limit: MAX_HOST_LENGTH });
	// The parser accepts empty labels ("a..b", ".a") and characters no name has ("a!b", "a{b"), which the
	// rules refuse; and over-long labels, which no name server resolves.
	if (!HOST.test(host)) return inputError("invalid-url", { problem: "not-a-host-name", host: hostname });
	const name = withoutRootDot(hostname);
	if (SCHEME_NAMES.has(name)) return inputError("invalid-url", { problem: "scheme-as-host", name });
	return name.split(".").some((label) => label.length > MAX_LABEL_LENGTH)
		? inputError("invalid-url", { problem: "label-too-long", limit: MAX_LABEL_LENGTH })
		: undefined;
}

function storeProblem({ hostname, pathname }: URL): AppError | undefined {
	const host = withoutRootDot(hostname);
	const isStore = EXTENSION_STORES.some(
		(store) => store.host === host && (pathname === store.path || pathname.startsWith(`${store.path}/`)),
	);
	return isStore ? inputError("restricted-page", { problem: "extension-store" }) : undefined;
}

/** A trailing dot names the same host ("example.com." is the fully qualified example.com). */
function withoutRootDot(hostname: string): string {
	return hostname.endsWith(".") ? hostname.slice(0, -1) : hostname;
}

/**
 * The redirect site under any spelling that reaches it (the other scheme, a trailing dot, any port when
 * the site uses the default one), since a short link pointed at a short link can be made to loop. A base
 * with an explicit port (the local backend, 127.0.0.1:5000) leaves the host's other ports alone.
 */
function alreadyShortProblem(url: URL, siteHosts: readonly string[]): AppError | undefined {
	return isOnShortLinkSite(url, siteHosts) ? appError("already-short") : undefined;
}

function lengthProblem({ href }: URL): AppError | undefined {
	return href.length > MAX_URL_LENGTH
		? inputError("url-too-long", { problem: "address-too-long", length: href.length, limit: MAX_URL_LENGTH })
		: undefined;
}

/**
 * The rules' own test of a stored address, last: whatever the browser's URL parser makes of an input,
 * the extension never accepts what the database would refuse.
 */
function storableProblem({ href }: URL): AppError | undefined {
	return STORED_URL.test(href) ? undefined : inputError("invalid-url", { problem: "unreadable" });
}
