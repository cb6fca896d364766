/**
 * firestore.rules as code, for the local Firestore server. Each function mirrors the function of the
 * same name in firestore.rules, in the same order, so the two read side by side: change both together.
 * It calls get/exists/getAfter/existsAfter exactly where the rules do, since the server counts those
 * calls against Firestore's limits.
 * Field lists, limits and patterns come from src/links/schema.ts, as firestore.rules spells them
 * (tests/unit/links/schema.test.ts compares the two). Where the rules language leaves a meaning
 * undocumented (size(), int against float), this takes the stricter reading.
 * The integration suite checks this module through the real SDK; on a machine with the official
 * emulator, the same suite checks firestore.rules itself.
 */
import { RESERVED_ALIASES } from "../src/links/codes";
import {
	CLICK_TOTALS,
	CLICKS,
	CODE_PATTERN,
	CREATION_LIMITS,
	CREATION_WINDOW_HOURS,
	DAYS,
	DELETED,
	EDITABLE_FIELDS,
	HOST_FIELD_PATTERN,
	LINK_FIELDS,
	LINKS,
	MAX_HOST_LENGTH,
	MAX_TITLE_LENGTH,
	MAX_URL_LENGTH,
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
} from "../src/links/schema";
import { canonicalTimestamp, formatMicros } from "./firestore/time";
import type { Access, AccessPolicy, Fields, ReadLookups, Value } from "./firestore/types";
import { valuesEqual } from "./firestore/values";

type WriteAccess = Extract<Access, { method: "create" | "update" | "delete" }>;

// Value readers: rules compare typed values; a field of the wrong type reads as undefined and fails.
const str = (value: Value | undefined) => (value && "stringValue" in value ? value.stringValue : undefined);
const int = (value: Value | undefined) => (value && "integerValue" in value ? Number(value.integerValue) : undefined);
const bool = (value: Value | undefined) => (value && "booleanValue" in value ? value.booleanValue : undefined);
/** rules: a timestamp == request.time, whatever precision either was written with. */
function sameTime(value: Value | undefined, requestTime: string): boolean {
	const written = value && "timestampValue" in value ? canonicalTimestamp(value.timestampValue) : null;
	return written !== null && written === canonicalTimestamp(requestTime);
}
/** rules: `timestamp + duration.value(hours, 'h')`, in the canonical form, to the microsecond. */
function hoursAfter(value: Value | undefined, hours: number): string | undefined {
	const time = value && "timestampValue" in value ? canonicalTimestamp(value.timestampValue) : null;
	if (time === null) return undefined;
	const micros = Date.parse(`${time.slice(0, 23)}Z`) * 1000 + Number(time.slice(23, 26));
	return formatMicros(micros + hours * 3_600_000_000);
}
/**
 * rules: `text.size() <= limit`. Whether size() counts code points or UTF-16 units is not documented; a
 * text within the limit in UTF-16 units is within it in code points too, so that is the reading taken.
 */
const fits = (text: string, limit: number) => text.length <= limit;

/** Whether two values are one value of one type: an int and a float of equal value may differ to rules' diff(). */
function sameValue(a: Value | undefined, b: Value | undefined): boolean {
	if (a === undefined || b === undefined) return false;
	// A value has exactly one key, its kind: integerValue, doubleValue, ...
	const [kindOfA] = Object.keys(a);
	const [kindOfB] = Object.keys(b);
	return kindOfA === kindOfB && valuesEqual(a, b);
}

/** rules: request.resource.data.diff(resource.data).affectedKeys(), taking any change of type as a change. */
function affectedKeys(after: Fields, before: Fields): Set<string> {
	const keys = new Set([...Object.keys(after), ...Object.keys(before)]);
	return new Set([...keys].filter((key) => !sameValue(after[key], before[key])));
}

const hasOnly = (keys: Iterable<string>, allowed: readonly string[]) => [...keys].every((key) => allowed.includes(key));
const hasAll = (keys: readonly string[], required: readonly string[]) => required.every((key) => keys.includes(key));

/**
 * rules: `resource.data.owner == request.auth.uid` for a list, which the rules grant only when the query
 * itself says so: an equality filter on owner with the caller's uid.
 */
