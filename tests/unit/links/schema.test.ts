// @vitest-environment node
/**
 * One schema, three statements of it: src/links/schema.ts, firestore.rules (read from its text) and
 * local/policy.ts (asked, as the local server asks it). These tests fail when any two disagree on a
 * field, a limit or a pattern, and when the rules' patterns mean something else in RE2, the engine
 * production runs them in, than in JavaScript, the engine the policy runs them in.
 */
import { RE2JS } from "re2js";
import { describe, expect, it } from "vitest";
import { localShortLinkSite } from "../../../local/config";
import type { Access, Fields, Value } from "../../../local/firestore/types";
import { shortyPolicy } from "../../../local/policy";
import { RESERVED_ALIASES } from "../../../src/links/codes";
import {
	CLICK_TOTAL_FIELDS,
	CLICK_TOTALS,
	CODE_PATTERN,
	CREATION_LIMITS,
	CREATION_WINDOW_HOURS,
	DELETED,
	EDITABLE_FIELDS,
	HOST_FIELD_PATTERN,
	LINK_FIELDS,
	LINKS,
	type LinkField,
	MAX_CODE_LENGTH,
	MAX_HOST_LENGTH,
	MAX_TAG_LENGTH,
	MAX_TAGS_PER_LINK,
	MAX_TITLE_LENGTH,
	MAX_URL_LENGTH,
	MIN_CODE_LENGTH,
	OWNERS,
	QUOTA_FIELDS,
	QUOTAS,
	REQUIRED_LINK_FIELDS,
	TAG_LIST_PATTERN,
	TAG_SEPARATOR,
	TARGET_FIELDS,
	TARGETS,
	TOMBSTONE_FIELDS,
	URL_HASH_PATTERN,
	URL_PATTERN,
} from "../../../src/links/schema";
import { URL_CORPUS } from "../corpus/urls";
import {
	argumentOf,
	commentedFields,
	functionBody,
	matchBody,
	sizeLimit,
	stringExpression,
	stringList,
	stringValue,
	upperBounds,
} from "./firestoreRules";

const rules = {
	validCode: functionBody("validCode"),
	validUrl: functionBody("validUrl"),
	validLinkFields: functionBody("validLinkFields"),
	validTags: functionBody("validTags"),
	tagsJoinedValid: functionBody("tagsJoinedValid"),
	validNewLink: functionBody("validNewLink"),
	isOwnerEdit: functionBody("isOwnerEdit"),
	isOwnTargetAfter: functionBody("isOwnTargetAfter"),
	notReserved: functionBody("notReserved"),
	shortLinkSite: functionBody("shortLinkSite"),
	withinCreationLimit: functionBody("withinCreationLimit"),
	validQuota: functionBody("validQuota"),
	quotas: matchBody("quotas", "uid"),
	validTombstone: functionBody("validTombstone"),
	tombstones: matchBody(`${OWNERS}/{uid}/${DELETED}`),
	clickTotals: matchBody(CLICK_TOTALS, "id"),
};

const rulesPattern = (body: string, subject: string, where: string) =>
	stringExpression(argumentOf(body, `${subject}.matches`, where));

