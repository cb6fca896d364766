// @vitest-environment node
/**
 * The limits an error message names are the limits the code enforces: each message takes its figure from
 * the constant, written the way the reader's language writes numbers, and no message is ever shown with a
 * placeholder left unfilled.
 */
import { afterAll, describe, expect, it } from "vitest";
import german from "../../../public/_locales/de/messages.json";
import english from "../../../public/_locales/en/messages.json";
import spanish from "../../../public/_locales/es/messages.json";
import french from "../../../public/_locales/fr/messages.json";
import { appError, ERROR_CODES, MIN_PASSWORD_LENGTH } from "../../../src/errors";
import type { Catalogue } from "../../../src/i18n/catalogue";
import { errorText } from "../../../src/i18n/errorText";
import { catalogueSource, formatNumber, installMessages, t } from "../../../src/i18n/translate";
import {
	CREATION_WINDOW_HOURS,
	MAX_CODE_LENGTH,
	MAX_TAG_LENGTH,
	MAX_TAGS_PER_LINK,
	MAX_URL_LENGTH,
	MIN_CODE_LENGTH,
} from "../../../src/links/schema";
import { REQUEST_TIMEOUT_MS } from "../../../src/messages";

const LANGUAGES: [string, Catalogue][] = [
	["en-US", english],
	["de-DE", german],
	["fr-FR", french],
	["es-ES", spanish],
];

const speak = (locale: string, catalogue: Catalogue) => installMessages(catalogueSource(catalogue, locale));

afterAll(() => speak("en-US", english));

describe("the figures in error messages", () => {
	it("are the limits the checks enforce, in English", () => {
		speak("en-US", english);
		expect(errorText(appError("url-too-long"))).toBe(
			`That address is longer than ${formatNumber(MAX_URL_LENGTH)} characters, too long to shorten.`,
		);
		expect(errorText(appError("alias-invalid"))).toBe(
			`Aliases are ${MIN_CODE_LENGTH} to ${MAX_CODE_LENGTH} letters, digits, hyphens or underscores.`,
		);
		expect(t("aliasHint", { minimum: MIN_CODE_LENGTH, maximum: MAX_CODE_LENGTH })).toBe(
			`${MIN_CODE_LENGTH} to ${MAX_CODE_LENGTH} letters, digits, hyphens or underscores.`,
		);
		expect(errorText(appError("tag-too-long"))).toBe(`Tags are at most ${MAX_TAG_LENGTH} characters.`);
		expect(errorText(appError("too-many-tags"))).toBe(`A link can have at most ${MAX_TAGS_PER_LINK} tags.`);
		expect(errorText(appError("auth/weak-password"))).toBe(
			`Passwords need at least ${MIN_PASSWORD_LENGTH} characters.`,
		);
		expect(errorText(appError("timeout"))).toBe(
			`Shorty got no answer within ${REQUEST_TIMEOUT_MS / 1000} seconds. Check your connection, then retry.`,
		);
	});

	it("are written in German digits and words for a German reader", () => {
		speak("de-DE", german);
		expect(formatNumber(MAX_URL_LENGTH)).toBe("2.048");
		expect(errorText(appError("url-too-long"))).toBe(
			"Diese Adresse hat mehr als 2.048 Zeichen und ist zu lang zum Kürzen.",
		);
		expect(errorText(appError("timeout"))).toMatch(/^Shorty hat innerhalb von 10 Sekunden keine Antwort erhalten\./);
	});

	it("are written with French spacing for a French reader", () => {
		speak("fr-FR", french);
		expect(errorText(appError("url-too-long"))).toBe(
			"Cette adresse dépasse 2\u202f048 caractères\u00a0: elle est trop longue pour être raccourcie.",
		);
	});

	it("word the rate limit's window as an hour, which holds only while the window is one hour", () => {
		// "in an hour", "in einer Stunde", "pro Stunde": a figure would read "in 1 hour". A window of another
		// length needs error_rate_limited and rateLimitedAccount rewritten with a placeholder, in all four files.
		expect(CREATION_WINDOW_HOURS).toBe(1);
		speak("en-US", english);
		expect(errorText(appError("rate-limited"))).toBe("You have made as many new links as Shorty allows in an hour.");
	});

	it.each(LANGUAGES)("never leave a placeholder unfilled (%s)", (locale, catalogue) => {
		// chrome.i18n shows a placeholder it got no value for as nothing ("longer than  characters"), and one
		// the message does not declare as its raw name: this source notes the first, the text shows the second.
		const unfilled: string[] = [];
		const source = catalogueSource(catalogue, locale);
		installMessages({
			...source,
			getMessage: (key, substitutions = []) => {
				const declared = Object.keys(catalogue[key]?.placeholders ?? {}).length;
				if (substitutions.length < declared) unfilled.push(key);
				return source.getMessage(key, substitutions);
			},
		});
		const texts = ERROR_CODES.map((code) => errorText(appError(code)));
		expect(unfilled).toEqual([]);
		expect(texts.filter((text) => /\$\w+\$/.test(text))).toEqual([]);
	});
});
