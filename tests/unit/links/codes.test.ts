// @vitest-environment node
import { describe, expect, it } from "vitest";
import { errorText } from "../../../src/i18n/errorText";
import {
	CODE_ALPHABET,
	CODE_LENGTH,
	checkAlias,
	generateCode,
	isCode,
	RESERVED_ALIASES,
} from "../../../src/links/codes";
import { parseInputProblem } from "../../../src/links/inputProblem";
import type { RandomBytes } from "../../../src/links/types";

const cryptoBytes: RandomBytes = (length) => crypto.getRandomValues(new Uint8Array(length));

/** Hands out `bytes` in order, as many as each call asks for, and records what was asked. */
function scriptedBytes(bytes: readonly number[]) {
	const requests: number[] = [];
	let next = 0;
	const random: RandomBytes = (length) => {
		requests.push(length);
		if (next + length > bytes.length) throw new Error("the script ran out of bytes");
		next += length;
		return Uint8Array.from(bytes.slice(next - length, next));
	};
	return { random, requests };
}

/** A source that walks 0, 1, ..., 255, 0, 1, ...: every byte value equally often. */
function cyclingBytes(): RandomBytes {
	let next = 0;
	return (length) => Uint8Array.from({ length }, () => next++ % 256);
}

function aliasError(alias: string) {
	const result = checkAlias(alias);
	if (result.ok) throw new Error(`expected ${JSON.stringify(alias)} to be refused, got ${result.value}`);
	return result.error;
}

/** The refusal's code and the problem its detail names. */
function aliasRefusal(alias: string) {
	const error = aliasError(alias);
	return { code: error.code, problem: parseInputProblem(error) };
}

function countCharacters(codes: readonly string[]): Map<string, number> {
	const counts = new Map<string, number>();
	for (const character of codes.join("")) counts.set(character, (counts.get(character) ?? 0) + 1);
	return counts;
}

describe("generateCode", () => {
	it("makes 7 letters and digits, never one of the easily misread 0 O 1 l I", () => {
		for (let i = 0; i < 1000; i++) expect(generateCode(cryptoBytes)).toMatch(/^[2-9A-HJ-NP-Za-km-z]{7}$/);
		expect(CODE_LENGTH).toBe(7);
		expect([...CODE_ALPHABET].filter((c) => "0O1lI".includes(c))).toEqual([]);
	});

	it("still has at least a trillion codes, so random ones rarely collide and cannot be enumerated", () => {
		expect(new Set(CODE_ALPHABET).size).toBe(CODE_ALPHABET.length);
		expect(CODE_ALPHABET).toMatch(/^[A-Za-z0-9]+$/);
		expect(CODE_ALPHABET.length ** CODE_LENGTH).toBeGreaterThanOrEqual(1e12);
	});

	it("maps a byte to the character at its position modulo 57", () => {
		expect(generateCode(scriptedBytes([0, 7, 8, 31, 32, 56, 57]).random)).toBe("29AZaz2");
		expect(generateCode(scriptedBytes([113, 114, 170, 171, 227, 1, 2]).random)).toBe("z2z2z34");
	});

	it("skips bytes of 228 and above, and asks only for as many bytes as characters are missing", () => {
		const { random, requests } = scriptedBytes([228, 0, 255, 1, 2, 3, 4, 250, 5, 6]);
		expect(generateCode(random)).toBe("2345678");
		expect(requests).toEqual([7, 2, 1]);
	});

	it("keeps asking while every byte is rejected", () => {
		const rejected = [228, 229, 240, 251, 252, 253, 255];
		const { random, requests } = scriptedBytes([...rejected, ...rejected, ...[0, 1, 2, 3, 4, 5, 6]]);
		expect(generateCode(random)).toBe("2345678");
		expect(requests).toEqual([7, 7, 7]);
	});

	it("gives every character exactly the same share of evenly spread bytes", () => {
		const random = cyclingBytes();
		// 228 codes take 1,596 accepted bytes: seven full rounds of 0-227, each covering the alphabet 4 times.
		const counts = countCharacters(Array.from({ length: 228 }, () => generateCode(random)));
		expect([...counts.keys()].sort().join("")).toBe([...CODE_ALPHABET].sort().join(""));
		expect(new Set(counts.values())).toEqual(new Set([28]));
	});

	it("spreads 63,000 real random characters evenly (chi-square, 56 degrees of freedom)", () => {
		const counts = countCharacters(Array.from({ length: 9000 }, () => generateCode(cryptoBytes)));
		const expected = (9000 * CODE_LENGTH) / CODE_ALPHABET.length;
		const chiSquare = [...CODE_ALPHABET].reduce((sum, c) => sum + ((counts.get(c) ?? 0) - expected) ** 2 / expected, 0);
		// A fair source exceeds 150 about once in a billion runs; plain `byte % 57` without rejection scores near 800.
		expect(chiSquare).toBeLessThan(150);
	});
});

