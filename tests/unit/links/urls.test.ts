// @vitest-environment node
import { describe, expect, it } from "vitest";
import { configFromEnv } from "../../../src/config";
import type { ErrorCode } from "../../../src/errors";
import { errorText } from "../../../src/i18n/errorText";
import { MAX_URL_LENGTH } from "../../../src/links/schema";
import { shortLinkSiteHosts } from "../../../src/links/shortLinkSite";
import { checkUrl } from "../../../src/links/urls";

const BASE = "https://sho.rt/";
const check = (input: string) => checkUrl(input, BASE);

function accepted(input: string, base = BASE) {
	const result = checkUrl(input, base);
	if (!result.ok)
		throw new Error(`expected ${JSON.stringify(input)} to be accepted, got ${JSON.stringify(result.error)}`);
	return result.value;
}

function refusal(input: string, base = BASE) {
	const result = checkUrl(input, base);
	if (result.ok) throw new Error(`expected ${JSON.stringify(input)} to be refused, got ${result.value.url}`);
	return result.error;
}

/** Refused with `code`, and the reader is told `why` after the code's message. */
function expectRefused(input: string, code: ErrorCode, why?: string) {
	const error = refusal(input);
	expect(error.code).toBe(code);
	if (why !== undefined) expect(errorText(error)).toContain(`. ${why}`);
}

/** An https address of exactly `length` characters, already in normalized form. */
function urlOfLength(length: number): string {
	const start = "https://example.com/";
	return start + "a".repeat(length - start.length);
}

describe("checkUrl accepts web pages", () => {
	it("an https address comes back as the parser's href with its host", () => {
		expect(check("https://example.com/a/b?c=1#d")).toEqual({
			ok: true,
			value: { url: "https://example.com/a/b?c=1#d", host: "example.com" },
		});
	});

	it("an http address is accepted too", () => {
		expect(accepted("http://example.com/page")).toEqual({ url: "http://example.com/page", host: "example.com" });
	});

	it.each([
		["a loopback address with a port", "http://127.0.0.1:5000/x", "127.0.0.1:5000"],
		["an IPv6 address", "https://[::1]/", "[::1]"],
		["localhost", "http://localhost:3000/", "localhost:3000"],
		["a fully qualified name with its root dot", "https://example.com./", "example.com."],
	])("%s is a plausible host", (_kind, input, host) => {
		expect(accepted(input).host).toBe(host);
	});
});

describe("checkUrl trims and refuses stray characters", () => {
	it.each([
		["spaces", "   https://example.com/   "],
		["tabs and newlines", "\thttps://example.com/\r\n"],
		["no-break spaces and a byte order mark", "\u00a0\ufeffhttps://example.com/\u00a0"],
	])("surrounding %s are trimmed", (_kind, input) => {
		expect(accepted(input).url).toBe("https://example.com/");
	});

	it.each(["", "   ", "\n\t"])("an empty address (%j) is refused as invalid-url", (input) => {
		expectRefused(input, "invalid-url", "The address is empty.");
	});

	it.each([
		["a newline in the host, which the parser would silently delete", "https://exa\nmple.com/"],
		["a tab in the path", "https://example.com/a\tb"],
		["a NUL", "https://example.com/\u0000"],
		["a DEL", "https://example.com/\u007f"],
	])("%s is refused as invalid-url", (_kind, input) => {
		expectRefused(input, "invalid-url", "It contains the control character U+");
	});

	it.each([
		["a space", "https://exa mple.com/"],
		["a space before the path", "https://example.com /page"],
		["a no-break space", "https://exa\u00a0mple.com/"],
	])("%s in the host is refused as invalid-url", (_kind, input) => {
		expectRefused(input, "invalid-url", "The host name contains a space.");
	});

	it("a space in the path is kept, percent-encoded as the parser does", () => {
		expect(accepted("https://example.com/a b").url).toBe("https://example.com/a%20b");
	});

	it.each([
		["a vertical tab", "https://example.com/a\u000bb"],
		["a next-line character (C1)", "https://example.com/a\u0085b"],
		["another C1 control", "https://exa\u009bmple.com/"],
	])("%s inside is refused as invalid-url", (_kind, input) => {
		expectRefused(input, "invalid-url", "It contains the control character U+");
	});

	it("names the control character by its number", () => {
		expectRefused("https://exa\nmple.com/", "invalid-url", "It contains the control character U+000A.");
	});

	it.each([
		["a line separator in the path", "https://example.com/a\u2028b"],
		["a paragraph separator in the query", "https://example.com/?q=a\u2029b"],
		["a line separator in the host", "https://exa\u2028mple.com/"],
	])("%s is refused as invalid-url, though the parser would percent-encode it", (_kind, input) => {
		expectRefused(input, "invalid-url", "It contains a line break.");
	});

	it.each([
		["a soft hyphen the parser would delete from the host", "https://exa\u00admple.com/", "U+00AD"],
		["a zero-width space", "https://exa\u200bmple.com/", "U+200B"],
		["a right-to-left override that makes the path read backwards", "https://example.com/\u202egnp.exe", "U+202E"],
		["a left-to-right mark", "https://example.com/a\u200eb", "U+200E"],
		["a byte order mark inside", "https://example.com/a\ufeffb", "U+FEFF"],
		["a tag character", "https://example.com/a\u{e0041}b", "U+E0041"],
	])("%s is refused as invalid-url and named", (_kind, input, codePoint) => {
		expectRefused(input, "invalid-url", `It contains the invisible character ${codePoint}.`);
	});

	it("a zero-width joiner in an emoji sequence is kept, percent-encoded", () => {
		expect(accepted("https://example.com/\u{1f469}\u200d\u{1f4bb}").url).toBe(
			"https://example.com/%F0%9F%91%A9%E2%80%8D%F0%9F%92%BB",
		);
	});
});