describe("firestore.rules states the fields of src/links/schema.ts", () => {
	it("a new link has every required field and no unknown one (validNewLink's hasOnly and hasAll)", () => {
		expect(stringList(argumentOf(rules.validNewLink, "data.keys().hasOnly", "validNewLink"))).toEqual(LINK_FIELDS);
		expect(stringList(argumentOf(rules.validNewLink, "data.keys().hasAll", "validNewLink"))).toEqual(
			REQUIRED_LINK_FIELDS,
		);
		expect(LINK_FIELDS.filter((field) => !REQUIRED_LINK_FIELDS.includes(field))).toEqual(["tags"]);
	});

	it("the owner's edit changes only the editable fields (isOwnerEdit)", () => {
		const affected = argumentOf(rules.isOwnerEdit, "affectedKeys().hasOnly", "isOwnerEdit");
		expect(stringList(affected)).toEqual(EDITABLE_FIELDS);
	});

	it("a target holds only its fields (isOwnTargetAfter)", () => {
		const keys = argumentOf(rules.isOwnTargetAfter, "request.resource.data.keys().hasOnly", "isOwnTargetAfter");
		expect(stringList(keys)).toEqual(TARGET_FIELDS);
	});

	it("a quota holds its fields, every one (validQuota's hasOnly and hasAll)", () => {
		expect(stringList(argumentOf(rules.validQuota, "data.keys().hasOnly", "validQuota"))).toEqual(QUOTA_FIELDS);
		expect(stringList(argumentOf(rules.validQuota, "data.keys().hasAll", "validQuota"))).toEqual(QUOTA_FIELDS);
	});

	it("a tombstone holds its fields, every one (validTombstone's hasOnly and hasAll)", () => {
		const keys = (call: string) => stringList(argumentOf(rules.validTombstone, call, "validTombstone"));
		expect(keys("data.keys().hasOnly")).toEqual(TOMBSTONE_FIELDS);
		expect(keys("data.keys().hasAll")).toEqual(TOMBSTONE_FIELDS);
	});

	it("a tombstone's rules look up no document: a delete batch of 5 links already spends Firestore's 20", () => {
		const lookups = /\b(get|exists|getAfter|existsAfter)\(/;
		expect(rules.tombstones).not.toMatch(lookups);
		expect(rules.validTombstone).not.toMatch(lookups);
		expect(rules.tombstones).not.toMatch(/allow[^:]*delete/);
	});

	it("click totals look up no document, so the owner's delete may batch 500, and nobody but the function writes them", () => {
		expect(rules.clickTotals).not.toMatch(/\b(get|exists|getAfter|existsAfter)\(/);
		expect(rules.clickTotals).toMatch(/allow create, update: if false;/);
	});

	it("the comment at the top lists the same fields", () => {
		expect(commentedFields(LINKS)).toEqual(LINK_FIELDS);
		expect(commentedFields(TARGETS)).toEqual(TARGET_FIELDS);
		expect(commentedFields(QUOTAS, "uid")).toEqual(QUOTA_FIELDS);
		expect(commentedFields(`${OWNERS}/{uid}/${DELETED}`)).toEqual(TOMBSTONE_FIELDS);
		expect(commentedFields(CLICK_TOTALS, "id")).toEqual(CLICK_TOTAL_FIELDS);
	});
});

describe("firestore.rules states the reserved codes, the short-link site and the creation limits", () => {
	it("refuses the reserved aliases of src/links/codes.ts, every one and no other, in any case", () => {
		const list = /^\s*return !\(code\.lower\(\) in (\[[^\]]*\])\);\s*$/.exec(rules.notReserved)?.[1];
		expect(stringList(list ?? "")).toEqual([...RESERVED_ALIASES]);
	});

	it("lists the local backend's short-link site, as src/links/shortLinkSite.ts names it (deploy writes the project's)", () => {
		const listed = stringList(/^\s*return\s+(\[[^\]]*\]);\s*$/.exec(rules.shortLinkSite)?.[1] ?? "");
		expect(listed).toEqual(localShortLinkSite());
	});

	it("limits new links per window as CREATION_LIMITS says, anonymous sessions first", () => {
		expect(upperBounds(rules.withinCreationLimit, "created")).toEqual([
			CREATION_LIMITS.anonymous,
			CREATION_LIMITS.account,
		]);
		expect(rules.withinCreationLimit).toMatch(/sign_in_provider == 'anonymous'/);
		expect(rules.quotas).toContain(`windowStart + duration.value(${CREATION_WINDOW_HOURS}, 'h')`);
	});
});

