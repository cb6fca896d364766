// @vitest-environment node
import { RE2JS } from "re2js";
import { describe, expect, it } from "vitest";
import type { AppError } from "../../../src/errors";
import { errorText } from "../../../src/i18n/errorText";
import { MAX_TAG_LENGTH, MAX_TAGS_PER_LINK, TAG_PATTERN } from "../../../src/links/schema";
import { checkTag, checkTags, deleteTagFrom, renameTagOn, tagCounts, tagKey } from "../../../src/links/tags";
import type { Link } from "../../../src/links/types";

function refusal(result: { ok: true } | { ok: false; error: AppError }): AppError {
	if (result.ok) throw new Error("expected a refusal");
	return result.error;
}

function tagged(createdAt: number, tags?: string[]): Link {
	const code = `code${createdAt}`;
	const url = "https://example.com/";
	return {
		code,
		url,
		host: "example.com",
		title: "",
		shortUrl: `https://sho.rt/${code}`,
		createdAt,
		updatedAt: createdAt,
		custom: false,
		...(tags && { tags }),
	};
}

describe("a tag", () => {
	it.each([
		["work", "work"],
		["  work  ", "work"],
		["work \t  notes", "work notes"],
		["v1.2", "v1.2"],
		["to_do", "to_do"],
		["work-in-progress", "work-in-progress"],
		["2026", "2026"],
		["Café", "Café"],
		["Cafe\u0301", "Café"],
		["日本語", "日本語"],
		["Ελληνικά", "Ελληνικά"],
		["हिन्दी", "हिन्दी"],
		["العربية", "العربية"],
		["x".repeat(MAX_TAG_LENGTH), "x".repeat(MAX_TAG_LENGTH)],
	])("%j is kept as %j", (input, tag) => {
		expect(checkTag(input)).toEqual({ ok: true, value: tag });
	});

	it.each(["", "   ", "\t\n"])("%j is refused as empty", (input) => {
		expect(refusal(checkTag(input))).toEqual({ code: "tag-empty" });
	});

	it(`is at most ${MAX_TAG_LENGTH} characters, counted after trimming and composing accents`, () => {
		const tooLong = refusal(checkTag("x".repeat(MAX_TAG_LENGTH + 1)));
		expect(tooLong.code).toBe("tag-too-long");
		// The limit said once, in the reader's language: no bare figures in brackets after it.
		expect(errorText(tooLong)).toBe(`Tags are at most ${MAX_TAG_LENGTH} characters.`);
		expect(refusal(checkTag("🚀".repeat(10_000))).code).toBe("tag-too-long");
		expect(checkTag(`   ${"x".repeat(MAX_TAG_LENGTH)}   `).ok).toBe(true);
		// "é" typed as "e" and a combining accent is two UTF-16 units, and one once composed.
		expect(checkTag("e\u0301".repeat(MAX_TAG_LENGTH))).toEqual({ ok: true, value: "é".repeat(MAX_TAG_LENGTH) });
	});

	it.each([
		["c++", "“+”"],
		["#work", "“#”"],
		["work/home", "“/”"],
		["launch 🚀", "“🚀”"],
		["a,b", "“,”"],
		["zero\u200bwidth", "U+200B"],
		["bell\u0007", "U+0007"],
		["lone \ud800", "U+D800"],
	])("%j is refused, naming the character %s", (input, character) => {
		const refused = refusal(checkTag(input));
		expect(refused.code).toBe("tag-invalid");
		expect(errorText(refused)).toBe(
			`Tags are letters, digits, spaces, hyphens, underscores or dots. ${character} is not allowed.`,
		);
	});

	it("means the same to the rules' engine (RE2) as to JavaScript", () => {
		const re2 = RE2JS.compile(TAG_PATTERN);
		const javascript = new RegExp(TAG_PATTERN, "u");
		for (const sample of [
			"work",
			"v1.2",
			"Café",
			"日本語",
			"हिन्दी",
			"a b",
			"c++",
			"🚀",
			"a\tb",
			"x\u200b",
			"١٢٣",
			"ǅ",
		]) {
			expect([sample, re2.matches(sample)]).toEqual([sample, javascript.test(sample)]);
		}
	});
});