function filtersOnCallersOwner(access: Extract<Access, { method: "list" }>): boolean {
	return access.filters.some(
		(filter) => filter.field === "owner" && filter.op === "EQUAL" && str(filter.value) === access.auth?.uid,
	);
}

function signedIn(access: Access): boolean {
	return access.auth !== null;
}

const CODE = new RegExp(CODE_PATTERN);

function validCode(code: string): boolean {
	return CODE.test(code);
}

function notReserved(code: string): boolean {
	return !RESERVED_ALIASES.has(code.toLowerCase());
}

/** rules: hostPattern(), anchored as validLinkFields uses it; URL_PATTERN holds it for validUrl. */
const HOST = new RegExp(HOST_FIELD_PATTERN);
const STORED_URL = new RegExp(URL_PATTERN);

function validUrl(value: Value | undefined): boolean {
	const url = str(value);
	return url !== undefined && fits(url, MAX_URL_LENGTH) && STORED_URL.test(url);
}

/**
 * rules: shortLinkSite(). The rules deployed spell out the project's hosts (scripts/deploy.ts); the local
 * backend passes its own (src/links/shortLinkSite.ts) to shortyPolicy.
 */
type ShortLinkSite = readonly string[];

function offShortLinkSite(value: Value | undefined, shortLinkSite: ShortLinkSite): boolean {
	const host = (str(value)?.split("/")[2] ?? "").replace(/\.:/g, ":").replace(/\.$/g, "");
	return !shortLinkSite.includes(host) && !shortLinkSite.includes(host.split(":")[0] ?? "");
}

const URL_HASH = new RegExp(URL_HASH_PATTERN);
/** "u": the pattern's \p{L} classes and counted repeats read as RE2 reads them, by code point. */
const TAG_LIST = new RegExp(TAG_LIST_PATTERN, "u");

/**
 * rules: `data.tags.join(',')`. join() of a list holding anything but strings is an error in the rules,
 * which refuses the write: here, a list with any other value is refused.
 */
function validTags(data: Fields): boolean {
	const tags = data.tags;
	if (tags === undefined) return true;
	if (!("arrayValue" in tags)) return false;
	const texts = (tags.arrayValue.values ?? []).map(str);
	if (!texts.every((text) => text !== undefined)) return false;
	return tagsJoinedValid(texts, texts.join(TAG_SEPARATOR));
}

/** As many pieces as tags: no tag held the separator (["a,b"] joins as ["a", "b"] does). */
function tagsJoinedValid(tags: readonly string[], joined: string): boolean {
	return TAG_LIST.test(joined) && joined.split(TAG_SEPARATOR).length === tags.length;
}

function validLinkFields(data: Fields, requestTime: string, shortLinkSite: ShortLinkSite): boolean {
	const host = str(data.host);
	const title = str(data.title);
	const urlHash = str(data.urlHash);
	return (
		validUrl(data.url) &&
		offShortLinkSite(data.url, shortLinkSite) &&
		host !== undefined &&
		fits(host, MAX_HOST_LENGTH) &&
		HOST.test(host) &&
		title !== undefined &&
		fits(title, MAX_TITLE_LENGTH) &&
		urlHash !== undefined &&
		URL_HASH.test(urlHash) &&
		validTags(data) &&
		sameTime(data.updatedAt, requestTime)
	);
}

function validNewLink(access: WriteAccess, data: Fields, shortLinkSite: ShortLinkSite): boolean {
	const keys = Object.keys(data);
	return (
		hasOnly(keys, LINK_FIELDS) &&
		hasAll(keys, REQUIRED_LINK_FIELDS) &&
		validCode(access.id) &&
		notReserved(access.id) &&
		str(data.owner) === access.auth?.uid &&
		validLinkFields(data, access.requestTime, shortLinkSite) &&
		sameTime(data.createdAt, access.requestTime) &&
		bool(data.custom) !== undefined
	);
}

function targetMatchesAfter(access: WriteAccess, url: Value | undefined): boolean {
	const target = `${TARGETS}/${access.id}`;
	return access.existsAfter(target) && str(access.getAfter(target)?.url) === str(url) && str(url) !== undefined;
}

