/**
 * The one lookup of user-visible text for the extension's pages and worker. They install the browser's
 * i18n once at start (src/ui/mountPage.tsx, background/index.ts), each through its own entry to browser
 * APIs; unit tests install the English catalogue. This module itself touches no
 * browser API, so anything may import it.
 */
import {
	type Catalogue,
	formatMessage,
	type MessageKey,
	type PlaceholderName,
	type PluralStem,
	pluralCategory,
	positional,
	type Substitutions,
} from "./catalogue";

export interface MessageSource {
	getMessage(key: string, substitutions?: string[]): string;
	/** The browser's UI language, e.g. "de" or "en-GB". */
	getUILanguage(): string;
}

let source: MessageSource | null = null;

export function installMessages(messages: MessageSource): void {
	source = messages;
	cachedLocale = null;
}

/** A source over one catalogue: the public pages' way, and the unit tests'. */
export function catalogueSource(catalogue: Catalogue, uiLanguage: string): MessageSource {
	return {
		getMessage: (key, substitutions) => formatMessage(catalogue, key, substitutions),
		getUILanguage: () => uiLanguage,
	};
}

function installed(): MessageSource {
	if (!source) throw new Error("No messages installed: the page or worker calls installMessages() first");
	return source;
}

let cachedLocale: string | null = null;

/**
 * The locale for dates and numbers: the language the messages are in, so an English page never shows
 * German dates. With the browser's region when the browser speaks that language (en-GB, de-AT).
 * chrome.i18n falls back to English for a language Shorty has no file for: so does this.
 */
export function uiLocale(): string {
	if (cachedLocale) return cachedLocale;
	const messages = installed();
	const language = messages.getMessage("language") || "en";
	const browserLanguage = messages.getUILanguage();
	const sameLanguage = browserLanguage.toLowerCase().split(/[-_]/)[0] === language;
	cachedLocale = sameLanguage ? browserLanguage.replace("_", "-") : language;
	return cachedLocale;
}

export function formatNumber(value: number): string {
	return new Intl.NumberFormat(uiLocale()).format(value);
}

/** A number of seconds in words of the UI's language: "10 seconds", "10 Sekunden", "1 seconde". */
export function formatSeconds(seconds: number): string {
	return new Intl.NumberFormat(uiLocale(), { style: "unit", unit: "second", unitDisplay: "long" }).format(seconds);
}

function text(value: string | number): string {
	return typeof value === "number" ? formatNumber(value) : value;
}

function lookup(key: string, values: Record<string, string | number> | undefined): string {
	const strings = values && Object.fromEntries(Object.entries(values).map(([name, value]) => [name, text(value)]));
	return installed().getMessage(key, positional(strings));
}

/** The message `key` in the UI's language; numbers among the substitutions are written in it too. */
export function t<K extends MessageKey>(key: K, ...values: Substitutions<K>): string {
	return lookup(key, values[0]);
}

/**
 * t() for a key known only as one of a union (an error code's message), which t() cannot pair with its
 * placeholders: the caller's own table types the values key by key (src/i18n/errorText.ts).
 */
export function tOneOf(key: MessageKey, values: Record<string, string | number> | undefined): string {
	return lookup(key, values);
}

/** `${stem}_one` or `${stem}_other`: the form the UI language's plural rules give `count`. */
export function pluralKey<S extends PluralStem>(stem: S, count: number): `${S}_one` | `${S}_other` {
	return `${stem}_${pluralCategory(count, uiLocale())}`;
}

/** The message `${stem}_one` or `${stem}_other`, whichever `count` takes in the UI language. */
export function tPlural<S extends PluralStem>(
	stem: S,
	count: number,
	values: Record<PlaceholderName<`${S}_other` & MessageKey>, string | number>,
): string {
	return lookup(pluralKey(stem, count), values);
}