describe("firestore.rules states the limits and patterns of src/links/schema.ts", () => {
	it("the size limits on url, host and title", () => {
		expect(sizeLimit(rules.validUrl, "url", "validUrl")).toBe(MAX_URL_LENGTH);
		expect(sizeLimit(rules.validLinkFields, "data.host", "validLinkFields")).toBe(MAX_HOST_LENGTH);
		expect(sizeLimit(rules.validLinkFields, "data.title", "validLinkFields")).toBe(MAX_TITLE_LENGTH);
	});

	it("a link's tags: joined with TAG_SEPARATOR, matched by TAG_LIST_PATTERN, checked new or edited", () => {
		expect(stringValue(argumentOf(rules.validTags, "data.tags.join", "validTags"))).toBe(TAG_SEPARATOR);
		expect(rulesPattern(rules.tagsJoinedValid, "joined", "tagsJoinedValid")).toBe(TAG_LIST_PATTERN);
		expect(stringValue(argumentOf(rules.tagsJoinedValid, "joined.split", "tagsJoinedValid"))).toBe(TAG_SEPARATOR);
		expect(rules.validLinkFields).toContain("validTags(data)");
	});

	it("the patterns of codes, URLs, hosts and URL hashes", () => {
		expect(rulesPattern(rules.validCode, "code", "validCode")).toBe(CODE_PATTERN);
		expect(rulesPattern(rules.validUrl, "url", "validUrl")).toBe(URL_PATTERN);
		expect(rulesPattern(rules.validLinkFields, "data.host", "validLinkFields")).toBe(HOST_FIELD_PATTERN);
		expect(rulesPattern(rules.validLinkFields, "data.urlHash", "validLinkFields")).toBe(URL_HASH_PATTERN);
	});

	it("no write to a link is allowed to anyone not signed in (the public +1 is gone)", () => {
		expect(matchBody(LINKS)).not.toMatch(/allow (create|update|delete)[^;]*?: if (?!signedIn\(\)\s)/);
		expect(matchBody(LINKS)).not.toContain("clicks");
	});

	it("fails loudly when the rules no longer say what it looks for", () => {
		expect(() => argumentOf(rules.validUrl, "url.split", "validUrl")).toThrow(/expected exactly one/);
		expect(() => functionBody("noSuchFunction")).toThrow(/firestore\.rules: expected exactly one function/);
		expect(() => stringExpression("'a' + b")).toThrow(/cannot read/);
	});
});

// The local policy, asked as the local server asks it.

const UID = "owner-uid";
const TIME = "2025-01-01T00:00:00.000000Z";
const string = (value: string): Value => ({ stringValue: value });
const integer = (value: number): Value => ({ integerValue: String(value) });
const tagList = (tags: string[]): Value => ({ arrayValue: { values: tags.map(string) } });

function validLink(url = "https://example.com/page"): Fields {
	return {
		url: string(url),
		host: string(new URL(url).host),
		owner: string(UID),
		title: string("A page"),
		createdAt: { timestampValue: TIME },
		updatedAt: { timestampValue: TIME },
		custom: { booleanValue: false },
		urlHash: string("a".repeat(64)),
	};
}

/** Asks the policy about one write by UID, as the local server asks it: `resource` before, `after` the commit. */
function allowsWrite(
	collection: string,
	id: string,
	resource: Fields | null,
	requestResource: Fields,
	after: Record<string, Fields>,
	{ token = {}, now = TIME }: { token?: Record<string, unknown>; now?: string } = {},
): boolean {
	const access: Access = {
		method: resource ? "update" : "create",
		auth: { uid: UID, token },
		collection,
		id,
		resource,
		requestResource,
		requestTime: now,
		get: () => resource,
		exists: () => resource !== null,
		getAfter: (path) => after[path] ?? null,
		existsAfter: (path) => after[path] !== undefined,
	};
	return shortyPolicy(localShortLinkSite())(access);
}

const time = (value: string): Value => ({ timestampValue: value });

/** The owner's quota as the batch that creates `code` leaves it, `created` links into its window. */
function quota(code: string, created = 1, windowStart = TIME, lastAt = TIME): Fields {
	return { windowStart: time(windowStart), created: integer(created), lastCode: string(code), lastAt: time(lastAt) };
}

/** Whether the policy lets the owner create this link, with its target carrying the same URL and its count. */
function creates(link: Fields, code = "abc1234", counted: Fields | null = quota(code)): boolean {
	const target = { url: link.url ?? string("") };
	const after = { [`${TARGETS}/${code}`]: target, ...(counted ? { [`${QUOTAS}/${UID}`]: counted } : {}) };
	return allowsWrite(LINKS, code, null, link, after);
}

/** Whether the policy lets the owner point a target at `url`, its link changed alike. */
function targets(url: string): boolean {
	const target = { url: string(url) };
	return allowsWrite(TARGETS, "abc1234", null, target, { [`${LINKS}/abc1234`]: { ...validLink(), url: string(url) } });
}

const edits = (before: Fields, after: Fields) =>
	allowsWrite(LINKS, "abc1234", before, after, { [`${TARGETS}/abc1234`]: { url: after.url ?? string("") } });

