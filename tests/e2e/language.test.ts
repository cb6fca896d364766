/**
 * A German browser gets Shorty in German: the popup, the options page with German dates and numbers,
 * the toolbar button's title and the manifest's name, all from _locales through chrome.i18n.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import german from "../../public/_locales/de/messages.json";
import { type Extension, launchExtension } from "./extension";
import { shownShortLink } from "./shortLink";
import { serveTestSite, type TestSite } from "./testSite";

let extension: Extension;
let site: TestSite;
let tab: Page;

beforeAll(async () => {
	site = await serveTestSite((path) => `<!doctype html><title>Seite ${path}</title><h1>Eine Seite</h1>`);
	extension = await launchExtension(undefined, { language: "de" });
	tab = extension.context.pages()[0] ?? (await extension.context.newPage());
});

afterAll(async () => {
	await extension?.close();
	site?.close();
});

describe("in a German browser", () => {
	it("names the extension and its toolbar button in German", async () => {
		const [name, title] = await extension.worker.evaluate(async () => [
			chrome.runtime.getManifest().name,
			await chrome.action.getTitle({}),
		]);
		expect(name).toBe("Shorty");
		expect(title).toBe(german.shortenThisPage.message);
	});

	it("shows the popup in German", async () => {
		await tab.goto(`${site.origin}/artikel`);
		const popup = await extension.clickAction(tab);
		await shownShortLink(popup);
		const shown = await popup.evaluate(() => ({
			lang: document.documentElement.lang,
			label: document.querySelector(".short-link .copy-field__label")?.textContent,
			buttons: [...document.querySelectorAll("button")].map((button) => button.textContent),
		}));
		expect(shown.lang).toBe("de");
		expect(shown.label).toBe(german.shortLinkForPage.message);
		expect(shown.buttons).toEqual(
			expect.arrayContaining([german.copy.message, german.customAlias.message, german.options.message]),
		);
		await popup.close();
	});

	it("shows the options page in German, with German dates and numbers", async () => {
		const options = await extension.openPage("options/index.html");
		await options.getByRole("heading", { name: german.yourLinks.message }).waitFor();
		await options.locator("tbody tr").first().waitFor();
		expect(await options.title()).toBe(german.optionsTitle.message);
		expect(await options.getByRole("columnheader", { name: german.columnCreated.message }).count()).toBe(1);
		expect(await options.getByRole("heading", { name: german.settings.message }).count()).toBe(1);
		// Made a moment ago: "jetzt" or "vor 1 Minute", never "now" or "1 minute ago".
		const created = await options.locator("tbody time").first().textContent();
		expect(created).toMatch(/^(jetzt|vor \d+ (Sekunden?|Minuten?))$/);
		const exact = await options.locator("tbody time").first().getAttribute("title");
		expect(exact).toMatch(/\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
		await options.close();
	});
});
