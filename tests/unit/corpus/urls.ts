/**
 * Hostile and odd addresses for checkUrl, each with the outcome it must get. Hand-written rows name one
 * trick each; generated families cover every member of a class (every control character, every
 * dangerous scheme in every spelling). The short-link base is SHORT_LINK_BASE.
 *
 * IDN homographs ("pаypal.com" with a Cyrillic а) are accepted: a validator cannot know whether a
 * Cyrillic name is a Russian shop or a disguise, and refusing every non-Latin name would refuse most of
 * the world. Shorty stores and shows the host as the URL parser gives it, in punycode
 * ("xn--pypal-4ve.com"), which is also what Chrome's address bar shows for a mixed-script or
 * look-alike name, so the disguise does not survive into what Shorty displays.
 */
import { MAX_URL_LENGTH } from "../../../src/links/schema";
import { type CorpusRow, caseVariants, char, codePointName } from "./rows";

export const SHORT_LINK_BASE = "https://sho.rt/";

const TEN_KB = 10 * 1024;

/** A path that brings an https address on example.com to exactly `length` characters. */
function urlOfLength(length: number): string {
	const start = "https://example.com/";
	return start + "a".repeat(length - start.length);
}

const schemes: CorpusRow[] = [
	["javascript:alert(document.cookie)//https://example.com/", "invalid-url", "a web address in a comment"],
	["javascript://example.com/%0Aalert(1)", "invalid-url", "looks like a host, the newline escape ends the comment"],
	["javascript:/*https://example.com*/alert(1)", "invalid-url", "a web address in a block comment"],
	["data:text/html,<script>alert(1)</script>", "invalid-url", "a whole page in the link"],
	["data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==", "invalid-url", "the same, base64"],
	["data:,https://example.com/", "invalid-url", "a data: link whose content looks like an address"],
	["data:image/svg+xml,<svg onload=alert(1)>", "invalid-url", "script in an SVG"],
	["blob:https://example.com/550e8400-e29b-41d4-a716-446655440000", "invalid-url", "exists only in its page"],
	["blob:null/1234", "invalid-url", "an opaque-origin blob"],
	["file://server/share/doc.pdf", "restricted-page", "a file on a network share"],
	["file:///C:/Windows/win.ini", "restricted-page", "a Windows path"],
	["about:srcdoc", "restricted-page", "an iframe's inline document"],
	["about:config", "restricted-page", "Firefox settings"],
	["chrome://kill", "restricted-page", "a page that crashes the tab"],
	["chrome-extension://abcdefghijklmnopabcdefghijklmnop/popup.html", "restricted-page", "an extension page"],
	["view-source:javascript:alert(1)", "restricted-page", "source viewer around javascript:"],
	["devtools://devtools/bundled/inspector.html", "restricted-page", "DevTools"],
	["edge://settings/", "restricted-page", "Edge's own pages"],
	["moz-extension://0b1e7a44-0000-4000-8000-000000000000/x.html", "restricted-page", "a Firefox extension page"],
	["resource://gre/modules/", "restricted-page", "Firefox internals"],
	["filesystem:https://example.com/temporary/x", "invalid-url", "the sandboxed file system: not a web page"],
	["intent://scan/#Intent;scheme=zxing;end", "invalid-url", "an Android intent"],
	["mailto:someone@example.com", "invalid-url", "mail, not a page"],
	["tel:+15555550100", "invalid-url", "a phone call"],
	["sms:+15555550100", "invalid-url", "a text message"],
	["ftp://example.com/file", "invalid-url", "browsers dropped FTP"],
	["ws://example.com/", "invalid-url", "a WebSocket"],
	["wss://example.com/", "invalid-url", "a secure WebSocket"],
	["jar:https://example.com/a.jar!/x.html", "invalid-url", "an archive entry"],
	["ms-msdt:/id PCWDiagnostic", "invalid-url", "a Windows protocol handler with a history of exploits"],
	["search-ms:query=invoice", "invalid-url", "a Windows search handler used in phishing"],
	["javascript%3Aalert(1)", "invalid-url", "an escaped colon: no scheme at all"],
	["jav&#x09;ascript:alert(1)", "invalid-url", "an HTML entity is not decoded in an address"],
	["\u0000javascript:alert(1)", "invalid-url", "a NUL before the scheme"],
	["jav ascript:alert(1)", "invalid-url", "a space splits the scheme"],
	[`${char(0x200b)}javascript:alert(1)`, "invalid-url", "a zero-width space is not trimmed, so no scheme"],
	["ｊａｖａｓｃｒｉｐｔ:alert(1)", "invalid-url", "fullwidth letters are no scheme"],
	["ｈｔｔｐｓ://example.com/", "invalid-url", "fullwidth https is no scheme either"],
];