describe("local/policy.ts enforces the fields of src/links/schema.ts", () => {
	it("accepts a new link with every field", () => {
		expect(creates(validLink())).toBe(true);
	});

	it.each(REQUIRED_LINK_FIELDS)("refuses a new link without %s", (field) => {
		const { [field]: _, ...without } = validLink();
		expect(creates(without)).toBe(false);
	});

	it("refuses a new link with a field the schema does not have", () => {
		expect(creates({ ...validLink(), admin: { booleanValue: true } })).toBe(false);
	});

	const changes: Record<LinkField, Value> = {
		url: string("https://example.com/other"),
		host: string("example.org"),
		owner: string("someone-else"),
		title: string("Another title"),
		createdAt: { timestampValue: "2024-01-01T00:00:00Z" },
		updatedAt: { timestampValue: TIME },
		custom: { booleanValue: true },
		urlHash: string("b".repeat(64)),
		tags: tagList(["work"]),
	};
	it.each(LINK_FIELDS.filter((field) => field !== "updatedAt"))(
		"lets the owner change %s only if it is an editable field",
		(field) => {
			const before = { ...validLink(), updatedAt: { timestampValue: "2024-06-01T00:00:00Z" } };
			const after = { ...before, updatedAt: { timestampValue: TIME }, [field]: changes[field] };
			expect(edits(before, after)).toBe(EDITABLE_FIELDS.includes(field));
		},
	);

	it("refuses a click count on a new link: counts live apart, written by the function alone", () => {
		expect(creates({ ...validLink(), clicks: integer(0) })).toBe(false);
	});

	it("accepts a target with its fields only", () => {
		expect(targets("https://example.com/page")).toBe(true);
		const extra = { url: string("https://example.com/page"), title: string("x") };
		expect(allowsWrite(TARGETS, "abc1234", null, extra, { [`${LINKS}/abc1234`]: validLink() })).toBe(false);
	});
});

/** A valid link to `url`, its host field spelled as the URL's. */
const linkTo = (url: string): Fields => ({ ...validLink(url), host: string(new URL(url).host) });
const editedTo = (url: string): Fields => {
	const { url: edited, host } = linkTo(url);
	return { ...validLink(), url: edited as Value, host: host as Value };
};

describe("local/policy.ts refuses reserved codes and the short-link site", () => {
	it.each(["login", "Login", "ADMIN", "www", "undefined"])("refuses the reserved code %s", (code) => {
		expect(creates(validLink(), code)).toBe(false);
	});

	it("accepts a code that only starts with a reserved word", () => {
		expect(creates(validLink(), "login-help")).toBe(true);
	});

	it.each([
		"http://127.0.0.1:5000/abc1234",
		"https://demo-shorty.web.app/abc1234",
		"https://demo-shorty.web.app./abc1234",
		"https://demo-shorty.web.app:8443/abc1234",
		"https://demo-shorty.web.app.:8443/abc1234",
		"http://demo-shorty.firebaseapp.com/abc1234",
	])("refuses a link to %s, on the site itself, new or edited", (url) => {
		expect(creates(linkTo(url))).toBe(false);
		expect(edits(validLink(), editedTo(url))).toBe(false);
	});

	it.each([
		"http://127.0.0.1:5001/abc1234",
		"https://www.demo-shorty.web.app/abc1234",
		"https://demo-shorty.web.app.example.com/abc1234",
		"https://example.com/https://demo-shorty.web.app/",
	])("accepts a link to %s, somewhere else, new or edited", (url) => {
		expect(creates(linkTo(url))).toBe(true);
		expect(edits(validLink(), editedTo(url))).toBe(true);
	});
});

/** Whether the policy lets the owner write their quota from `before` to `after` at `now`. */
function writesQuota(
	before: Fields | null,
	after: Fields,
	{ provider = "anonymous", now = TIME, uid = UID }: { provider?: string; now?: string; uid?: string } = {},
): boolean {
	const token = { firebase: { sign_in_provider: provider } };
	return allowsWrite(QUOTAS, uid, before, after, { [`${QUOTAS}/${uid}`]: after }, { token, now });
}

