/**
 * The four languages of public/_locales say the same things: the same keys, each with the same
 * placeholders (content $1, $2... in the alphabetical order of their names, which src/i18n/catalogue.ts
 * relies on), and no empty message. Chrome itself only falls back to English for a missing key.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { type Catalogue, formatMessage } from "../../../src/i18n/catalogue";

const LOCALES = resolve(import.meta.dirname, "../../../public/_locales");
const read = (language: string): Catalogue =>
	JSON.parse(readFileSync(join(LOCALES, language, "messages.json"), "utf8"));
const languages = readdirSync(LOCALES).sort();
const english = read("en");

const placeholdersIn = (text: string) =>
	[...new Set([...text.matchAll(/\$([a-z0-9_]+)\$/gi)].map(([, name]) => name))].sort();

describe("the locales", () => {
	it("are English, German, French and Spanish", () => {
		expect(languages).toEqual(["de", "en", "es", "fr"]);
	});

	it.each(languages)("%s has exactly the English keys, each message non-empty", (language) => {
		const catalogue = read(language);
		expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort());
		const empty = Object.entries(catalogue).filter(([, entry]) => entry.message.trim() === "");
		expect(empty).toEqual([]);
		expect(catalogue.language?.message).toBe(language);
	});

	it.each(languages)("%s uses the same placeholders as English, numbered in alphabetical order", (language) => {
		const catalogue = read(language);
		for (const [key, entry] of Object.entries(catalogue)) {
			const names = placeholdersIn(english[key]?.message ?? "");
			expect({ key, names: placeholdersIn(entry.message) }).toEqual({ key, names });
			const declared = Object.entries(entry.placeholders ?? {}).sort(([a], [b]) => a.localeCompare(b));
			expect({ key, declared: declared.map(([name, { content }]) => [name, content]) }).toEqual({
				key,
				declared: names.map((name, index) => [name, `$${index + 1}`]),
			});
		}
	});

	it("fills placeholders as chrome.i18n does, by position", () => {
		expect(formatMessage(english, "rangeOf", ["1", "25", "312"])).toBe("1–25 of 312");
		expect(formatMessage(read("de"), "notifyCopied", ["https://example.com/"])).toBe(
			"Kopiert. Führt zu https://example.com/",
		);
		expect(formatMessage(english, "no-such-key")).toBe("");
	});

	it("has the messages the manifest names", () => {
		const manifest = readFileSync(resolve(LOCALES, "../../manifest.json"), "utf8");
		const named = [...manifest.matchAll(/__MSG_(\w+)__/g)].map(([, key]) => key);
		expect(named.length).toBeGreaterThanOrEqual(4);
		for (const key of named) expect(english[key ?? ""]?.message).toBeTruthy();
	});
});