/** Each link-running or local scheme in every case pattern, with whitespace and control tricks. */
const schemeSpellings: CorpusRow[] = [
	["javascript", "alert(1)", "invalid-url"],
	["vbscript", "msgbox(1)", "invalid-url"],
	["data", "text/html,<b>x</b>", "invalid-url"],
	["blob", "https://example.com/uuid", "invalid-url"],
	["file", "///etc/passwd", "restricted-page"],
	["chrome", "//settings/", "restricted-page"],
	["about", "blank", "restricted-page"],
	["view-source", "https://example.com/", "restricted-page"],
].flatMap(([scheme = "", rest = "", code]) => {
	const expected = code as CorpusRow[1];
	const spelled = caseVariants(scheme).flatMap((spelling): CorpusRow[] => [
		[`${spelling}:${rest}`, expected, `${scheme}: spelled ${spelling}`],
		[`  ${spelling}:${rest}  `, expected, `${scheme}: with surrounding spaces, which are trimmed`],
		[`\n\t${spelling}:${rest}\r\n`, expected, `${scheme}: with surrounding line breaks, which are trimmed`],
	]);
	const middle = Math.floor(scheme.length / 2);
	const split = (inside: string) => `${scheme.slice(0, middle)}${inside}${scheme.slice(middle)}:${rest}`;
	return [
		...spelled,
		[split("\t"), "invalid-url", `${scheme}: split by a tab, which the URL parser would delete`],
		[split("\n"), "invalid-url", `${scheme}: split by a newline, which the URL parser would delete`],
		[split("\r"), "invalid-url", `${scheme}: split by a carriage return, which the URL parser would delete`],
		[`${scheme}\u0000:${rest}`, "invalid-url", `${scheme}: with a NUL before the colon`],
	];
});

/** Every C0 control character and DEL, inside the host and inside the path. */
const controlCharacters: CorpusRow[] = [...Array.from({ length: 0x20 }, (_, i) => i), 0x7f].flatMap(
	(codePoint): CorpusRow[] => [
		[`https://exa${char(codePoint)}mple.com/`, "invalid-url", `${codePointName(codePoint)} inside the host`],
		[`https://example.com/pa${char(codePoint)}th`, "invalid-url", `${codePointName(codePoint)} inside the path`],
	],
);

/** Every C1 control character (U+0085, the next-line character, among them), inside the host and the path. */
const c1Controls: CorpusRow[] = Array.from({ length: 0x20 }, (_, i) => 0x80 + i).flatMap((codePoint): CorpusRow[] => [
	[`https://exa${char(codePoint)}mple.com/`, "invalid-url", `${codePointName(codePoint)} inside the host`],
	[`https://example.com/pa${char(codePoint)}th`, "invalid-url", `${codePointName(codePoint)} inside the path`],
]);

/** Line and paragraph separators: trimmed around an address (as whitespace), refused anywhere inside it. */
const lineSeparators: CorpusRow[] = [0x2028, 0x2029].flatMap((codePoint): CorpusRow[] => [
	[`${char(codePoint)}https://example.com/${char(codePoint)}`, "ok", `${codePointName(codePoint)} around is trimmed`],
	[`https://exa${char(codePoint)}mple.com/`, "invalid-url", `${codePointName(codePoint)} inside the host`],
	[
		`https://example.com/a${char(codePoint)}b`,
		"invalid-url",
		`${codePointName(codePoint)} in the path breaks the line`,
	],
	[`https://example.com/?q=a${char(codePoint)}b`, "invalid-url", `${codePointName(codePoint)} in the query`],
]);