describe("local/policy.ts holds each user to CREATION_LIMITS", () => {
	const EARLIER = "2024-12-31T23:30:00.000000Z";
	const counted = (created: number) => quota("abc1234", created, EARLIER, TIME);

	it("refuses a new link its batch does not count, or counts for another link or at another time", () => {
		expect(creates(validLink(), "abc1234", null)).toBe(false);
		expect(creates(validLink(), "abc1234", quota("xyz9876"))).toBe(false);
		expect(creates(validLink(), "abc1234", quota("abc1234", 1, TIME, EARLIER))).toBe(false);
	});

	it("starts the first window now, counting one", () => {
		expect(writesQuota(null, quota("abc1234"))).toBe(true);
		expect(writesQuota(null, quota("abc1234", 2))).toBe(false);
		expect(writesQuota(null, quota("abc1234", 1, EARLIER))).toBe(false);
		expect(writesQuota(null, quota("abc1234"), { uid: "someone-else" })).toBe(false);
	});

	it.each([
		["anonymous", CREATION_LIMITS.anonymous],
		["password", CREATION_LIMITS.account],
		["google.com", CREATION_LIMITS.account],
	])("counts a %s session's links one at a time up to its limit, %i, and no further", (provider, limit) => {
		expect(writesQuota(counted(limit - 1), counted(limit), { provider })).toBe(true);
		expect(writesQuota(counted(limit), counted(limit + 1), { provider })).toBe(false);
		expect(writesQuota(counted(1), counted(3), { provider })).toBe(false);
		expect(writesQuota(counted(5), counted(4), { provider })).toBe(false);
	});

	it("opens a new window only once the last one's hour is over, to the microsecond", () => {
		const full = counted(CREATION_LIMITS.anonymous);
		const reopened = (now: string) => quota("abc1234", 1, now, now);
		expect(writesQuota(full, reopened("2025-01-01T00:29:59.999999Z"), { now: "2025-01-01T00:29:59.999999Z" })).toBe(
			false,
		);
		expect(writesQuota(full, reopened("2025-01-01T00:30:00.000000Z"), { now: "2025-01-01T00:30:00.000000Z" })).toBe(
			true,
		);
		expect(writesQuota(full, { ...reopened(TIME), windowStart: time(EARLIER) })).toBe(false);
	});

	it("refuses a quota with a field too many or too few", () => {
		expect(writesQuota(null, { ...quota("abc1234"), bonus: integer(100) })).toBe(false);
		const { lastCode: _, ...withoutCode } = quota("abc1234");
		expect(writesQuota(null, withoutCode)).toBe(false);
	});
});

/** Whether the policy lets the caller write owners/{uid}/deleted/{code} as `data`, new or over an older one. */
function writesTombstone(
	data: Fields,
	{ uid = UID, code = "abc1234", existing = false }: { uid?: string; code?: string; existing?: boolean } = {},
): boolean {
	const before = existing ? { deletedAt: time("2024-12-31T00:00:00.000000Z") } : null;
	return allowsWrite(`${OWNERS}/${uid}/${DELETED}`, code, before, data, {});
}

describe("local/policy.ts lets each user write their own tombstones, as deleted now", () => {
	it("accepts { deletedAt: request.time } under the caller's uid, new or over an older one", () => {
		expect(writesTombstone({ deletedAt: time(TIME) })).toBe(true);
		expect(writesTombstone({ deletedAt: time(TIME) }, { existing: true })).toBe(true);
	});

	it("refuses another time, another field, no field, another user's uid and a code no link can have", () => {
		expect(writesTombstone({ deletedAt: time("2024-12-31T00:00:00.000000Z") })).toBe(false);
		expect(writesTombstone({ deletedAt: time(TIME), url: string("https://example.com/") })).toBe(false);
		expect(writesTombstone({})).toBe(false);
		expect(writesTombstone({ deletedAt: time(TIME) }, { uid: "someone-else" })).toBe(false);
		expect(writesTombstone({ deletedAt: time(TIME) }, { code: "a b" })).toBe(false);
	});
});

