/** The shape of a bad-input corpus: rows of input, the outcome a check must give, and why. */
import type { ErrorCode } from "../../../src/errors";

/** "ok" when the check accepts the input, else the exact error code it must refuse it with. */
export type Expected = "ok" | ErrorCode;

export type CorpusRow = readonly [input: string, expected: Expected, why: string];

/** Characters by code point, so the corpus file shows which invisible character a row holds. */
export const char = (codePoint: number): string => String.fromCodePoint(codePoint);

/** "U+00A0" for a row's explanation. */
export const codePointName = (codePoint: number): string =>
	`U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}`;

/** Every spelling of `word` with its letters' case flipped in a pattern: lower, UPPER, Title, aLtErNaTe. */
export function caseVariants(word: string): string[] {
	const alternate = [...word].map((letter, i) => (i % 2 ? letter.toUpperCase() : letter.toLowerCase())).join("");
	const title = word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
	return [...new Set([word.toLowerCase(), word.toUpperCase(), title, alternate])];
}