/**
 * Every format character (Unicode's Cf: soft hyphen, zero-width space, bidi controls, BOM, tags, ...),
 * inside the host and the path, except the two joiners, which emoji sequences and some scripts need.
 * The host parser would silently delete some ("exa\u00admple.com" is example.com), and a right-to-left
 * override makes a path read backwards.
 */
const JOINERS = [0x200c, 0x200d];
const formatCharacters: CorpusRow[] = Array.from({ length: 0x110000 }, (_, codePoint) => codePoint)
	.filter((codePoint) => /\p{Cf}/u.test(char(codePoint)) && !JOINERS.includes(codePoint))
	.flatMap((codePoint): CorpusRow[] => [
		[`https://exa${char(codePoint)}mple.com/`, "invalid-url", `${codePointName(codePoint)} inside the host`],
		[`https://example.com/a${char(codePoint)}b`, "invalid-url", `${codePointName(codePoint)} inside the path`],
	]);

const joiners: CorpusRow[] = [
	["https://emojipedia.org/\u{1f468}\u200d\u{1f469}\u200d\u{1f467}", "ok", "a zero-width joiner in an emoji family"],
	["https://fa.wikipedia.org/wiki/\u0645\u06cc\u200c\u0634\u0648\u062f", "ok", "a zero-width non-joiner in Persian"],
	["https://exa\u200dmple.com/", "invalid-url", "a joiner between Latin letters is not allowed in a name"],
];

/** Unicode spaces: trimmed around an address, refused inside its host, percent-encoded in its path. */
const unicodeSpaces = [0x00a0, 0x1680, 0x2000, 0x2003, 0x2009, 0x200a, 0x202f, 0x205f, 0x3000];
const spaces: CorpusRow[] = [
	...unicodeSpaces.flatMap((codePoint): CorpusRow[] => [
		[`${char(codePoint)}https://example.com/${char(codePoint)}`, "ok", `${codePointName(codePoint)} around is trimmed`],
		[`https://exa${char(codePoint)}mple.com/`, "invalid-url", `${codePointName(codePoint)} inside the host`],
		[`https://example.com/a${char(codePoint)}b`, "ok", `${codePointName(codePoint)} in the path is percent-encoded`],
	]),
	["", "invalid-url", "empty"],
	[" ", "invalid-url", "only a space"],
	["\t\n\r ", "invalid-url", "only whitespace"],
	[`${" ".repeat(TEN_KB)}`, "invalid-url", "10 KB of spaces"],
	["   https://example.com/   ", "ok", "surrounding spaces are trimmed"],
	["https://example.com /", "invalid-url", "a space ends the host"],
	["https:// example.com/", "invalid-url", "a space starts the host"],
	["https://example.com/a b", "ok", "a space in the path is percent-encoded"],
	["https://example.com/?q=a b", "ok", "a space in the query is percent-encoded"],
];

/** Credentials before the host: the classic disguise of where a link leads. */
const userinfo: CorpusRow[] = [
	["https://google.com@evil.example/", "invalid-url", "reads as google.com, leads to evil.example"],
	["https://google.com:443@evil.example/", "invalid-url", "a fake port in the user name"],
	["https://user:pass@example.com/", "invalid-url", "a user name and password"],
	["https://user@example.com/", "invalid-url", "a user name"],
	["https://:secret@example.com/", "invalid-url", "a password alone"],
	["https://user:@example.com/", "invalid-url", "a user name with an empty password"],
	["https://accounts.google.com%2Fsignin@evil.example/", "invalid-url", "an escaped slash in the user name"],
	["https://bank.example%40evil.example@evil.example/", "invalid-url", "an escaped @ in the user name"],
	["https://javascript:alert(1)@example.com/", "invalid-url", "a script-looking user name"],
	["http://sho.rt@evil.example/", "invalid-url", "Shorty's own host as a user name"],
	["https://example.com\uff20evil.example/", "invalid-url", "a fullwidth @ in the host is not allowed there"],
	["https://@example.com/", "ok", "an empty user name is dropped by the parser: the stored address has none"],
	["https://:@example.com/", "ok", "an empty user name and password are dropped too"],
	["https://example.com#@evil.example", "ok", "the @ is in the fragment: the host is example.com"],
	["https://example.com?@evil.example", "ok", "the @ is in the query: the host is example.com"],
	["https://evil.example\\@google.com", "ok", "a backslash is a slash in http(s): host evil.example, honestly stored"],
];