describe("local/policy.ts enforces the limits of src/links/schema.ts", () => {
	const withTitle = (title: string) => ({ ...validLink(), title: string(title) });

	it(`accepts a title of ${MAX_TITLE_LENGTH} characters and refuses one more`, () => {
		expect(creates(withTitle("t".repeat(MAX_TITLE_LENGTH)))).toBe(true);
		expect(creates(withTitle("t".repeat(MAX_TITLE_LENGTH + 1)))).toBe(false);
	});

	it("counts a title in UTF-16 units, the stricter reading of size(): emoji count twice", () => {
		const emoji = "😀".repeat(MAX_TITLE_LENGTH / 2 + 1);
		expect([...emoji].length).toBeLessThanOrEqual(MAX_TITLE_LENGTH);
		expect(emoji.length).toBeGreaterThan(MAX_TITLE_LENGTH);
		expect(creates(withTitle(emoji))).toBe(false);
		expect(creates(withTitle("😀".repeat(MAX_TITLE_LENGTH / 2)))).toBe(true);
	});

	it(`accepts a URL of ${MAX_URL_LENGTH} characters and refuses one more`, () => {
		const urlOfLength = (length: number) => `https://example.com/${"a".repeat(length - 20)}`;
		expect(urlOfLength(MAX_URL_LENGTH)).toHaveLength(MAX_URL_LENGTH);
		expect(creates(validLink(urlOfLength(MAX_URL_LENGTH)))).toBe(true);
		expect(creates(validLink(urlOfLength(MAX_URL_LENGTH + 1)))).toBe(false);
	});

	it(`accepts a host of ${MAX_HOST_LENGTH} characters and refuses one more`, () => {
		const hostOfLength = (length: number) => `${"a".repeat(length - 4)}.com`;
		const withHost = (host: string) => ({ ...validLink(`https://${host}/`), host: string(host) });
		expect(creates(withHost(hostOfLength(MAX_HOST_LENGTH)))).toBe(true);
		expect(creates(withHost(hostOfLength(MAX_HOST_LENGTH + 1)))).toBe(false);
	});

	it(`accepts codes of ${MIN_CODE_LENGTH} to ${MAX_CODE_LENGTH} characters only`, () => {
		for (const [length, allowed] of [
			[MIN_CODE_LENGTH - 1, false],
			[MIN_CODE_LENGTH, true],
			[MAX_CODE_LENGTH, true],
			[MAX_CODE_LENGTH + 1, false],
		] as const) {
			expect(creates(validLink(), "c".repeat(length))).toBe(allowed);
		}
	});
});

/** Code points worth trying in each part of an address: every ASCII one, and the edges of Unicode's classes. */
const PROBES = [
	...Array.from({ length: 0x100 }, (_, i) => i),
	...[0x061c, 0x115f, 0x1680, 0x180e, 0x2000, 0x200b, 0x200c, 0x200d, 0x200e, 0x2028, 0x2029, 0x202e, 0x202f],
	...[0x205f, 0x2060, 0x2066, 0x3000, 0xd800, 0xdfff, 0xfeff, 0xfff9, 0xfffd, 0xffff, 0x1f600, 0xe0001, 0x10ffff],
].map((codePoint) => String.fromCodePoint(codePoint));

/** Stored strings to try: the URL corpus as typed, and each probe in each part of an address. */
const STORED_URLS = [
	...URL_CORPUS.map(([input]) => input),
	...PROBES.flatMap((char) => [
		`https://exa${char}mple.com/`,
		`https://example.com${char}/`,
		`https://example.com/a${char}b`,
		`https://example.com/?q=${char}`,
		`https://example.com/#${char}`,
		`https:/${char}/example.com/`,
		`http${char}://example.com/`,
		`https://[::${char}]/`,
		`https://example.com:8${char}/`,
		`${char}https://example.com/`,
		`https://example.com/${char}`,
	]),
	"https:///x",
	"http://javascript:alert(1)",
	"https://example.com",
	"https://EXAMPLE.com/",
	"HTTPS://example.com/",
	"https://example.com:123456/",
	"https://[::1]:8080/",
	"https://1.2.3.4:5/",
	"https://a..b/",
	"https://.a/",
	"https://a./",
	"https://./",
];

describe("firestore.rules' validUrl in RE2 and the policy agree", () => {
	const rulesUrl = RE2JS.compile(rulesPattern(rules.validUrl, "url", "validUrl"));
	const rulesHost = RE2JS.compile(rulesPattern(rules.validLinkFields, "data.host", "validLinkFields"));

	it(`on ${STORED_URLS.length} stored URLs, hostile and plain`, () => {
		const disagreements = STORED_URLS.filter((url) => {
			const byRules = url.length <= MAX_URL_LENGTH && rulesUrl.matches(url);
			return byRules !== targets(url);
		});
		expect(disagreements).toEqual([]);
		expect(STORED_URLS.filter(targets).length).toBeGreaterThan(100);
	});

	it("on the hosts of the same", () => {
		const hosts = STORED_URLS.map((url) => /^\w*:\/\/([^/]*)/.exec(url)?.[1] ?? url);
		const disagreements = hosts.filter((host) => {
			const link = { ...validLink(), host: string(host) };
			return (host.length <= MAX_HOST_LENGTH && rulesHost.matches(host)) !== creates(link);
		});
		expect(disagreements).toEqual([]);
	});

	it.each([
		["a NUL", "https://example.com/\u0000"],
		["a vertical tab", "https://example.com/a\u000bb"],
		["a line separator", "https://example.com/a\u2028b"],
		["a paragraph separator", "https://example.com/a\u2029b"],
		["a no-break space", "https://example.com/a\u00a0b"],
		["a right-to-left override", "https://example.com/\u202egnp.exe"],
		["an empty host", "https:///x"],
		["a scheme name as host and a script as port", "http://javascript:alert(1)"],
		["no path", "https://example.com"],
		["an upper-case host", "https://EXAMPLE.com/"],
	])("both refuse %s", (_, url) => {
		expect(rulesUrl.matches(url)).toBe(false);
		expect(targets(url)).toBe(false);
	});
});

