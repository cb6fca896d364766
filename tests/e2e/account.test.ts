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
import { shownShortLink } from "./shortLink";
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

const SIGNED_OUT_CHOICE =
	"You are signed out Sign in to shorten this page into your account, or shorten it without one: its links stay in this browser. Sign in Create an account Shorten without an account";

/** Waits until the popup offers the choice a signed-out user gets, in place of any link. */
async function offersSignedOutChoice(popup: ActionPopup): Promise<void> {
	const offered = await popup.waitFor(() => {
		const choice = document.querySelector(".signed-out-choice") as HTMLElement | null;
		return choice?.innerText.replace(/\s+/g, " ").trim();
	});
	expect(offered).toBe(SIGNED_OUT_CHOICE);
	expect(await popup.evaluate(() => document.querySelector(".copy-field__link"))).toBeNull();
}

/** An account the tests sign in to; made by the first test. */
const account = { email: `popup-${Date.now()}@shorty.test`, password: "correct horse" };

async function openPopupOn(path: string): Promise<ActionPopup> {
	await tab.goto(`${site.origin}${path}`);
	await tab.bringToFront();
	return extension.clickAction(tab);
}

/** The system clipboard, as the test page reads it (the click in the popup wrote it there). */
async function clipboardText(): Promise<string> {
	await tab.bringToFront();
	return tab.evaluate(() => navigator.clipboard.readText());
}

describe("an account from the popup", () => {
	it("shortens before any account, keeps those links through sign-up, and signs out and in again", async () => {
		const pageUrl = `${site.origin}/before-any-account`;
		const { email } = account;
		await tab.goto(pageUrl);
		await tab.bringToFront();
		const popup = await extension.clickAction(tab);

		// The first click shortens at once, on an anonymous session.
		const link = await shownShortLink(popup);
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

		// Sign out: the account's link goes with it. Then a wrong password: the catalogue's words, and nobody
		// is signed in.
		await pressPopupButton(popup, "Sign out");
		await offersSignedOutChoice(popup);
		expect((await ask<Session>(popup, { type: "session" })).user).toBeNull();
		await pressPopupButton(popup, "Sign in");
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

	it("after an explicit sign-out, a toolbar click makes no account and asks; Shorten without an account then does", async () => {
		const signedIn = await openPopupOn("/before-signing-out");
		await shownShortLink(signedIn);
		await pressPopupButton(signedIn, "Sign out");
		await offersSignedOutChoice(signedIn);
		await signedIn.close();

		// Remembered across popup opens, and the worker makes no anonymous account meanwhile.
		for (const path of ["/after-signing-out", "/after-signing-out/again"]) {
			const popup = await openPopupOn(path);
			await offersSignedOutChoice(popup);
			expect((await ask<Session>(popup, { type: "session" })).user).toBeNull();
			await popup.close();
		}

		const popup = await openPopupOn("/without-an-account");
		await pressPopupButton(popup, "Shorten without an account");
		const link = await shownShortLink(popup);
		expect((await ask<Session>(popup, { type: "session" })).user).toMatchObject({ anonymous: true });
		await lineReads(popup, "Save your links: Create an account or sign in");
		await popup.close();

		// The choice is remembered too: the next click shortens at once again.
		const next = await openPopupOn("/without-an-account/next");
		expect(await shownShortLink(next)).not.toBe(link);
		await next.close();
	});

	it("signing in from the popup shows Shorten this page for the account, and leaves the clipboard alone", async () => {
		await extension.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: site.origin });
		const pageUrl = `${site.origin}/then-signing-in`;
		const popup = await openPopupOn("/then-signing-in");
		const anonymousLink = await shownShortLink(popup);
		await popup.waitFor(() => document.querySelector("[role=status]")?.textContent === "Copied");

		await pressPopupButton(popup, "sign in");
		await fillPopupField(popup, "Email", account.email);
		await fillPopupField(popup, "Password", account.password);
		await pressPopupButton(popup, "Sign in");
		await lineReads(popup, `Signed in as ${account.email} Sign out`);
		await popup.waitFor(() =>
			[...document.querySelectorAll("button")].some((button) => button.textContent === "Shorten this page"),
		);
		expect(await popup.evaluate(() => document.querySelector(".copy-field__link"))).toBeNull();
		const mine = await ask<{ links: Array<{ url: string }> }>(popup, { type: "listLinks", pageSize: 10 });
		expect(mine.links.map((each) => each.url)).not.toContain(pageUrl);
		await popup.close();
		// Still the anonymous session's link: nothing was made, or copied, for the account unasked.
		expect(await clipboardText()).toBe(anonymousLink);

		const again = await openPopupOn("/then-signing-in");
		expect(await shownShortLink(again)).not.toBe(anonymousLink);
		await again.close();
	});
});