/** Hosts: IP forms, odd spellings, lengths, percent-encoding. */
const hosts: CorpusRow[] = [
	["http://127.0.0.1/", "ok", "a loopback address"],
	["http://0x7f.1/", "ok", "hex IPv4 shorthand, stored as 127.0.0.1"],
	["http://2130706433/", "ok", "IPv4 as one number, stored as 127.0.0.1"],
	["http://0177.0.0.1/", "ok", "octal IPv4, stored as 127.0.0.1"],
	["http://1.2.3/", "ok", "three-part IPv4, stored as 1.2.0.3"],
	["http://0/", "ok", "0 is 0.0.0.0"],
	["http://256.256.256.256/", "invalid-url", "IPv4 parts over 255"],
	["http://1.2.3.4.5/", "invalid-url", "five IPv4 parts"],
	["http://999999999999/", "invalid-url", "an IPv4 number over 32 bits"],
	["http://0x100000000/", "invalid-url", "a hex IPv4 number over 32 bits"],
	["http://[::1]/", "ok", "IPv6 loopback"],
	["http://[::]/", "ok", "the unspecified IPv6 address"],
	["http://[::ffff:127.0.0.1]/", "ok", "IPv4-mapped IPv6"],
	["http://[2001:db8::1]:8080/", "ok", "IPv6 with a port"],
	["http://[fe80::1%25eth0]/", "invalid-url", "a zone id is not allowed in URLs"],
	["http://[::1", "invalid-url", "an unclosed IPv6 literal"],
	["http://[::1]]/", "invalid-url", "a doubled bracket"],
	["http://[1:2:3:4:5:6:7:8:9]/", "invalid-url", "nine IPv6 groups"],
	["http://[v1.fe]/", "invalid-url", "an IPvFuture literal"],
	["http://::1/", "invalid-url", "IPv6 without brackets"],
	["https://example.com:0/", "ok", "port 0 is a valid port number"],
	["https://example.com:65535/", "ok", "the highest port"],
	["https://example.com:65536/", "invalid-url", "a port out of range"],
	["https://example.com:-1/", "invalid-url", "a negative port"],
	["https://example.com:443:443/", "invalid-url", "two ports"],
	["https://example.com:/", "ok", "an empty port is no port"],
	["https://example.com:4 43/", "invalid-url", "a space in the port"],
	["https://./", "invalid-url", "a host that is only a dot"],
	["https://.example.com/", "invalid-url", "a leading empty label"],
	["https://example..com/", "invalid-url", "an empty label"],
	["https://example.com./", "ok", "the fully qualified name with its root dot"],
	["https://example.com../", "invalid-url", "two root dots"],
	[`https://${"a".repeat(63)}.com/`, "ok", "a label of 63 characters, DNS's longest"],
	[`https://${"a".repeat(64)}.com/`, "invalid-url", "a label of 64 characters, which no name server answers"],
	[`https://${`${"a".repeat(63)}.`.repeat(3)}${"b".repeat(61)}/`, "ok", "a host of 253 characters, DNS's longest"],
	[`https://${`${"a".repeat(63)}.`.repeat(3)}${"b".repeat(62)}/`, "invalid-url", "a host of 254 characters"],
	[`https://${"a".repeat(TEN_KB)}.com/`, "invalid-url", "a 10 KB label"],
	[`https://${"a.".repeat(TEN_KB / 2)}com/`, "invalid-url", "10 KB of one-letter labels"],
	["https://%65xample.com/", "ok", "a percent-encoded letter in the host is decoded: example.com"],
	["https://ex%41mple.com/", "ok", "an encoded capital is decoded and lower-cased"],
	["https://exa%00mple.com/", "invalid-url", "an encoded NUL in the host"],
	["https://example.com%2Fevil.example/", "invalid-url", "an encoded slash in the host"],
	["https://example.com%2F@evil.example/", "invalid-url", "an encoded slash before credentials"],
	["https://exa%20mple.com/", "invalid-url", "an encoded space in the host"],
	["https://exa%7Cmple.com/", "invalid-url", "an encoded | in the host"],
	["https://%ff.com/", "invalid-url", "an encoded byte that is not UTF-8"],
	["https://%F0%9F%8D%95.ws/", "ok", "an encoded emoji host, stored as punycode"],
	["https://exa<mple.com/", "invalid-url", "< is forbidden in a host"],
	["https://exa^mple.com/", "invalid-url", "^ is forbidden in a host"],
	["https://exa|mple.com/", "invalid-url", "| is forbidden in a host"],
	["https://example.com\uff0fgoogle.com/", "invalid-url", "a fullwidth slash in the host maps to a real one"],
	[
		"https://example.com\u2044evil/",
		"ok",
		"a fraction slash is a letter to IDNA: stored as xn-- punycode, no disguise",
	],
	["https://ex\ud800ample.com/", "invalid-url", "a lone surrogate in the host"],
	["https://example.com/\ud800", "ok", "a lone surrogate in the path becomes U+FFFD, percent-encoded"],
	["https://xn--/", "invalid-url", "an empty punycode label"],
	["https://xn--a.com/", "invalid-url", "punycode that does not decode"],
	["https://xn--example.com/", "invalid-url", "punycode of nothing valid"],
	["https://my_host.example/", "ok", "an underscore is allowed in a host by the URL standard"],
	["https://localhost./", "ok", "localhost with its root dot"],
	...[..."!$&'()*+,;=~\"{}`"].map(
		(symbol): CorpusRow => [
			`https://exa${symbol}mple.com/`,
			"invalid-url",
			`${symbol} passes the URL parser but is in no host name, and the rules refuse it`,
		],
	),
];