/** Whether the policy lets the owner create a link with these tags, and edit a link's tags to them. */
function tagged(tags: Value): { created: boolean; edited: boolean } {
	const before = { ...validLink(), updatedAt: { timestampValue: "2024-06-01T00:00:00Z" } };
	return { created: creates({ ...validLink(), tags }), edited: edits(before, { ...validLink(), tags }) };
}

const tagOf = (length: number, character = "t") => character.repeat(length);
const tagsOf = (count: number) => Array.from({ length: count }, (_, i) => `tag ${i}`);

describe("local/policy.ts enforces the tag limits of src/links/schema.ts, new or edited", () => {
	it.each([
		["one tag", ["work"]],
		[`${MAX_TAGS_PER_LINK} tags`, tagsOf(MAX_TAGS_PER_LINK)],
		[`a tag of ${MAX_TAG_LENGTH} characters`, [tagOf(MAX_TAG_LENGTH)]],
		["letters, marks and digits of any script, space, '.', '_' and '-'", ["Café", "नमस्ते", "日本語", "q2 v1.0_beta-3"]],
	])("accepts %s", (_, tags) => {
		expect(tagged(tagList(tags))).toEqual({ created: true, edited: true });
	});

	it.each([
		[`${MAX_TAGS_PER_LINK + 1} tags`, tagList(tagsOf(MAX_TAGS_PER_LINK + 1))],
		[`a tag of ${MAX_TAG_LENGTH + 1} characters`, tagList([tagOf(MAX_TAG_LENGTH + 1)])],
		["an empty tag", tagList(["work", ""])],
		["an empty list (an untagged link has no tags field)", tagList([])],
		["a '<'", tagList(["a<b"])],
		["the separator inside a tag", tagList(["a,b"])],
		["a line break", tagList(["a\nb"])],
		["a string, not a list", string("work")],
		["a number in the list", { arrayValue: { values: [string("work"), integer(5)] } }],
		["a map", { mapValue: { fields: { work: string("work") } } }],
	])("refuses %s", (_, tags) => {
		expect(tagged(tags)).toEqual({ created: false, edited: false });
	});

	it("lets the owner take a link's tags off (the field deleted)", () => {
		const before = { ...validLink(), tags: tagList(["work"]), updatedAt: { timestampValue: "2024-06-01T00:00:00Z" } };
		expect(edits(before, validLink())).toBe(true);
	});
});

describe("firestore.rules' validTags in RE2 and the policy agree", () => {
	const rulesTags = RE2JS.compile(rulesPattern(rules.tagsJoinedValid, "joined", "tagsJoinedValid"));
	const lists: string[][] = [
		...PROBES.flatMap((char) => [[`a${char}b`], [char], ["work", `${char}x`]]),
		...[0, 1, 9, 10, 11, 12].map(tagsOf),
		...[31, 32, 33].flatMap((length) => [[tagOf(length)], [tagOf(length, "é")], [tagOf(length, "\u{20000}")]]),
		[tagOf(17, "😀")],
		[""],
		["a", ""],
		["a,b"],
	];

	it(`on ${lists.length} lists of tags, hostile and plain`, () => {
		const disagreements = lists.filter((tags) => {
			const joined = tags.join(TAG_SEPARATOR);
			// The rules' split() takes a pattern: the separator is a plain character in it.
			const byRules = rulesTags.matches(joined) && RE2JS.compile(TAG_SEPARATOR).split(joined).length === tags.length;
			return byRules !== tagged(tagList(tags)).created;
		});
		expect(disagreements).toEqual([]);
		expect(lists.filter((tags) => tagged(tagList(tags)).created).length).toBeGreaterThan(100);
	});
});
