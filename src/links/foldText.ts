/**
 * Text as Shorty compares it when a person, not a program, typed it: tag names and searches. Pure, so
 * the search index folds each link once and the checks of tags fold alike.
 */

const COMBINING_MARKS = /\p{M}/gu;

/**
 * Case folded: lower, then upper, then lower case again, which catches what one lower-casing misses:
 * "ß" and "ẞ" become "ss" (their upper case is "SS"), Turkish dotless "ı" becomes "i" (its upper case is
 * "I"), and Greek final "ς" becomes "σ" ("ς".toUpperCase() is "Σ"; the last pass leaves a word-final
 * "Σ" as "ς", so it is mapped once more).
 */
export function foldCase(text: string): string {
	return text.toLowerCase().toUpperCase().toLowerCase().replaceAll("ς", "σ");
}

/**
 * Case and accents folded away for search: compatibility forms spelled plainly (NFKD: full-width
 * "Ｒｅａｃｔ" is "React", the ligature "ﬁ" is "fi"), then every combining mark dropped ("é" is "e",
 * Turkish "İ" is "i"). NFKD can spell out capitals ("Ⓐ" is "A"), so the case is folded after it too.
 */
export function foldForSearch(text: string): string {
	return foldCase(foldCase(text).normalize("NFKD").replace(COMBINING_MARKS, ""));
}