/** A scheme name where the host goes: an address pasted twice, or a script posing as a host and port. */
const schemeHosts: CorpusRow[] = [
	["http://javascript:alert(1)", "invalid-url", "javascript as the host, a script as the port"],
	["http://javascript:80/", "invalid-url", "javascript as the host, with a port"],
	["https://javascript/alert(1)", "invalid-url", "javascript as the host"],
	["https://JavaScript./", "invalid-url", "in another case, with the root dot"],
	["https://https://example.com/", "invalid-url", "the scheme written twice: the host would be https"],
	["http://http://example.com/", "invalid-url", "http written twice"],
	["https://data:text/html,x", "invalid-url", "data as the host"],
	["https://file:///etc/passwd", "invalid-url", "file as the host"],
	["https://chrome-extension://x/", "invalid-url", "a browser scheme as the host"],
	["https://javascript.example/", "ok", "a name that only starts with a scheme's"],
	["https://http.example/", "ok", "http as one label of a longer name"],
];

/** Look-alike hosts: accepted, and stored in the punycode form that shows the trick (see the file comment). */
const homographs: CorpusRow[] = [
	["https://pаypal.com/", "ok", "a Cyrillic а in a Latin name: stored as xn--pypal-4ve.com"],
	["https://аррӏе.com/", "ok", "all Cyrillic look-alikes of apple: stored as xn--80ak6aa92e.com"],
	["https://xn--80ak6aa92e.com/", "ok", "the same, already in punycode"],
	["https://gооgle.com/", "ok", "two Cyrillic о"],
	["https://micrοsoft.com/", "ok", "a Greek omicron"],
	["https://ɢoogle.com/", "ok", "a small capital G"],
	["https://bücher.example/", "ok", "an ordinary German name, stored as xn--bcher-kva.example"],
	["https://пример.рф/", "ok", "a Russian name in a Russian top-level domain"],
	["https://例え.jp/", "ok", "a Japanese name"],
	["https://🍕.ws/", "ok", "an emoji name"],
	["https://ⓖⓞⓞⓖⓛⓔ.com/", "ok", "circled letters map to google.com: stored as what it is"],
	["https://ｇｏｏｇｌｅ.com/", "ok", "fullwidth letters map to google.com"],
	["https://google。com/", "ok", "an ideographic full stop is a dot: google.com"],
	["https://ｅｘａｍｐｌｅ．ｃｏｍ/", "ok", "a fullwidth name and dot: example.com"],
	["https://\u202eelgoog.com/", "invalid-url", "a right-to-left override is not allowed in a name"],
	["https://example.com/\u202egnp.exe", "invalid-url", "a right-to-left override makes the path read backwards"],
];