describe("checkUrl refuses an address without a real host", () => {
	it.each([
		["a scheme and nothing else", "https://"],
		["a third slash, which the parser would skip to take x for the host", "https:///x"],
		["four slashes", "https:////example.com/"],
		["a backslash for the third slash", "https://\\example.com/"],
		["a query where the host goes", "https://?q=1"],
	])("%s is refused as invalid-url", (_kind, input) => {
		expectRefused(input, "invalid-url", "The host name after // is missing.");
	});

	it.each([
		["javascript with a script for a port, which the parser cannot read", "http://javascript:alert(1)"],
		["a port that is not a number", "https://example.com:http/"],
	])("%s is refused as invalid-url", (_kind, input) => {
		expectRefused(input, "invalid-url", "Check it for typing mistakes.");
	});

	it.each([
		["the scheme written twice", "https://https://example.com/", "https"],
		["javascript with a port", "http://javascript:80/", "javascript"],
		["data with its root dot", "https://data./x", "data"],
	])("a scheme name as the host (%s) is refused as invalid-url", (_kind, input, name) => {
		expectRefused(input, "invalid-url", `“${name}” is a scheme, not a host name: is the address written twice?`);
	});

	it.each(["a!b", 'a"b', "a{b}", "a`b", "a(b)", "a'b", "a~b"])(
		"a host with characters no name has (%s.com) is refused as invalid-url",
		(name) => {
			expectRefused(`https://${name}.com/`, "invalid-url", `“${name}.com” is not a host name.`);
		},
	);

	it("one slash or none still reads as the host that follows", () => {
		expect(accepted("https:/example.com/x").url).toBe("https://example.com/x");
		expect(accepted("https:example.com").url).toBe("https://example.com/");
	});
});

describe("checkUrl refuses what is not a web address", () => {
	it.each([
		["a bare domain", "example.com"],
		["a domain with a path", "www.example.com/page"],
		["a scheme-relative address", "//example.com/"],
		["a host and port, which parses as a scheme", "example.com:8080/x"],
		["localhost and a port", "localhost:3000"],
	])("%s is refused as invalid-url and asks for http:// or https://", (_kind, input) => {
		expectRefused(input, "invalid-url", "Add https:// or http:// in front.");
	});

	it.each([
		["an unclosed IPv6 address", "http://[::1"],
		["a port out of range", "https://example.com:99999/"],
	])("%s is refused as invalid-url", (_kind, input) => {
		expectRefused(input, "invalid-url", "Check it for typing mistakes.");
	});

	it.each([
		["javascript:alert(1)", "javascript: links run code."],
		["JavaScript:alert(1)", "javascript: links run code."],
		["vbscript:msgbox(1)", "vbscript: links run code."],
		["data:text/html,<h1>Sign in</h1>", "data: links carry their own content, a common disguise for phishing pages."],
		["blob:https://example.com/550e8400-e29b-41d4-a716-446655440000", "blob: links exist only inside the page"],
	])("%s is refused as invalid-url and says why", (input, detail) => {
		expectRefused(input, "invalid-url", detail);
	});

	it.each(["ftp://example.com/file", "mailto:someone@example.com", "ws://example.com/"])(
		"%s is refused as invalid-url: not a web page",
		(input) => {
			const scheme = `${input.split(":")[0]}:`;
			expectRefused(input, "invalid-url", `${scheme} links are not web pages.`);
		},
	);

	it.each([
		["https://user:pass@example.com/"],
		["https://user@example.com/"],
		["https://:secret@example.com/"],
		["https://bank.example@evil.example/login"],
	])("%s carries credentials and is refused as invalid-url, a phishing disguise", (input) => {
		expectRefused(input, "invalid-url", "A user name or password in an address can disguise where it leads.");
	});

	it.each([
		["a leading dot", "https://.example.com/", ".example.com"],
		["an empty label", "https://example..com/", "example..com"],
		["only a dot", "https://./", "."],
	])("a host with %s is refused as invalid-url", (_kind, input, host) => {
		expectRefused(input, "invalid-url", `“${host}” is not a host name.`);
	});

	it("a host longer than 253 characters is refused as invalid-url, as the rules would refuse it", () => {
		const label = "a".repeat(63);
		const host254 = `${label}.${label}.${label}.${"b".repeat(62)}`;
		expect(host254).toHaveLength(254);
		expectRefused(`https://${host254}/`, "invalid-url", "The host name is longer than 253 characters.");
		expect(accepted(`https://${host254.slice(1)}/`).host).toHaveLength(253);
	});

	it("a host with a part longer than 63 characters, which no name server answers, is refused as invalid-url", () => {
		expectRefused(
			`https://${"a".repeat(64)}.com/`,
			"invalid-url",
			"A part of the host name is longer than 63 characters.",
		);
	});
});