function isOwnerEdit(access: WriteAccess, shortLinkSite: ShortLinkSite): boolean {
	const { resource, requestResource } = access;
	if (!resource || !requestResource) return false;
	return (
		str(resource.owner) === access.auth?.uid &&
		hasOnly(affectedKeys(requestResource, resource), EDITABLE_FIELDS) &&
		validLinkFields(requestResource, access.requestTime, shortLinkSite) &&
		targetMatchesAfter(access, requestResource.url)
	);
}

function isOwnTargetAfter(access: WriteAccess): boolean {
	const data = access.requestResource;
	const link = `${LINKS}/${access.id}`;
	return (
		signedIn(access) &&
		validCode(access.id) &&
		data !== null &&
		hasOnly(Object.keys(data), TARGET_FIELDS) &&
		validUrl(data.url) &&
		access.existsAfter(link) &&
		str(access.getAfter(link)?.owner) === access.auth?.uid &&
		str(access.getAfter(link)?.url) === str(data.url)
	);
}

function quotaPath(access: WriteAccess): string {
	return `${QUOTAS}/${access.auth?.uid}`;
}

function countedAfter(access: WriteAccess): boolean {
	const quota = access.getAfter(quotaPath(access));
	return str(quota?.lastCode) === access.id && sameTime(quota?.lastAt, access.requestTime);
}

/** rules: request.auth.token.firebase.sign_in_provider; a token without the claim fails the rule, as there. */
function signInProvider(access: WriteAccess): string | undefined {
	const firebase = access.auth?.token.firebase;
	const provider = typeof firebase === "object" && firebase !== null ? Object(firebase).sign_in_provider : undefined;
	return typeof provider === "string" ? provider : undefined;
}

function withinCreationLimit(access: WriteAccess, created: number): boolean {
	const provider = signInProvider(access);
	if (provider === undefined) return false;
	return created <= (provider === "anonymous" ? CREATION_LIMITS.anonymous : CREATION_LIMITS.account);
}

function validQuota(access: WriteAccess, data: Fields): boolean {
	const keys = Object.keys(data);
	const lastCode = str(data.lastCode);
	return (
		hasOnly(keys, QUOTA_FIELDS) &&
		hasAll(keys, QUOTA_FIELDS) &&
		data.windowStart !== undefined &&
		"timestampValue" in data.windowStart &&
		int(data.created) !== undefined &&
		lastCode !== undefined &&
		validCode(lastCode) &&
		sameTime(data.lastAt, access.requestTime)
	);
}

function isNewWindow(access: WriteAccess, data: Fields): boolean {
	return sameTime(data.windowStart, access.requestTime) && int(data.created) === 1;
}

function isNextCount(access: WriteAccess, data: Fields): boolean {
	const { resource } = access;
	const created = int(data.created);
	const before = int(resource?.created);
	return (
		sameValue(data.windowStart, resource?.windowStart) &&
		created !== undefined &&
		before !== undefined &&
		created === before + 1 &&
		withinCreationLimit(access, created)
	);
}

function linksRule(access: Access, shortLinkSite: ShortLinkSite): boolean {
	switch (access.method) {
		case "get":
			return signedIn(access) && access.resource !== null && str(access.resource.owner) === access.auth?.uid;
		case "list":
			// Rules are not filters: the query itself must limit results to the caller's links.
			return signedIn(access) && filtersOnCallersOwner(access);
		case "create":
			return (
				signedIn(access) &&
				access.requestResource !== null &&
				validNewLink(access, access.requestResource, shortLinkSite) &&
				targetMatchesAfter(access, access.requestResource.url) &&
				countedAfter(access)
			);
		case "update":
			return signedIn(access) && isOwnerEdit(access, shortLinkSite);
		case "delete":
			return (
				signedIn(access) &&
				access.resource !== null &&
				str(access.resource.owner) === access.auth?.uid &&
				!access.existsAfter(`${TARGETS}/${access.id}`)
			);
	}
}

