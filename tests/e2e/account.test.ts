import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Session } from "../../src/messages";
import {
	type ActionPopup,
	type Extension,
	fillPopupField,
	launchExtension,
	popupText,
	pressPopupButton,
} from "./extension";
import { serveTestSite, type TestSite } from "./testSite";

let extension: Extension;
let site: TestSite;
let tab: Page;

beforeAll(async () => {
	site = await serveTestSite((path) => `<!doctype html><title>Account test ${path}</title><p>A page to shorten</p>`);
	extension = await launchExtension();
	tab = extension.context.pages()[0] ?? (await extension.context.newPage());
});

afterAll(async () => {
	await extension?.close();
	site?.close();
});

/** A request from inside the popup, an extension page like any other, straight to the worker. */
function ask<T>(popup: ActionPopup, request: Record<string, unknown>): Promise<T> {
	return popup.evaluate(async (message) => {
		const reply = await chrome.runtime.sendMessage(message);
		if (!reply.ok) throw new Error(`${message.type}: ${reply.error.code}`);
		return reply.data;
	}, request) as Promise<T>;
}

/** Waits until the account line reads `text` (white space folded). */
function lineReads(popup: ActionPopup, text: string): Promise<boolean> {
	return popup.waitFor(
		(expected) =>
			(document.querySelector(".account-line") as HTMLElement | null)?.innerText.replace(/\s+/g, " ").trim() ===
			expected,
		text,
	);
}

describe("an account from the popup", () => {
	it("shortens before any account, keeps those links through sign-up, and signs out and in again", async () => {
		const pageUrl = `${site.origin}/before-any-account`;
		const email = `popup-${Date.now()}@shorty.test`;
		await tab.goto(pageUrl);
		await tab.bringToFront();
		const popup = await extension.clickAction(tab);

		// The first click shortens at once, on an anonymous session.
		const link = await popup.waitFor(() => document.querySelector<HTMLInputElement>(".copy-field__input")?.value);
		const anonymous = await ask<Session>(popup, { type: "session" });
		expect(anonymous.user).toMatchObject({ anonymous: true, email: null });
		await lineReads(popup, "Save your links: Create an account or sign in");

		// Create an account from the popup.
		await pressPopupButton(popup, "Create an account");
		await fillPopupField(popup, "Email", email);
		await fillPopupField(popup, "Password", "correct horse");
		await pressPopupButton(popup, "Create account");
		await lineReads(popup, `Signed in as ${email} Sign out`);
		const upgraded = await ask<Session>(popup, { type: "session" });
		expect(upgraded.user).toEqual({ uid: anonymous.user?.uid, email, anonymous: false });
		const mine = await ask<{ links: Array<{ url: string; shortUrl: string }> }>(popup, {
			type: "listLinks",
			pageSize: 10,
		});
		expect(mine.links).toContainEqual(expect.objectContaining({ url: pageUrl, shortUrl: link }));

		// Sign out, then a wrong password: the catalogue's words, and nobody is signed in.
		await pressPopupButton(popup, "Sign out");
		await lineReads(popup, "Save your links: Create an account or sign in");
		expect((await ask<Session>(popup, { type: "session" })).user).toBeNull();
		await pressPopupButton(popup, "sign in");
		await fillPopupField(popup, "Email", email);
		await fillPopupField(popup, "Password", "wrong horse");
		await pressPopupButton(popup, "Sign in");
		expect(await popup.waitFor(() => document.querySelector(".account-form__error")?.textContent)).toBe(
			"Wrong email or password.",
		);
		expect((await ask<Session>(popup, { type: "session" })).user).toBeNull();

		// The right password: the same user as the anonymous session, with its links.
		await fillPopupField(popup, "Password", "correct horse");
		await pressPopupButton(popup, "Sign in");
		await lineReads(popup, `Signed in as ${email} Sign out`);
		expect((await ask<Session>(popup, { type: "session" })).user?.uid).toBe(anonymous.user?.uid);
		expect(await popupText(popup, ".account-line")).toContain(email);
		await popup.close();
	});
});
