// @vitest-environment node

import { RE2JS } from "re2js";
import { afterAll, describe, expect, it } from "vitest";
import type { AppError } from "../../../src/errors";
import { checkAlias, isCode } from "../../../src/links/codes";
import { MAX_HOST_LENGTH, MAX_URL_LENGTH } from "../../../src/links/schema";
import { checkUrl } from "../../../src/links/urls";
import { argumentOf, functionBody, stringExpression } from "../links/firestoreRules";
import { ALIAS_CORPUS } from "./aliases";
import type { CorpusRow, Expected } from "./rows";
import { SHORT_LINK_BASE, URL_CORPUS } from "./urls";

type Outcome<T> = { ok: true; value: T } | { ok: false; error: AppError };

/** "ok" or the error code, and a throw reported as the test failure it is. */
function outcomeOf<T>(check: () => Outcome<T>, input: string): { expected: Expected; result: Outcome<T> } {
	let result: Outcome<T>;
	try {
		result = check();
	} catch (error) {
		throw new Error(`${JSON.stringify(input.slice(0, 80))} threw ${String(error)}`);
	}
	return { expected: result.ok ? "ok" : result.error.code, result };
}

/** A readable label for a row: long or invisible inputs are shown escaped and cut. */
function label([input, expected, why]: CorpusRow): string {
	const shown = JSON.stringify(input);
	const short = shown.length > 60 ? `${shown.slice(0, 57)}..." (${input.length} chars)` : shown;
	return `${short} -> ${expected}: ${why}`;
}

const namedRows = (corpus: readonly CorpusRow[]) => corpus.map((row) => [label(row), row] as const);

function expectLargeAndDistinct(corpus: readonly CorpusRow[]): void {
	expect(corpus.length).toBeGreaterThanOrEqual(200);
	const repeated = corpus.filter(([input], i) => corpus.findIndex(([other]) => other === input) !== i);
	expect(repeated.map(label)).toEqual([]);
}

function tally(counts: Map<string, number>, outcome: string): void {
	counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
}

function printCounts(name: string, counts: Map<string, number>): void {
	const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
	const rows = [...counts].sort(([a], [b]) => (a === "ok" ? -1 : b === "ok" ? 1 : a.localeCompare(b)));
	console.log(
		`${name}: ${total} inputs; ${rows.map(([outcome, n]) => `${outcome === "ok" ? "accepted" : outcome} ${n}`).join(", ")}`,
	);
}

/**
 * firestore.rules' patterns for the url and host fields, read from the rules and run in RE2 as production
 * runs them: what every accepted address must also pass, or the write would be refused after the check
 * said yes.
 */
const RULES_URL = RE2JS.compile(stringExpression(argumentOf(functionBody("validUrl"), "url.matches", "validUrl")));
const RULES_HOST = RE2JS.compile(
	stringExpression(argumentOf(functionBody("validLinkFields"), "data.host.matches", "validLinkFields")),
);

describe("the URL corpus through checkUrl", () => {
	const counts = new Map<string, number>();
	afterAll(() => printCounts("URL corpus", counts));

	it("holds at least 200 addresses, none twice", () => expectLargeAndDistinct(URL_CORPUS));

	it.each(namedRows(URL_CORPUS))("%s", (_, [input, expected]) => {
		const { expected: actual, result } = outcomeOf(() => checkUrl(input, SHORT_LINK_BASE), input);
		tally(counts, actual);
		expect(actual).toBe(expected);
		if (result.ok) {
			const { url, host } = result.value;
			expect(RULES_URL.matches(url)).toBe(true);
			expect(RULES_HOST.matches(host)).toBe(true);
			expect(url.length).toBeLessThanOrEqual(MAX_URL_LENGTH);
			expect(host.length).toBeLessThanOrEqual(MAX_HOST_LENGTH);
			expect(new URL(url).href).toBe(url);
			expect(new URL(url).host).toBe(host);
			expect(new URL(url).username + new URL(url).password).toBe("");
		} else {
			expect(result.error.code).toMatch(/^(invalid-url|url-too-long|restricted-page|already-short)$/);
		}
	});

	it("stores look-alike hosts in punycode, so the disguise does not survive into what Shorty shows", () => {
		const stored = (input: string) => {
			const result = checkUrl(input, SHORT_LINK_BASE);
			if (!result.ok) throw new Error(JSON.stringify(result.error));
			return result.value.host;
		};
		expect(stored("https://pаypal.com/")).toBe("xn--pypal-4ve.com");
		expect(stored("https://аррӏе.com/")).toBe("xn--80ak6aa92e.com");
		expect(stored("https://ⓖⓞⓞⓖⓛⓔ.com/")).toBe("google.com");
		expect(stored("https://ｇｏｏｇｌｅ.com/")).toBe("google.com");
	});
});

describe("the alias corpus through checkAlias", () => {
	const counts = new Map<string, number>();
	afterAll(() => printCounts("alias corpus", counts));

	it("holds at least 200 aliases, none twice", () => expectLargeAndDistinct(ALIAS_CORPUS));

	it.each(namedRows(ALIAS_CORPUS))("%s", (_, [input, expected]) => {
		const { expected: actual, result } = outcomeOf(() => checkAlias(input), input);
		tally(counts, actual);
		expect(actual).toBe(expected);
		// An accepted alias is a code the store and the rules accept as a document id.
		if (result.ok) expect(isCode(result.value)).toBe(true);
	});
});
