/**
 * The function's pages speak the visitor's language: the first of Accept-Language's languages, by
 * weight, that the pages have (English, German, French, Spanish), English for any other or none.
 */
import { describe, expect, it } from "vitest";
import { type AnswerDeps, answerShortLink } from "../../../functions/src/answer";
import { acceptedLanguages, siteLanguage } from "../../../redirect/siteText";

const languageFor = (header: string | undefined) => siteLanguage(acceptedLanguages(header));

/** A database without the link: the answer is the not-found page, whose words show the language. */
const noLink: AnswerDeps = {
	readLink: async () => null,
	countVisit: async () => undefined,
	readTimeoutMs: 1_000,
	countWaitMs: 1_000,
	siteHosts: [],
	logError: () => undefined,
};
const notFoundFor = (headers: Record<string, string>) =>
	answerShortLink({ method: "GET", path: "/abc1234", search: "", headers }, noLink);

describe("the visitor's language", () => {
	it.each([
		["de-DE,de;q=0.9,en;q=0.8", "de"],
		["fr-CA", "fr"],
		["es-419,es;q=0.9", "es"],
		["en-GB,en;q=0.9", "en"],
		// Weights decide, not the order written.
		["en;q=0.5, fr;q=0.9", "fr"],
		// A language the pages do not have is skipped for the next one wanted.
		["it-IT,it;q=0.9,de;q=0.7", "de"],
		["ja,zh-CN;q=0.8", "en"],
		// q=0 means "not this one"; "*" names nobody.
		["de;q=0, *", "en"],
		["", "en"],
		[undefined, "en"],
		// Garbage is no language, never an error.
		[";;,q=x, de;q=abc", "en"],
	])("%s reads as %s", (header, language) => {
		expect(languageFor(header)).toBe(language);
	});

	it("answers a German browser in German, with its <html lang> and Content-Language", async () => {
		const answer = await notFoundFor({ "accept-language": "de-DE,de;q=0.9,en;q=0.8" });
		expect(answer.status).toBe(404);
		expect(answer.body).toContain('<html lang="de">');
		expect(answer.body).toContain("<h1>Diesen Kurzlink gibt es nicht</h1>");
		expect(answer.headers["Content-Language"]).toBe("de");
		expect(answer.headers.Vary).toBe("Accept-Language");
	});

	it("answers in English when the browser asks for a language the pages do not have", async () => {
		const answer = await notFoundFor({ "accept-language": "pt-BR" });
		expect(answer.body).toContain('<html lang="en">');
		expect(answer.body).toContain("<h1>This short link does not exist</h1>");
	});

	it("writes French and Spanish too, in their own words", async () => {
		expect((await notFoundFor({ "accept-language": "fr" })).body).toContain("<h1>Ce lien court n&#39;existe pas</h1>");
		expect((await notFoundFor({ "accept-language": "es" })).body).toContain("<h1>Este enlace corto no existe</h1>");
	});
});
