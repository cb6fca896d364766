/**
 * Which addresses Shorty shortens, and the one form it stores them in. Pure: it runs in the service
 * worker, in the popup (which checks as the user types) and in Node tests, so it uses web-standard URL only.
 */
import { type AppError, appError } from "../errors";
import type { Checked } from "./types";

/** firestore.rules refuses longer URLs (validUrl), so a longer one could never be stored. */
export const MAX_URL_LENGTH = 2048;

/** DNS's own limit for a name; firestore.rules caps links.host at the same length. */
const MAX_HOST_LENGTH = 253;

/** DNS's limit for one label of a name; the URL parser does not enforce it. */
const MAX_LABEL_LENGTH = 63;

const WEB_SCHEMES = new Set(["http:", "https:"]);

/** Links that are not addresses of a page: behind a short link they would run or show anything. */
const NON_PAGE_SCHEMES = new Map([
	["javascript:", "javascript: links run code"],
	["vbscript:", "vbscript: links run code"],
	["data:", "data: links carry their own content, a favourite disguise for phishing pages"],
	["blob:", "blob: links exist only inside the page that made them"],
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

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** "example.com:8080/x" and "localhost:3000" parse as a scheme "example.com:"; people mean a host and port. */
const HOST_AND_PORT = /^(?:localhost|[^\s/:?#]+\.[^\s/:?#]+):\d*(?:[/?#]|$)/i;

/** Whitespace between the scheme and the path, that is inside the host. */
const SPACE_IN_HOST = /^[a-z][a-z0-9+.-]*:\/*[^/?#]*\s/i;

/** C0 controls and DEL. The URL parser silently deletes tabs and newlines, joining "exa\nmple.com" into another host. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/**
 * Checks that `input` is a web page address someone else can open, and normalizes it with the WHATWG
 * URL parser: scheme and host lower-cased, an IDN host in punycode, a default port dropped; path, query
 * and fragment stay as the parser gives them. `host` is `URL.host`: the punycode host with a non-default
 * port kept, because example.com:8443 is another site than example.com.
 * `shortLinkBase` is Shorty's redirect site ("https://sho.rt/"); its addresses are refused as already short.
 * An unparseable `shortLinkBase` is a build misconfiguration, not a user's mistake, and throws.
 */
export function checkUrl(input: string, shortLinkBase: string): Checked<{ url: string; host: string }> {
	const text = input.trim();
	const textError = textProblem(text);
	if (textError) return { ok: false, error: textError };
	const url = parseUrl(text);
	if (!url) return { ok: false, error: appError("invalid-url", unparseableDetail(text)) };
	const error =
		schemeProblem(url) ??
		credentialsProblem(url) ??
		hostProblem(url) ??
		storeProblem(url) ??
		alreadyShortProblem(url, shortLinkBase) ??
		lengthProblem(url);
	return error ? { ok: false, error } : { ok: true, value: { url: url.href, host: url.host } };
}

function textProblem(text: string): AppError | undefined {
	if (text === "") return appError("invalid-url", "the address is empty");
	if (CONTROL_CHARACTER.test(text)) return appError("invalid-url", "the address contains a control character");
	if (!SCHEME.test(text) || HOST_AND_PORT.test(text)) {
		return appError("invalid-url", "it needs http:// or https:// in front");
	}
	return undefined;
}

/** URL.parse would do, but Node 20 (the tests) lacks it. */
function parseUrl(text: string): URL | undefined {
	try {
		return new URL(text);
	} catch {
		return undefined;
	}
}

function unparseableDetail(text: string): string {
	return SPACE_IN_HOST.test(text) ? "the host contains a space" : "it is not a valid address";
}

function schemeProblem({ protocol }: URL): AppError | undefined {
	if (WEB_SCHEMES.has(protocol)) return undefined;
	const nonPage = NON_PAGE_SCHEMES.get(protocol);
	if (nonPage) return appError("invalid-url", nonPage);
	if (protocol === "file:") return appError("restricted-page", "file: addresses open only on this computer");
	if (BROWSER_SCHEMES.has(protocol)) return appError("restricted-page", `${protocol} pages open only in this browser`);
	return appError("invalid-url", `${protocol} links are not web pages`);
}

/** https://bank.example@evil.example/ leads to evil.example: credentials are a phishing disguise. */
function credentialsProblem({ username, password }: URL): AppError | undefined {
	return username || password
		? appError("invalid-url", "an address with a user name or password can disguise where it leads")
		: undefined;
}

function hostProblem({ host, hostname }: URL): AppError | undefined {
	if (host.length > MAX_HOST_LENGTH) {
		return appError("invalid-url", `the host is longer than ${MAX_HOST_LENGTH} characters`);
	}
	// The parser accepts empty labels ("a..b", ".a") and over-long ones, which no name server resolves.
	const labels = withoutRootDot(hostname).split(".");
	if (labels.includes("")) return appError("invalid-url", `"${hostname}" is not a host name`);
	return labels.some((label) => label.length > MAX_LABEL_LENGTH)
		? appError("invalid-url", `a part of the host is longer than ${MAX_LABEL_LENGTH} characters`)
		: undefined;
}

function storeProblem({ hostname, pathname }: URL): AppError | undefined {
	const host = withoutRootDot(hostname);
	const isStore = EXTENSION_STORES.some(
		(store) => store.host === host && (pathname === store.path || pathname.startsWith(`${store.path}/`)),
	);
	return isStore ? appError("restricted-page", "browsers keep extensions off their extension stores") : undefined;
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
function alreadyShortProblem({ hostname, port }: URL, shortLinkBase: string): AppError | undefined {
	const base = new URL(shortLinkBase);
	const bare = (name: string) => name.replace(/\.$/, "");
	const sameSite = bare(hostname) === bare(base.hostname) && (base.port === "" || port === base.port);
	return sameSite ? appError("already-short") : undefined;
}

function lengthProblem({ href }: URL): AppError | undefined {
	return href.length > MAX_URL_LENGTH
		? appError("url-too-long", `${href.length.toLocaleString("en-US")} characters once normalized`)
		: undefined;
}
