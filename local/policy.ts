/**
 * firestore.rules as code, for the local Firestore server. Each function mirrors the function of the
 * same name in firestore.rules, in the same order, so the two read side by side: change both together.
 * It calls get/exists/getAfter/existsAfter exactly where the rules do, since the server counts those
 * calls against Firestore's limits.
 * The integration suite checks this module through the real SDK; on a machine with the official
 * emulator, the same suite checks firestore.rules itself.
 */
import { canonicalTimestamp } from "./firestore/time";
import type { Access, AccessPolicy, Fields, Value } from "./firestore/types";
import { valuesEqual } from "./firestore/values";

type WriteAccess = Extract<Access, { method: "create" | "update" | "delete" }>;

const LINK_FIELDS = ["url", "host", "owner", "title", "createdAt", "updatedAt", "clicks", "custom", "urlHash"];

// Value readers: rules compare typed values; a field of the wrong type reads as undefined and fails.
const str = (value: Value | undefined) => (value && "stringValue" in value ? value.stringValue : undefined);
const bool = (value: Value | undefined) => (value && "booleanValue" in value ? value.booleanValue : undefined);
function num(value: Value | undefined): number | undefined {
	if (value && "integerValue" in value) return Number(value.integerValue);
	if (value && "doubleValue" in value && typeof value.doubleValue === "number") return value.doubleValue;
	return undefined;
}
/** rules: a timestamp == request.time, whatever precision either was written with. */
function sameTime(value: Value | undefined, requestTime: string): boolean {
	const written = value && "timestampValue" in value ? canonicalTimestamp(value.timestampValue) : null;
	return written !== null && written === canonicalTimestamp(requestTime);
}
const size = (text: string) => [...text].length;

/** rules: request.resource.data.diff(resource.data).affectedKeys() */
function affectedKeys(after: Fields, before: Fields): Set<string> {
	const keys = new Set([...Object.keys(after), ...Object.keys(before)]);
	const same = (a: Value | undefined, b: Value | undefined) => a !== undefined && b !== undefined && valuesEqual(a, b);
	return new Set([...keys].filter((key) => !same(after[key], before[key])));
}

const hasOnly = (keys: Iterable<string>, allowed: string[]) => [...keys].every((key) => allowed.includes(key));

function signedIn(access: Access): boolean {
	return access.auth !== null;
}

function validCode(code: string): boolean {
	return /^[A-Za-z0-9_-]{3,64}$/.test(code);
}

/** The rules' '^https?://[^\\s]+$' in RE2, whose \s is these five characters only (JavaScript's is all Unicode spaces). */
const RULES_URL = /^https?:\/\/[^\t\n\f\r ]+$/;

function validUrl(value: Value | undefined): boolean {
	const url = str(value);
	return url !== undefined && size(url) <= 2048 && RULES_URL.test(url);
}

function validLinkFields(data: Fields, requestTime: string): boolean {
	const host = str(data.host);
	const title = str(data.title);
	const urlHash = str(data.urlHash);
	return (
		validUrl(data.url) &&
		host !== undefined &&
		size(host) <= 253 &&
		title !== undefined &&
		size(title) <= 500 &&
		urlHash !== undefined &&
		/^[0-9a-f]{64}$/.test(urlHash) &&
		sameTime(data.updatedAt, requestTime)
	);
}

function validNewLink(access: WriteAccess, data: Fields): boolean {
	const keys = Object.keys(data);
	return (
		hasOnly(keys, LINK_FIELDS) &&
		LINK_FIELDS.every((field) => keys.includes(field)) &&
		validCode(access.id) &&
		str(data.owner) === access.auth?.uid &&
		validLinkFields(data, access.requestTime) &&
		sameTime(data.createdAt, access.requestTime) &&
		num(data.clicks) === 0 &&
		bool(data.custom) !== undefined
	);
}

function targetMatchesAfter(access: WriteAccess, url: Value | undefined): boolean {
	const target = `targets/${access.id}`;
	return access.existsAfter(target) && str(access.getAfter(target)?.url) === str(url) && str(url) !== undefined;
}

function isOneClick(access: WriteAccess): boolean {
	const { resource, requestResource } = access;
	if (!resource || !requestResource) return false;
	const before = num(resource.clicks);
	return (
		hasOnly(affectedKeys(requestResource, resource), ["clicks"]) &&
		before !== undefined &&
		num(requestResource.clicks) === before + 1
	);
}

function isOwnerEdit(access: WriteAccess): boolean {
	const { resource, requestResource } = access;
	if (!resource || !requestResource) return false;
	return (
		str(resource.owner) === access.auth?.uid &&
		hasOnly(affectedKeys(requestResource, resource), ["url", "host", "title", "updatedAt", "urlHash"]) &&
		validLinkFields(requestResource, access.requestTime) &&
		targetMatchesAfter(access, requestResource.url)
	);
}

function linksRule(access: Access): boolean {
	switch (access.method) {
		case "get":
			return signedIn(access) && access.resource !== null && str(access.resource.owner) === access.auth?.uid;
		case "list":
			// Rules are not filters: the query itself must limit results to the caller's links.
			return (
				signedIn(access) &&
				access.filters.some(
					(filter) => filter.field === "owner" && filter.op === "EQUAL" && str(filter.value) === access.auth?.uid,
				)
			);
		case "create":
			return (
				signedIn(access) &&
				access.requestResource !== null &&
				validNewLink(access, access.requestResource) &&
				targetMatchesAfter(access, access.requestResource.url)
			);
		case "update":
			return isOneClick(access) || (signedIn(access) && isOwnerEdit(access));
		case "delete":
			return (
				signedIn(access) &&
				access.resource !== null &&
				str(access.resource.owner) === access.auth?.uid &&
				!access.existsAfter(`targets/${access.id}`)
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
		case "update": {
			const data = access.requestResource;
			const link = `links/${access.id}`;
			return (
				signedIn(access) &&
				validCode(access.id) &&
				data !== null &&
				hasOnly(Object.keys(data), ["url"]) &&
				validUrl(data.url) &&
				access.existsAfter(link) &&
				str(access.getAfter(link)?.owner) === access.auth?.uid &&
				str(access.getAfter(link)?.url) === str(data.url)
			);
		}
		case "delete": {
			const link = `links/${access.id}`;
			return (
				signedIn(access) &&
				access.exists(link) &&
				str(access.get(link)?.owner) === access.auth?.uid &&
				!access.existsAfter(link)
			);
		}
	}
}

/** Everything not matched in firestore.rules is denied, as in Firestore. */
export const shortyPolicy: AccessPolicy = (access) => {
	if (access.collection === "links") return linksRule(access);
	if (access.collection === "targets") return targetsRule(access);
	return false;
};
