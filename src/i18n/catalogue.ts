/**
 * Shorty's strings are Chrome's `_locales/<lang>/messages.json` (public/_locales/, copied to the
 * extension's root by the build). The English file is the reference: its keys and placeholders are the
 * types below, so a key missing from it fails typecheck. tests/unit/i18n/locales.test.ts holds the other
 * languages to exactly the same keys and placeholders.
 *
 * This module is plain data and functions, no browser API: the extension's pages and worker look
 * messages up through chrome.i18n (src/i18n/translate.ts), the public short-link pages through
 * `formatMessage` over the files they import at build time.
 */
import type english from "../../public/_locales/en/messages.json";

export type EnglishCatalogue = typeof english;
export type MessageKey = keyof EnglishCatalogue;

/** One language's messages.json, as Chrome reads it. */
export type Catalogue = Record<string, { message: string; placeholders?: Record<string, { content: string }> }>;

/** The placeholder names of a message, e.g. "url" for "Copied. Leads to $url$". */
export type PlaceholderName<K extends MessageKey> = EnglishCatalogue[K] extends { placeholders: infer P }
	? keyof P & string
	: never;

/** What a message needs filled in, by placeholder name: nothing for a message without placeholders. */
export type Substitutions<K extends MessageKey, V = string | number> = [PlaceholderName<K>] extends [never]
	? []
	: [Record<PlaceholderName<K>, V>];

/**
 * chrome.i18n takes substitutions by position ($1, $2...). Every placeholder's content is its position
 * in the alphabetical order of the names (checked by the locales test), so a name maps to a position
 * without the catalogue at hand.
 */
export function positional(values: Record<string, string> | undefined): string[] {
	if (!values) return [];
	return Object.keys(values)
		.sort()
		.map((name) => values[name] ?? "");
}

/** A message of `catalogue` with its substitutions, as chrome.i18n.getMessage does it; "" for an unknown key. */
export function formatMessage(catalogue: Catalogue, key: string, substitutions: readonly string[] = []): string {
	const entry = catalogue[key];
	if (!entry) return "";
	const fill = (text: string) => text.replace(/\$(\d)/g, (_, digit: string) => substitutions[Number(digit) - 1] ?? "");
	return entry.message.replace(/\$([a-z0-9_@]+)\$/gi, (whole, name: string) => {
		const placeholder = entry.placeholders?.[name.toLowerCase()];
		return placeholder ? fill(placeholder.content) : whole;
	});
}

/** The category of `count` that Shorty's messages have a key for: `_one` or `_other`. */
export function pluralCategory(count: number, locale: string): "one" | "other" {
	return new Intl.PluralRules(locale).select(count) === "one" ? "one" : "other";
}

/** The keys that come in `_one` and `_other` forms, by their shared stem. */
export type PluralStem = { [K in MessageKey]: K extends `${infer Stem}_other` ? Stem : never }[MessageKey];
