/**
 * Tags: the labels a user files links under. Checks return Checked values, like checkAlias, so a page
 * can run them as the user types; the limits are src/links/schema.ts's, which the rules will enforce.
 */
import { type AppError, appError } from "../errors";
import { foldCase } from "./foldText";
import { inputError } from "./inputProblem";
import { compareNames } from "./nameOrder";
import { MAX_TAG_LENGTH, MAX_TAGS_PER_LINK, TAG_CHARACTERS, TAG_PATTERN } from "./schema";
import type { Checked, Link } from "./types";

const TAG = new RegExp(TAG_PATTERN, "u");
const TAG_CHARACTER = new RegExp(`^[${TAG_CHARACTERS}]$`, "u");

/**
 * A tag as it is stored: composed (NFC, so "é" typed as "e" and an accent is one character, as the
 * rules will count it), trimmed, and each run of whitespace one space ("work  notes" is "work notes").
 */
export function tidyTag(input: string): string {
	return input.normalize("NFC").trim().replace(/\s+/g, " ");
}

/** What makes two tags one: "React", "react" and " REACT " are the same tag, "café" and "cafe" are not. */
export function tagKey(tag: string): string {
	return foldCase(tidyTag(tag));
}

export function checkTag(input: string): Checked<string> {
	const tag = tidyTag(input);
	const error = tagProblem(tag);
	return error ? { ok: false, error } : { ok: true, value: tag };
}

function tagProblem(tag: string): AppError | undefined {
	if (tag === "") return appError("tag-empty");
	// The message names the limit, and the user sees the tag they typed: nothing more to say.
	if (tag.length > MAX_TAG_LENGTH) return appError("tag-too-long");
	if (TAG.test(tag)) return undefined;
	const forbidden = [...tag].find((character) => !TAG_CHARACTER.test(character)) ?? tag;
	return inputError("tag-invalid", { problem: "character-not-allowed", character: forbidden });
}

/**
 * A link's whole list of tags: each checked, a later spelling of the same tag dropped (the first one
 * typed is kept), then at most MAX_TAGS_PER_LINK. The first refusal is the answer.
 */
export function checkTags(inputs: readonly string[]): Checked<string[]> {
	const tags = new Map<string, string>();
	for (const input of inputs) {
		const checked = checkTag(input);
		if (!checked.ok) return checked;
		const key = tagKey(checked.value);
		if (!tags.has(key)) tags.set(key, checked.value);
	}
	if (tags.size > MAX_TAGS_PER_LINK) {
		return { ok: false, error: appError("too-many-tags") };
	}
	return { ok: true, value: [...tags.values()] };
}

/** A link and the tags a rename or a delete leaves it; an empty list takes them all off. */
export interface TagChange {
	link: Link;
	tags: string[];
}

/** The same tags in the same order, spelled the same. */
export const sameList = (a: readonly string[], b: readonly string[]) =>
	a.length === b.length && a.every((tag, i) => tag === b[i]);

/** Each of `links` that has `tag` (tagKey's sense), with the list `edit` makes of its tags, checked; unchanged ones left out. */
function changesFor(
	links: Iterable<Link>,
	tag: string,
	edit: (tags: readonly string[]) => string[],
): Checked<TagChange[]> {
	const key = tagKey(tag);
	const changes: TagChange[] = [];
	for (const link of links) {
		const tags = link.tags ?? [];
		if (!tags.some((each) => tagKey(each) === key)) continue;
		const checked = checkTags(edit(tags));
		if (!checked.ok) return checked;
		if (!sameList(checked.value, tags)) changes.push({ link, tags: checked.value });
	}
	return { ok: true, value: changes };
}

/**
 * `from` renamed to `to` on every link that has it, in its place. A link that already had `to` keeps one of
 * the two (merged), and every spelling of either becomes `to` as typed ("react" renamed "React" respells it).
 */
export function renameTagOn(links: Iterable<Link>, from: string, to: string): Checked<TagChange[]> {
	const old = checkTag(from);
	if (!old.ok) return old;
	const renamed = checkTag(to);
	if (!renamed.ok) return renamed;
	const keys = new Set([tagKey(old.value), tagKey(renamed.value)]);
	return changesFor(links, old.value, (tags) => tags.map((tag) => (keys.has(tagKey(tag)) ? renamed.value : tag)));
}

/** `tag` taken off every link that has it; the links stay. */
export function deleteTagFrom(links: Iterable<Link>, tag: string): Checked<TagChange[]> {
	const checked = checkTag(tag);
	if (!checked.ok) return checked;
	const key = tagKey(checked.value);
	return changesFor(links, checked.value, (tags) => tags.filter((each) => tagKey(each) !== key));
}

export interface TagCount {
	/** The spelling on the newest link that has the tag. */
	tag: string;
	/** How many links have it. */
	count: number;
}

/**
 * Each tag and how many links have it, sorted by name ("q2" before "q10"): the tag list. An array, not a
 * Map, because it crosses the extension's message boundary, which would flatten a Map to {}.
 */
export function tagCounts(links: Iterable<Link>): TagCount[] {
	const counts = new Map<string, TagCount & { newest: number }>();
	for (const link of links) {
		const counted = new Set<string>();
		for (const tag of link.tags ?? []) {
			const key = tagKey(tag);
			if (counted.has(key)) continue;
			counted.add(key);
			const entry = counts.get(key) ?? { tag, count: 0, newest: link.createdAt };
			entry.count++;
			if (link.createdAt > entry.newest) Object.assign(entry, { tag, newest: link.createdAt });
			counts.set(key, entry);
		}
	}
	return [...counts.values()]
		.map(({ tag, count }) => ({ tag, count }))
		.sort((a, b) => compareNames(a.tag, b.tag) || a.tag.localeCompare(b.tag));
}