/** Percent-encoding and path tricks: kept as given, since the target site decides what they mean. */
const encodings: CorpusRow[] = [
	["https://example.com/%2e%2e/%2e%2e/etc/passwd", "ok", "encoded dot segments stay encoded"],
	["https://example.com/../../etc/passwd", "ok", "dot segments are resolved by the parser"],
	["https://example.com/%", "ok", "a lone percent sign"],
	["https://example.com/%zz", "ok", "an invalid escape is kept as typed"],
	["https://example.com/%00", "ok", "an encoded NUL in the path is the site's business"],
	["https://example.com/%0d%0aSet-Cookie:x", "ok", "an encoded CRLF stays encoded, so no header injection"],
	["https://example.com/?next=javascript:alert(1)", "ok", "a javascript: string in a query is data"],
	["https://example.com/#javascript:alert(1)", "ok", "and in a fragment"],
	["https://example.com/redirect?url=https%3A%2F%2Fevil.example", "ok", "an open redirect is the site's"],
	[`https://example.com/${"%41".repeat(600)}`, "ok", "600 escapes, 1,820 characters"],
	[`https://example.com/${"%41".repeat(700)}`, "url-too-long", "700 escapes, 2,120 characters"],
	[`https://example.com/${"é".repeat(400)}`, "url-too-long", "400 characters that encode to 2,400"],
	["https:evil.example", "ok", "no slashes: the parser reads https://evil.example/"],
	["https:\\\\evil.example", "ok", "backslashes for slashes"],
	["https:////example.com", "invalid-url", "an empty host: the parser would skip the slashes"],
	["https:///x", "invalid-url", "an empty host: the parser would take x for the host"],
	["https:///docs/page", "invalid-url", "an empty host: the parser would take docs for the host"],
	["https://\\/x", "invalid-url", "an empty host, with a backslash for the third slash"],
	["https:\\\\\\x", "invalid-url", "an empty host, in backslashes"],
	["https://?q=1", "invalid-url", "an empty host before a query"],
	["https://#top", "invalid-url", "an empty host before a fragment"],
	["https:/example.com/", "ok", "one slash: the parser reads https://example.com/"],
	["http:example.com/path", "ok", "no slashes with a path"],
	["HTTPS://EXAMPLE.COM/Path", "ok", "upper-case scheme and host, stored lower-cased"],
	["hTtPs://example.com", "ok", "mixed-case scheme"],
];

