/**
 * The short-link pages in the visitor's language: English, German, French or Spanish from the
 * extension's own _locales files, English for any other. The static page chooses by
 * navigator.languages, the function by Accept-Language. No chrome.i18n here: these are web pages.
 * The static page's build keeps only the `site*` messages of each file (redirect/vite.config.ts), so a
 * visitor downloads the few sentences these pages use, in four languages.
 */
import de from "../public/_locales/de/messages.json";
import en from "../public/_locales/en/messages.json";
import es from "../public/_locales/es/messages.json";
import fr from "../public/_locales/fr/messages.json";
import { type Catalogue, formatMessage, type MessageKey, positional, type Substitutions } from "../src/i18n/catalogue";

const CATALOGUES: Record<SiteLanguage, Catalogue> = { en, de, fr, es };
export type SiteLanguage = "en" | "de" | "fr" | "es";
export const SITE_LANGUAGES = Object.keys(CATALOGUES) as SiteLanguage[];

export type SiteKey = Extract<MessageKey, `site${string}`>;
export type SiteText = <K extends SiteKey>(key: K, ...values: Substitutions<K, string>) => string;

export function siteText(language: SiteLanguage): SiteText {
	return (key, ...values) => formatMessage(CATALOGUES[language], key, positional(values[0]));
}

/** The first of the visitor's languages (most wanted first) that the pages speak, by primary subtag. */
export function siteLanguage(wanted: readonly string[]): SiteLanguage {
	for (const tag of wanted) {
		const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
		const found = SITE_LANGUAGES.find((language) => language === primary);
		if (found) return found;
	}
	return "en";
}

/**
 * An Accept-Language header's languages, most wanted first (RFC 9110 §12.5.4): by q, then in the
 * header's order; q=0 means "not this one", and "*" names none in particular.
 */
export function acceptedLanguages(header: string | undefined): string[] {
	if (!header) return [];
	return header
		.split(",")
		.map((part, index) => {
			const [tag = "", ...parameters] = part.split(";").map((piece) => piece.trim());
			const q = parameters.find((parameter) => /^q=/i.test(parameter));
			const weight = q === undefined ? 1 : Number(q.slice(2));
			return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
		})
		.filter(({ tag, weight }) => tag !== "" && tag !== "*" && weight > 0)
		.sort((a, b) => b.weight - a.weight || a.index - b.index)
		.map(({ tag }) => tag);
}
