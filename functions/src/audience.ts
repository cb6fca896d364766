/**
 * What a person's visit tells the link's owner, from the request headers alone: the referring site (the
 * Referer's host, nothing more of it), the device class and the browser class. Coarse on purpose: these
 * are aggregate counters (docs/architecture.md), and nothing finer than a class is ever stored.
 */
import type { BROWSER_CLASSES, DEVICE_CLASSES } from "../../src/links/schema";

/** The classes the options page shows: src/links/schema.ts states them once. */
export type Device = (typeof DEVICE_CLASSES)[number];
export type Browser = (typeof BROWSER_CLASSES)[number];

export interface Audience {
	/** The Referer's host in lower case, without port or trailing dot; null without a usable Referer. */
	referrer: string | null;
	device: Device;
	browser: Browser;
}

type Headers = Record<string, string | string[] | undefined>;

const header = (headers: Headers, name: string): string => {
	const value = headers[name];
	return Array.isArray(value) ? (value[0] ?? "") : (value ?? "");
};

/**
 * A DNS name (labels of letters, digits, `-` and `_`, starting and ending with a letter or digit) or an
 * IP address in brackets: what a browser puts in a Referer. Anything else is a hand-made header and names
 * no site; this also keeps a stored map key from being one of Firestore's reserved `__x__` names.
 */
const LABEL = "[a-z0-9](?:[a-z0-9_-]{0,61}[a-z0-9])?";
const REFERRER_HOST = new RegExp(`^(?:${LABEL}\\.)*${LABEL}$|^\\[[0-9a-f:.]+\\]$`);
/** RFC 1035's longest name; also well within Firestore's 1,500 bytes for a field name. */
const MAX_HOST_LENGTH = 253;

function referrerOf(headers: Headers, isThisSite: (url: URL) => boolean): string | null {
	let url: URL;
	try {
		url = new URL(header(headers, "referer"));
	} catch {
		return null;
	}
	if (url.protocol !== "http:" && url.protocol !== "https:") return null;
	// The site's own pages (the preview's Continue) send people on, they do not refer them: counted, the
	// owner would see their own short-link domain among the sites their visitors came from.
	if (isThisSite(url)) return null;
	const host = url.hostname.replace(/\.$/, "");
	return host.length <= MAX_HOST_LENGTH && REFERRER_HOST.test(host) ? host : null;
}

function deviceOf(headers: Headers, userAgent: string): Device {
	// iPadOS and Android tablets first: their user agents also carry the words phones use.
	if (/iPad|Tablet|PlayBook|Silk\//i.test(userAgent)) return "tablet";
	if (/Android/i.test(userAgent) && !/Mobile/i.test(userAgent)) return "tablet";
	// Chromium's client hint says it outright; the user agent's "Mobile" or phone names otherwise.
	if (header(headers, "sec-ch-ua-mobile") === "?1") return "mobile";
	if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent)) return "mobile";
	return "desktop";
}

/**
 * In this order, because browsers built on Chromium or WebKit name their engine's browser too: Edge,
 * Opera and Samsung Internet say "Chrome/" and "Safari/", Chrome on iOS says "Safari/".
 */
const BROWSER_PATTERNS: ReadonlyArray<readonly [Browser, RegExp]> = [
	// Chromium browsers with a small share, counted as other rather than as Chrome.
	["other", /YaBrowser|Vivaldi|UCBrowser|MiuiBrowser|HuaweiBrowser|DuckDuckGo|Whale\//],
	["samsung", /SamsungBrowser\//],
	["edge", /Edg(?:e|A|iOS)?\//],
	["opera", /OPR\/|OPiOS\/|Opera/],
	["firefox", /Firefox\/|FxiOS\//],
	["chrome", /Chrome\/|CriOS\/|Chromium\//],
	["safari", /Safari\//],
];

function browserOf(userAgent: string): Browser {
	return BROWSER_PATTERNS.find(([, pattern]) => pattern.test(userAgent))?.[0] ?? "other";
}

/** `headers` as Node gives them, names in lower case. */
export function audienceOf(headers: Headers, isThisSite: (url: URL) => boolean = () => false): Audience {
	const userAgent = header(headers, "user-agent");
	return {
		referrer: referrerOf(headers, isThisSite),
		device: deviceOf(headers, userAgent),
		browser: browserOf(userAgent),
	};
}