function targetsRule(access: Access): boolean {
	switch (access.method) {
		case "get":
			return true;
		case "list":
			return false;
		case "create":
			return isOwnTargetAfter(access);
		case "update":
			return isOwnTargetAfter(access) && access.exists(`${LINKS}/${access.id}`);
		case "delete": {
			const link = `${LINKS}/${access.id}`;
			return (
				signedIn(access) &&
				access.exists(link) &&
				str(access.get(link)?.owner) === access.auth?.uid &&
				!access.existsAfter(link)
			);
		}
	}
}

function quotasRule(access: Access): boolean {
	switch (access.method) {
		case "get":
			return signedIn(access) && access.auth?.uid === access.id;
		case "list":
		case "delete":
			return false;
		case "create": {
			const data = access.requestResource;
			return (
				signedIn(access) &&
				access.auth?.uid === access.id &&
				data !== null &&
				validQuota(access, data) &&
				isNewWindow(access, data)
			);
		}
		case "update": {
			const data = access.requestResource;
			const windowOver = hoursAfter(access.resource?.windowStart, CREATION_WINDOW_HOURS);
			return (
				signedIn(access) &&
				access.auth?.uid === access.id &&
				data !== null &&
				validQuota(access, data) &&
				(isNextCount(access, data) ||
					(isNewWindow(access, data) &&
						windowOver !== undefined &&
						(canonicalTimestamp(access.requestTime) ?? "") >= windowOver))
			);
		}
	}
}

function isLinkOwner(access: Access & ReadLookups, code: string): boolean {
	return signedIn(access) && str(access.get(`${LINKS}/${code}`)?.owner) === access.auth?.uid;
}

function dayCountsRule(access: Access, code: string): boolean {
	switch (access.method) {
		case "get":
		case "list":
		case "delete":
			return isLinkOwner(access, code);
		case "create":
		case "update":
			return false;
	}
}

/** clicks/{code}/days: the `{code}` of the match. */
const DAY_COUNTS = new RegExp(`^${CLICKS}/([^/]+)/${DAYS}$`);

function clickTotalsRule(access: Access): boolean {
	switch (access.method) {
		case "get":
		case "delete":
			return signedIn(access) && access.resource !== null && str(access.resource.owner) === access.auth?.uid;
		case "list":
			// Rules are not filters: the query itself must limit results to the caller's totals.
			return signedIn(access) && filtersOnCallersOwner(access);
		case "create":
		case "update":
			return false;
	}
}

function validTombstone(access: WriteAccess, data: Fields): boolean {
	const keys = Object.keys(data);
	return (
		hasOnly(keys, TOMBSTONE_FIELDS) && hasAll(keys, TOMBSTONE_FIELDS) && sameTime(data.deletedAt, access.requestTime)
	);
}

function tombstonesRule(access: Access, uid: string): boolean {
	switch (access.method) {
		case "get":
		case "list":
			return signedIn(access) && access.auth?.uid === uid;
		case "create":
		case "update":
			return (
				signedIn(access) &&
				access.auth?.uid === uid &&
				validCode(access.id) &&
				access.requestResource !== null &&
				validTombstone(access, access.requestResource)
			);
		case "delete":
			return false;
	}
}

/** owners/{uid}/deleted: the `{uid}` of the match. */
const TOMBSTONES = new RegExp(`^${OWNERS}/([^/]+)/${DELETED}$`);

/**
 * Everything not matched in firestore.rules is denied, as in Firestore. `shortLinkSite` is what the rules'
 * shortLinkSite() returns where this policy stands in for them (shortLinkSiteHosts of the local backend).
 */
export function shortyPolicy(shortLinkSite: ShortLinkSite): AccessPolicy {
	return (access) => {
		if (access.collection === LINKS) return linksRule(access, shortLinkSite);
		if (access.collection === TARGETS) return targetsRule(access);
		if (access.collection === QUOTAS) return quotasRule(access);
		if (access.collection === CLICK_TOTALS) return clickTotalsRule(access);
		const dayCounts = DAY_COUNTS.exec(access.collection);
		if (dayCounts) return dayCountsRule(access, dayCounts[1] as string);
		const tombstones = TOMBSTONES.exec(access.collection);
		if (tombstones) return tombstonesRule(access, tombstones[1] as string);
		return false;
	};
}
