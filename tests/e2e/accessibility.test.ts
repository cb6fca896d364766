/**
 * axe-core on every page a user sees, in each state that changes what is on screen: the popup signed out
 * (anonymous: the link, the QR code, the sign-up form), with its alias form offering free aliases, on a
 * private address, signed in, and after signing out; the options page with nobody signed in and with an
 * account. Any violation fails, not only serious and critical ones.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
	accessibilityViolations,
	type Extension,
	launchExtension,
	MIN_TEXT_PX,
	popupAccessibilityViolations,
	pressPopupButton,
	textSmallerThan,
} from "./extension";
import { saveAlias, shownShortLink } from "./shortLink";
import { serveTestSite, type TestSite } from "./testSite";

let extension: Extension;
let site: TestSite;
let tab: Page;

beforeAll(async () => {
	site = await serveTestSite((path) => `<!doctype html><title>Accessibility ${path}</title><p>A page to shorten</p>`);
	extension = await launchExtension();
	tab = extension.context.pages()[0] ?? (await extension.context.newPage());
});

afterAll(async () => {
	await extension?.close();
	site?.close();
});

async function openPopupOn(path: string) {
	await tab.goto(`${site.origin}${path}`);
	await tab.bringToFront();
	const popup = await extension.clickAction(tab);
	await shownShortLink(popup);
	return popup;
}

async function optionsPageViolations(): Promise<Record<string, string[]>> {
	const options = await extension.openPage("options/index.html");
	await options.getByRole("heading", { name: "Your links" }).waitFor();
	// The page as it settles, not mid-reload: a dimmed table (a page still loading) would fail on contrast.
	await options.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
	const found: Record<string, string[]> = {};
	for (const colorScheme of ["light", "dark"] as const) {
		await options.emulateMedia({ colorScheme });
		found[colorScheme] = await accessibilityViolations(options);
	}
	await options.close();
	return found;
}

describe("accessibility (axe-core)", () => {
	it("the options page with nobody signed in", async () => {
		expect(await optionsPageViolations()).toEqual({ light: [], dark: [] });
	});

	it("the popup signed out: the link with its account entry, the QR code, the sign-up form", async () => {
		const popup = await openPopupOn("/signed-out");
		expect(await popupAccessibilityViolations(popup), "with the link").toEqual([]);
		await pressPopupButton(popup, "QR code");
		await popup.waitFor(() => document.querySelector('[aria-label^="QR code for"]') !== null);
		expect(await popupAccessibilityViolations(popup), "with the QR code").toEqual([]);
		await pressPopupButton(popup, "Create an account");
		await popup.waitFor(() => document.querySelector("form") !== null);
		expect(await popupAccessibilityViolations(popup), "the sign-up form").toEqual([]);
		await popup.close();
	});

	it(`draws no text below ${MIN_TEXT_PX} px in the popup (link, recent links, sign-up form) or the options page`, async () => {
		// Chrome gives extension pages `body { font-size: 75% }`: text sized relative to the body shrinks.
		const popup = await openPopupOn("/text-size");
		expect(await popup.evaluate(textSmallerThan, MIN_TEXT_PX), "the link").toEqual([]);
		await pressPopupButton(popup, "Recent links");
		await popup.waitFor(() => document.querySelector(".recent-link") !== null);
		expect(await popup.evaluate(textSmallerThan, MIN_TEXT_PX), "recent links").toEqual([]);
		await pressPopupButton(popup, "Create an account");
		await popup.waitFor(() => document.querySelector("form") !== null);
		expect(await popup.evaluate(textSmallerThan, MIN_TEXT_PX), "the sign-up form").toEqual([]);
		await popup.close();
		const options = await extension.openPage("options/index.html");
		await options.locator("tbody tr").first().waitFor();
		expect(await options.evaluate(textSmallerThan, MIN_TEXT_PX), "the options page").toEqual([]);
		await options.close();
	});

	it("the popup's alias form, offering free aliases, and its private-address question", async () => {
		const taken = `a11y-${Date.now().toString(36)}`;
		const first = await openPopupOn("/alias-taken");
		const held = await first.evaluate((message) => chrome.runtime.sendMessage(message), {
			type: "shorten",
			url: `${site.origin}/alias-taken`,
			alias: taken,
		});
		expect(held.ok).toBe(true);
		await first.close();
		const popup = await openPopupOn("/alias-form");
		await saveAlias(popup, taken);
		await popup.waitFor(() => document.querySelector(".alias-form__suggestion") !== null);
		expect(await popupAccessibilityViolations(popup), "the alias form").toEqual([]);
		expect(await popup.evaluate(textSmallerThan, MIN_TEXT_PX), "the alias form's text").toEqual([]);
		await popup.close();

		await tab.goto(`${site.loopbackOrigin}/private`);
		const question = await extension.clickAction(tab);
		await question.waitFor(() => document.querySelector(".shorten-prompt h2") !== null);
		expect(await popupAccessibilityViolations(question), "the private-address question").toEqual([]);
		expect(await question.evaluate(textSmallerThan, MIN_TEXT_PX), "the question's text").toEqual([]);
		await question.close();
	});

	it("the popup and the options page signed in, and the popup after signing out", async () => {
		const popup = await openPopupOn("/signed-in");
		const email = `a11y-${Date.now()}@shorty.test`;
		await popup.evaluate((account) => chrome.runtime.sendMessage({ type: "signUp", ...account }), {
			email,
			password: "accessible",
		});
		await popup.waitFor((address) => document.querySelector(".account-line")?.textContent?.includes(address), email);
		expect(await popupAccessibilityViolations(popup)).toEqual([]);
		await popup.close();
		expect(await optionsPageViolations()).toEqual({ light: [], dark: [] });

		const signingOut = await openPopupOn("/signing-out");
		await pressPopupButton(signingOut, "Sign out");
		await signingOut.close();
		const choice = await extension.clickAction(tab);
		await choice.waitFor(() => document.querySelector(".signed-out-choice") !== null);
		expect(await popupAccessibilityViolations(choice), "signed out: the choice").toEqual([]);
		expect(await choice.evaluate(textSmallerThan, MIN_TEXT_PX), "signed out: its text").toEqual([]);
		await choice.close();
	});
});