describe("checkUrl refuses pages nobody else can open", () => {
	it.each([
		["file:///home/me/report.pdf", "file: addresses open only on this computer."],
		["about:blank", "about: pages open only in this browser."],
		["chrome://settings/", "chrome: pages"],
		["chrome-extension://abcdefghijklmnopabcdefghijklmnop/popup.html", "chrome-extension: pages"],
		["chrome-search://local-ntp/local-ntp.html", "chrome-search: pages"],
		["chrome-untrusted://terminal/", "chrome-untrusted: pages"],
		["devtools://devtools/bundled/inspector.html", "devtools: pages"],
		["edge://settings/", "edge: pages"],
		["brave://rewards/", "brave: pages"],
		["opera://settings/", "opera: pages"],
		["vivaldi://settings/", "vivaldi: pages"],
		["moz-extension://0b1e7a44-0000-4000-8000-000000000000/page.html", "moz-extension: pages"],
		["view-source:https://example.com/", "view-source: pages"],
		["resource://gre/modules/", "resource: pages"],
		["CHROME://settings/", "chrome: pages"],
	])("%s is refused as restricted-page", (input, detail) => {
		expectRefused(input, "restricted-page", detail);
	});

	it.each([
		"https://chromewebstore.google.com/",
		"https://chromewebstore.google.com/detail/shorty/abcdefghijklmnopabcdefghijklmnop",
		"https://chrome.google.com/webstore",
		"https://chrome.google.com/webstore/detail/abcdefghijklmnopabcdefghijklmnop",
		"https://microsoftedge.microsoft.com/addons",
		"https://microsoftedge.microsoft.com/addons/detail/abcdefghijklmnopabcdefghijklmnop",
		"https://addons.mozilla.org/en-US/firefox/addon/shorty/",
		"http://addons.mozilla.org/",
		"HTTPS://AddOns.Mozilla.ORG/",
		"https://addons.mozilla.org./",
	])("the extension store page %s is refused as restricted-page", (input) => {
		expectRefused(input, "restricted-page", "Browsers keep extensions off their extension stores.");
	});

	it.each([
		"https://chrome.google.com/",
		"https://chrome.google.com/webstorefront",
		"https://microsoftedge.microsoft.com/",
		"https://www.google.com/webstore",
		"https://addons.mozilla.org.example/",
	])("%s, next to a store, is an ordinary page", (input) => {
		expect(accepted(input).url).toBe(input);
	});
});

describe("checkUrl normalizes with the WHATWG URL parser", () => {
	it.each([
		[
			"an IDN host becomes punycode",
			"https://bücher.example/",
			"https://xn--bcher-kva.example/",
			"xn--bcher-kva.example",
		],
		[
			"scheme and host are lower-cased, path, query and fragment keep their case",
			"HTTPS://EXAMPLE.COM/Path/To?Q=Ab#Frag",
			"https://example.com/Path/To?Q=Ab#Frag",
			"example.com",
		],
		["the https default port is dropped", "https://example.com:443/x", "https://example.com/x", "example.com"],
		["the http default port is dropped", "http://example.com:80/x", "http://example.com/x", "example.com"],
		["another port is kept", "https://example.com:8443/x", "https://example.com:8443/x", "example.com:8443"],
		[
			"the other scheme's default port is kept",
			"http://example.com:443/",
			"http://example.com:443/",
			"example.com:443",
		],
		["an empty path becomes /", "https://example.com", "https://example.com/", "example.com"],
		[
			"non-ASCII in the path is percent-encoded",
			"https://example.com/café",
			"https://example.com/caf%C3%A9",
			"example.com",
		],
	])("%s", (_behaviour, input, url, host) => {
		expect(accepted(input)).toEqual({ url, host });
	});

	it.each([
		"https://example.com/?b=2&a=1&utm_source=news&utm_medium=mail",
		"https://example.com/search?q=a+b%20c&q=again",
		"https://example.com/app#/route?tab=2",
		"https://example.com/?",
		"https://example.com/#",
	])("query and fragment of %s are kept as given, neither sorted nor stripped", (input) => {
		expect(accepted(input).url).toBe(input);
	});
});