describe("a link's tags", () => {
	it("fold the same tag in another case or spacing into one, keeping the first spelling", () => {
		expect(checkTags(["React", "react", " REACT ", "docs", "Docs"])).toEqual({ ok: true, value: ["React", "docs"] });
		expect(checkTags(["work  notes", "Work Notes"])).toEqual({ ok: true, value: ["work notes"] });
	});

	it("keep 'café' and 'cafe' apart: an accent can be the point of a tag", () => {
		expect(checkTags(["café", "cafe"])).toEqual({ ok: true, value: ["café", "cafe"] });
	});

	it(`are at most ${MAX_TAGS_PER_LINK}, counted once duplicates are folded`, () => {
		const ten = Array.from({ length: MAX_TAGS_PER_LINK }, (_, i) => `tag${i}`);
		expect(checkTags(ten)).toEqual({ ok: true, value: ten });
		expect(checkTags([...ten, ...ten.map((tag) => tag.toUpperCase())]).ok).toBe(true);
		// The message names the limit; a bare count after it would say it twice.
		expect(refusal(checkTags([...ten, "one more"]))).toEqual({ code: "too-many-tags" });
	});

	it("are refused whole when one is refused, with that tag's reason", () => {
		expect(refusal(checkTags(["good", "bad!"]))).toEqual(refusal(checkTag("bad!")));
		expect(checkTags([])).toEqual({ ok: true, value: [] });
	});

	it("each refusal says why in its own words", () => {
		const texts = [
			refusal(checkTag("")),
			refusal(checkTag("x".repeat(40))),
			refusal(checkTag("a!")),
			refusal(checkTags(Array.from({ length: 11 }, (_, i) => `t${i}`))),
		].map(errorText);
		expect(new Set(texts).size).toBe(4);
		expect(texts[0]).toBe("A tag cannot be empty.");
		expect(texts[1]).toMatch(/^Tags are at most 32 characters\./);
		expect(texts[2]).toMatch(/^Tags are letters, digits, spaces, hyphens, underscores or dots\./);
		expect(texts[3]).toMatch(/^A link can have at most 10 tags\./);
	});

	it("are one tag in any case, Turkish and German included", () => {
		expect(tagKey("İSTANBUL")).toBe(tagKey("i̇stanbul"));
		expect(tagKey("STRASSE")).toBe(tagKey("straße"));
		expect(tagKey(" Work  Notes ")).toBe(tagKey("work notes"));
	});
});

describe("the tag list", () => {
	it("counts each tag's links, by name, numbers by value, a tag in any case as one", () => {
		const links = [
			tagged(1, ["Work", "q10"]),
			tagged(2, ["work", "q2"]),
			tagged(3, ["Äpfel", "WORK", "Work"]),
			tagged(4),
			tagged(5, []),
		];
		expect(tagCounts(links)).toEqual([
			{ tag: "Äpfel", count: 1 },
			{ tag: "q2", count: 1 },
			{ tag: "q10", count: 1 },
			{ tag: "WORK", count: 3 },
		]);
	});

	it("is empty when no link has a tag", () => {
		expect(tagCounts([tagged(1), tagged(2, [])])).toEqual([]);
	});
});

/** The new lists a rename or delete gives, by code; a refusal as its code. */
function listsAfter(result: ReturnType<typeof renameTagOn>): Record<string, string[]> | string {
	if (!result.ok) return result.error.code;
	return Object.fromEntries(result.value.map(({ link, tags }) => [link.code, tags]));
}

describe("renaming and deleting a tag across links", () => {
	const links = [tagged(1, ["js", "misc"]), tagged(2, ["React", "JS"]), tagged(3, ["misc"]), tagged(4)];

	it("renames it in its place on every link that has it, in any case, and leaves the others out", () => {
		expect(listsAfter(renameTagOn(links, "JS", "javascript"))).toEqual({
			code1: ["javascript", "misc"],
			code2: ["React", "javascript"],
		});
	});

	it("merges into a tag a link already had, spelled as typed", () => {
		expect(listsAfter(renameTagOn(links, "js", "react"))).toEqual({ code1: ["react", "misc"], code2: ["react"] });
	});

	it("respells a tag renamed into itself only where the spelling differs", () => {
		expect(listsAfter(renameTagOn(links, "js", "JS"))).toEqual({ code1: ["JS", "misc"] });
	});

	it("refuses a name that is no tag, before looking at any link", () => {
		expect(listsAfter(renameTagOn(links, "js", "a<b"))).toBe("tag-invalid");
		expect(listsAfter(renameTagOn([], "js", " "))).toBe("tag-empty");
		expect(listsAfter(deleteTagFrom([], "x".repeat(MAX_TAG_LENGTH + 1)))).toBe("tag-too-long");
	});

	it("deletes it from every link that has it; a link left with none gets an empty list", () => {
		expect(listsAfter(deleteTagFrom(links, "MISC"))).toEqual({ code1: ["js"], code3: [] });
	});
});