describe("checkAlias", () => {
	it.each([
		["letters, digits, hyphen and underscore", "Spring-sale_2025"],
		["3 characters, the shortest", "abc"],
		["64 characters, the longest", "a".repeat(64)],
		["only punctuation that is allowed", "-_-"],
	])("accepts %s", (_kind, alias) => {
		expect(checkAlias(alias)).toEqual({ ok: true, value: alias });
	});

	it("trims surrounding whitespace", () => {
		expect(checkAlias("  promo\t\n")).toEqual({ ok: true, value: "promo" });
	});

	it("keeps the case: MyLink and mylink are different aliases", () => {
		expect(checkAlias("MyLink")).toEqual({ ok: true, value: "MyLink" });
		expect(checkAlias("mylink")).toEqual({ ok: true, value: "mylink" });
	});

	it.each([
		["", 0],
		["ab", 2],
		["  ab  ", 2],
	])("refuses %j as alias-invalid: too short, with its length and the minimum", (alias, length) => {
		expect(aliasRefusal(alias)).toEqual({
			code: "alias-invalid",
			problem: { problem: "too-short", length, minimum: 3 },
		});
	});

	it("refuses 65 characters as alias-invalid: too long, with its length and the maximum", () => {
		expect(aliasRefusal("a".repeat(65))).toEqual({
			code: "alias-invalid",
			problem: { problem: "too-long", length: 65, maximum: 64 },
		});
		expect(errorText(aliasError("a".repeat(65)))).toBe(
			"Aliases are 3 to 64 letters, digits, hyphens or underscores. Yours has 65 characters; the maximum is 64.",
		);
	});

	it("says one character in the singular", () => {
		expect(errorText(aliasError("a"))).toContain("Yours has 1 character; the minimum is 3.");
	});

	it.each([
		["a dot", "my.link", "."],
		["a slash, which would make a path", "my/link", "/"],
		["a question mark, which would start a query", "my?link", "?"],
		["a hash, which would start a fragment", "my#link", "#"],
		["a percent sign, which would start an escape", "100%off", "%"],
		["a plus", "a+b", "+"],
		["a tilde", "~home", "~"],
		["an accented letter", "café", "é"],
		["a Cyrillic look-alike of a Latin letter", "p\u0430ypal", "\u0430"],
		["an emoji, whole", "go🚀now", "🚀"],
		["a control character", "my\u0007link", "\u0007"],
	])("refuses %s as alias-invalid and names the character", (_kind, alias, character) => {
		expect(aliasRefusal(alias)).toEqual({
			code: "alias-invalid",
			problem: { problem: "character-not-allowed", character },
		});
	});

	it.each([
		["a visible character, quoted", "a.", "“.” is not allowed."],
		["a quotation mark or a backslash as itself", 'say"hi', '“"” is not allowed.'],
		["an emoji, whole", "go🚀now", "“🚀” is not allowed."],
		["an invisible one, by its number", "my\u0007link", "U+0007 is not allowed."],
	])("shows %s", (_kind, alias, sentence) => {
		expect(errorText(aliasError(alias))).toBe(
			`Aliases are 3 to 64 letters, digits, hyphens or underscores. ${sentence}`,
		);
	});

	it.each([
		["a space inside", "my link"],
		["a tab inside", "my\tlink"],
	])("refuses %s as alias-invalid: spaces are not allowed", (_kind, alias) => {
		expect(aliasRefusal(alias)).toEqual({ code: "alias-invalid", problem: { problem: "space" } });
		expect(errorText(aliasError(alias))).toContain("Spaces are not allowed.");
	});

	it("names a forbidden character before complaining about the length", () => {
		expect(aliasRefusal("a.").problem).toEqual({ problem: "character-not-allowed", character: "." });
	});

	it.each(["__proto__", "__name__", "____"])(
		"refuses %s as alias-reserved: the database keeps ids with __ at both ends",
		(alias) => {
			expect(aliasRefusal(alias)).toEqual({ code: "alias-reserved", problem: { problem: "database-reserved" } });
			expect(errorText(aliasError(alias))).toBe(
				"That alias is reserved. Please pick another. Names with __ at both ends are kept for the database.",
			);
		},
	);

	it.each(["admin", "ADMIN", "Admin", "aPi", "login", "Settings", "shorty", "SHORTY", "www", "undefined"])(
		"refuses the reserved word %s as alias-reserved, in any case",
		(alias) => {
			expect(aliasError(alias)).toEqual({ code: "alias-reserved" });
		},
	);

	it("refuses every reserved word as alias-reserved, so the list holds only otherwise valid aliases", () => {
		expect(RESERVED_ALIASES.size).toBeGreaterThan(20);
		for (const word of RESERVED_ALIASES) {
			expect(word).toBe(word.toLowerCase());
			expect(aliasError(word).code).toBe("alias-reserved");
		}
	});

	it.each(["admins", "my-admin", "api2", "shorty-news", "helpdesk"])(
		"accepts %s, which only contains a reserved word",
		(alias) => {
			expect(checkAlias(alias)).toEqual({ ok: true, value: alias });
		},
	);
});

describe("isCode", () => {
	it.each(["abc", "aB3dE9z", "my-alias_2", "a".repeat(64), "admin"])("accepts %j as a document id", (value) => {
		expect(isCode(value)).toBe(true);
	});

	it.each(["", "ab", "a".repeat(65), "a.b", "a/b", "a b", " abc", "café", "abc\n"])(
		"refuses %j as a document id",
		(value) => {
			expect(isCode(value)).toBe(false);
		},
	);

	it("accepts every generated code and every accepted alias", () => {
		for (let i = 0; i < 100; i++) expect(isCode(generateCode(cryptoBytes))).toBe(true);
		for (const alias of ["abc", "Spring-sale_2025", "z".repeat(64)]) {
			const result = checkAlias(alias);
			expect(result.ok && isCode(result.value)).toBe(true);
		}
	});
});