describe(`checkUrl allows ${MAX_URL_LENGTH} characters`, () => {
	it(`an address of exactly ${MAX_URL_LENGTH} characters is accepted`, () => {
		expect(accepted(urlOfLength(MAX_URL_LENGTH)).url).toHaveLength(MAX_URL_LENGTH);
	});

	it(`an address of ${MAX_URL_LENGTH + 1} characters is refused as url-too-long`, () => {
		expectRefused(
			urlOfLength(MAX_URL_LENGTH + 1),
			"url-too-long",
			"Once normalized, it has 2,049 characters; the limit is 2,048.",
		);
	});

	it("the length is measured after normalization, which can lengthen an address", () => {
		const input = `${urlOfLength(MAX_URL_LENGTH - 1)}é`;
		expect(input).toHaveLength(MAX_URL_LENGTH);
		expectRefused(input, "url-too-long", "Once normalized, it has 2,053 characters");
	});

	it("the length is measured after normalization, which can shorten an address", () => {
		const input = urlOfLength(MAX_URL_LENGTH).replace("example.com", "example.com:443");
		expect(input.length).toBeGreaterThan(MAX_URL_LENGTH);
		expect(accepted(input).url).toHaveLength(MAX_URL_LENGTH);
	});

	it("an over-long javascript: link is refused for its scheme, the more useful reason", () => {
		expectRefused(`javascript:${"a".repeat(MAX_URL_LENGTH)}`, "invalid-url", "javascript: links run code.");
	});
});

describe("checkUrl refuses Shorty's own links, however they are spelled", () => {
	it.each([
		["https://sho.rt/", "https://sho.rt/abc1234"],
		["https://sho.rt/", "HTTPS://SHO.RT/My-Alias"],
		["https://sho.rt/", "https://sho.rt:443/abc1234"],
		["https://sho.rt/", "https://sho.rt"],
		["http://127.0.0.1:5000/", "http://127.0.0.1:5000/abc1234"],
		["https://sho.rt/", "http://sho.rt/abc1234"],
		["https://sho.rt/", "https://sho.rt./loop-me"],
		["https://sho.rt/", "https://sho.rt:8443/abc1234"],
		["http://127.0.0.1:5000/", "https://127.0.0.1:5000/abc1234"],
	])("with the base %s, %s is refused as already-short", (base, input) => {
		expect(refusal(input, base)).toMatchObject({ code: "already-short" });
	});

	it.each([
		["https://sho.rt/", "https://www.sho.rt/abc1234", "another host"],
		["http://127.0.0.1:5000/", "http://127.0.0.1:5001/abc1234", "another port"],
		["http://127.0.0.1:5000/", "http://localhost:5000/abc1234", "another host name for the same machine"],
	])("with the base %s, %s (%s) is an ordinary page", (base, input) => {
		expect(accepted(input, base).url).toBe(input);
	});

	// A project whose links live on a custom domain: Hosting serves the same site under its own names too.
	const site = shortLinkSiteHosts(
		configFromEnv({ VITE_FIREBASE_PROJECT_ID: "my-shorty", VITE_FIREBASE_API_KEY: "key", VITE_SHORT_LINK_BASE: BASE }),
	);

	it.each([
		"https://my-shorty.firebaseapp.com/abc1234",
		"https://my-shorty.web.app/abc1234",
		"http://MY-SHORTY.firebaseapp.com.:8080/abc1234",
		"https://sho.rt/abc1234",
	])("with a custom domain as base, %s, on the project's own site, is refused as already-short", (input) => {
		expect(checkUrl(input, BASE, site)).toMatchObject({ ok: false, error: { code: "already-short" } });
	});

	it.each([
		"https://other-shorty.firebaseapp.com/abc1234",
		"https://my-shorty.firebaseapp.com.evil.example/abc1234",
		"https://www.my-shorty.web.app/abc1234",
	])("with the same base, %s is an ordinary page", (input) => {
		expect(checkUrl(input, BASE, site)).toMatchObject({ ok: true });
	});

	it("an unparseable short-link base is a configuration error and throws", () => {
		expect(() => checkUrl("https://example.com/", "sho.rt")).toThrow(TypeError);
	});
});
