// @vitest-environment node
/**
 * Why an address or an alias was refused, as a German, French or English user reads it: the code's
 * message, then the reason in the same language, numbers written the way that language writes them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import german from "../../../public/_locales/de/messages.json";
import english from "../../../public/_locales/en/messages.json";
import french from "../../../public/_locales/fr/messages.json";
import { appError } from "../../../src/errors";
import { errorText } from "../../../src/i18n/errorText";
import { catalogueSource, installMessages } from "../../../src/i18n/translate";
import { checkAlias } from "../../../src/links/codes";
import type { Checked } from "../../../src/links/types";
import { checkUrl } from "../../../src/links/urls";

const INVALID_URL = "Das ist keine Webadresse, die Shorty kürzen kann.";
const RESTRICTED = "Browserseiten, Erweiterungs-Stores und lokale Dateien können nicht gekürzt werden.";
const TOO_LONG = "Diese Adresse hat mehr als 2.048 Zeichen und ist zu lang zum Kürzen.";
const ALIAS_INVALID = "Ein Alias hat 3 bis 64 Buchstaben, Ziffern, Binde- oder Unterstriche.";
const ALIAS_RESERVED = "Dieser Alias ist reserviert. Bitte wählen Sie einen anderen.";

/** What a user reads for the refusal of `checked`. */
function refusalText(checked: Checked<unknown>): string {
	if (checked.ok) throw new Error("expected a refusal");
	return errorText(checked.error);
}

const urlText = (input: string) => refusalText(checkUrl(input, "https://sho.rt/"));
const aliasText = (input: string) => refusalText(checkAlias(input));

const label = "a".repeat(63);

afterAll(() => installMessages(catalogueSource(english, "en-US")));