/** Addresses that are not addresses, and lengths. */
const shapes: CorpusRow[] = [
	["example.com", "invalid-url", "no scheme"],
	["www.example.com/page", "invalid-url", "no scheme, with a path"],
	["//example.com/", "invalid-url", "scheme-relative"],
	["example.com:8080/x", "invalid-url", "a host and port parse as a scheme"],
	["localhost:3000", "invalid-url", "localhost and a port"],
	["https://", "invalid-url", "a scheme and nothing else"],
	["https:", "invalid-url", "a scheme without even slashes"],
	[":", "invalid-url", "a colon"],
	["://example.com", "invalid-url", "a missing scheme name"],
	["1http://example.com", "invalid-url", "a scheme must start with a letter"],
	["http//example.com", "invalid-url", "a missing colon"],
	[urlOfLength(MAX_URL_LENGTH), "ok", "exactly 2,048 characters"],
	[urlOfLength(MAX_URL_LENGTH + 1), "url-too-long", "2,049 characters"],
	[urlOfLength(TEN_KB), "url-too-long", "10 KB"],
	[`https://example.com/?q=${"x".repeat(TEN_KB)}`, "url-too-long", "a 10 KB query"],
	[`https://example.com/#${"x".repeat(TEN_KB)}`, "url-too-long", "a 10 KB fragment"],
	["x".repeat(TEN_KB), "invalid-url", "10 KB without a scheme"],
	[`javascript:${"a".repeat(TEN_KB)}`, "invalid-url", "10 KB of javascript: is refused for its scheme"],
	[`data:text/html,${"<p>".repeat(TEN_KB / 3)}`, "invalid-url", "10 KB of data:"],
	["%".repeat(TEN_KB), "invalid-url", "10 KB of percent signs"],
	[char(0xfffd).repeat(TEN_KB), "invalid-url", "10 KB of replacement characters"],
	["😀".repeat(TEN_KB / 2), "invalid-url", "10 KB of emoji"],
	[`https://example.com/${"\u0301".repeat(TEN_KB)}`, "url-too-long", "10 KB of combining accents in the path"],
];

/** Shorty's own short links under every spelling, and the extension stores. */
const refusedSites: CorpusRow[] = [
	["https://sho.rt/abc1234", "already-short", "a Shorty link"],
	["HTTPS://SHO.RT/My-Alias", "already-short", "upper case"],
	["http://sho.rt/abc1234", "already-short", "the other scheme"],
	["https://sho.rt./abc1234", "already-short", "the root dot"],
	["https://sho.rt:443/abc1234", "already-short", "the explicit default port"],
	["https://sho.rt:8443/abc1234", "already-short", "another port of the same site"],
	["https://sho%2Ert/abc1234", "already-short", "an encoded dot in the host"],
	["https://SHO.RT%2E/abc1234", "already-short", "an encoded root dot"],
	["https://ｓｈｏ.ｒｔ/abc1234", "already-short", "fullwidth letters"],
	["https://sho。rt/abc1234", "already-short", "an ideographic full stop"],
	["  https://sho.rt/abc1234\n", "already-short", "surrounded by whitespace"],
	["https://www.sho.rt/abc1234", "ok", "another host"],
	["https://sho.rt.evil.example/", "ok", "a host that only starts like Shorty's"],
	["https://user@sho.rt/abc1234", "invalid-url", "credentials come first"],
	["https://chromewebstore.google.com/detail/x/abcdefghijklmnopabcdefghijklmnop", "restricted-page", "a store"],
	["https://CHROMEWEBSTORE.google.COM/", "restricted-page", "a store in upper case"],
	["https://chromewebstore.google.com./", "restricted-page", "a store with the root dot"],
	["https://chrome.google.com/webstore/category/extensions", "restricted-page", "the old Chrome store"],
	["https://addons.mozilla.org:8443/", "restricted-page", "any port of a store's host"],
	["https://microsoftedge.microsoft.com/addons/search", "restricted-page", "Edge's store"],
	["https://chrome.google.com/webstorefront", "ok", "only /webstore segments are the store"],
	["https://chrome.google.com//webstore", "ok", "an empty first segment: not the store's path"],
	["https://addons.mozilla.org.example/", "ok", "a host that only starts like a store's"],
];

export const URL_CORPUS: readonly CorpusRow[] = [
	...schemes,
	...schemeSpellings,
	...controlCharacters,
	...c1Controls,
	...lineSeparators,
	...formatCharacters,
	...joiners,
	...spaces,
	...userinfo,
	...hosts,
	...schemeHosts,
	...homographs,
	...encodings,
	...shapes,
	...refusedSites,
];