describe("for a German user", () => {
	beforeAll(() => installMessages(catalogueSource(german, "de-DE")));

	it.each([
		["an empty address", "", `${INVALID_URL} Die Adresse ist leer.`],
		["a control character", "https://exa\nmple.com/", `${INVALID_URL} Die Adresse enthält das Steuerzeichen U+000A.`],
		["a line separator", "https://example.com/a\u2028b", `${INVALID_URL} Die Adresse enthält einen Zeilenumbruch.`],
		[
			"an invisible character",
			"https://exa\u200bmple.com/",
			`${INVALID_URL} Die Adresse enthält das unsichtbare Zeichen U+200B.`,
		],
		["a bare domain", "example.com", `${INVALID_URL} Setzen Sie https:// oder http:// davor.`],
		["no host", "https:///x", `${INVALID_URL} Nach // fehlt der Hostname.`],
		["a space in the host", "https://exa mple.com/", `${INVALID_URL} Der Hostname enthält ein Leerzeichen.`],
		["an unreadable port", "https://example.com:99999/", `${INVALID_URL} Prüfen Sie die Adresse auf Tippfehler.`],
		["a script", "javascript:alert(1)", `${INVALID_URL} Links mit javascript: führen Code aus.`],
		[
			"a page in the link",
			"data:text/html,<h1>Hi</h1>",
			`${INVALID_URL} Links mit data: bringen ihren Inhalt selbst mit, eine beliebte Tarnung für Phishing-Seiten.`,
		],
		[
			"a blob",
			"blob:https://example.com/x",
			`${INVALID_URL} Links mit blob: gibt es nur in der Seite, die sie erzeugt hat.`,
		],
		["another scheme", "ftp://example.com/", `${INVALID_URL} Links mit ftp: sind keine Webseiten.`],
		[
			"a user name",
			"https://bank.example@evil.example/",
			`${INVALID_URL} Ein Benutzername oder Passwort in einer Adresse kann verschleiern, wohin sie führt.`,
		],
		[
			"a host too long",
			`https://${label}.${label}.${label}.${"b".repeat(62)}/`,
			`${INVALID_URL} Der Hostname ist länger als 253 Zeichen.`,
		],
		["a host no name can be", "https://a!b.com/", `${INVALID_URL} „a!b.com“ ist kein Hostname.`],
		[
			"the scheme written twice",
			"https://https://example.com/",
			`${INVALID_URL} „https“ ist ein Schema, kein Hostname: Steht die Adresse doppelt da?`,
		],
		[
			"a part of the host too long",
			`https://${label}a.com/`,
			`${INVALID_URL} Ein Teil des Hostnamens ist länger als 63 Zeichen.`,
		],
		["a local file", "file:///home/me/a.pdf", `${RESTRICTED} Adressen mit file: öffnen sich nur auf diesem Computer.`],
		["a browser page", "chrome://settings/", `${RESTRICTED} Seiten mit chrome: öffnen sich nur in diesem Browser.`],
		[
			"an extension store",
			"https://addons.mozilla.org/",
			`${RESTRICTED} Browser lassen Erweiterungen auf ihren Erweiterungs-Stores nicht zu.`,
		],
		[
			"an address too long, its length in German digits",
			`https://example.com/${"a".repeat(2029)}`,
			`${TOO_LONG} Normalisiert hat die Adresse 2.049 Zeichen; erlaubt sind höchstens 2.048.`,
		],
	])("a refused address says why: %s", (_kind, input, text) => {
		expect(urlText(input)).toBe(text);
	});

	it.each([
		["a character", "my.link", `${ALIAS_INVALID} „.“ ist nicht erlaubt.`],
		["an invisible character", "my\u0007link", `${ALIAS_INVALID} U+0007 ist nicht erlaubt.`],
		["a space", "my link", `${ALIAS_INVALID} Leerzeichen sind nicht erlaubt.`],
		["too short", "ab", `${ALIAS_INVALID} Ihrer hat 2 Zeichen; nötig sind mindestens 3.`],
		["too long", "a".repeat(65), `${ALIAS_INVALID} Ihrer hat 65 Zeichen; erlaubt sind höchstens 64.`],
		[
			"the database's own",
			"__proto__",
			`${ALIAS_RESERVED} Namen mit __ an beiden Enden sind der Datenbank vorbehalten.`,
		],
		["a reserved word, which needs no reason", "Admin", ALIAS_RESERVED],
	])("a refused alias says why: %s", (_kind, input, text) => {
		expect(aliasText(input)).toBe(text);
	});

	it("shows a detail it cannot read (an older worker's English, a server's words) as it came", () => {
		expect(errorText(appError("invalid-url", "it needs http:// or https:// in front"))).toBe(
			`${INVALID_URL} (it needs http:// or https:// in front)`,
		);
		expect(errorText(appError("alias-invalid", '{"problem":"needs-scheme"}'))).toBe(
			`${ALIAS_INVALID} ({"problem":"needs-scheme"})`,
		);
	});
});

describe("for a French user", () => {
	beforeAll(() => installMessages(catalogueSource(french, "fr-FR")));

	const TROP_LONGUE = "Cette adresse dépasse 2\u202f048 caractères\u00a0: elle est trop longue pour être raccourcie.";
	const ALIAS_INVALIDE = "Un alias compte de 3 à 64 lettres, chiffres, traits d'union ou tirets bas.";

	it("writes the length of an address too long in French digits", () => {
		const [length, limit] = [2049, 2048].map((n) => new Intl.NumberFormat("fr-FR").format(n));
		expect(urlText(`https://example.com/${"a".repeat(2029)}`)).toBe(
			`${TROP_LONGUE} Une fois normalisée, elle compte ${length} caractères\u00a0; la limite est de ${limit}.`,
		);
	});

	it.each([
		["", "0 caractère"],
		["a", "1 caractère"],
		["ab", "2 caractères"],
	])("counts the characters of the alias %j in French plural: %s", (alias, count) => {
		expect(aliasText(alias)).toBe(`${ALIAS_INVALIDE} Le vôtre compte ${count}\u00a0; il en faut au moins 3.`);
	});
});
