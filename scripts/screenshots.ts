/**
 * `npm run screenshots`: the views a user sees, drawn by the real build in real Chromium, light and dark, into
 * artifacts/screenshots/ for review: the popup at its own width after a click, with its recent links open, with
 * the alias form offering free aliases for a taken one and explaining a refused one, on a private address, and
 * after an explicit sign-out, and with tags (three, one cut short; one being typed that breaks a rule; all ten,
 * with the recent links open); and the options page at 1280, 820 and 800 px (top and foot, a row being edited,
 * keyboard focus in the rows, a row's tags cut to "+N" and all shown, a search sorted by title, the links
 * with clicks sorted by most clicks, a link's analytics over 30 and 90 days, and signed out). First, the
 * store's 1280x800 screenshots into docs/store/screenshots/ (scripts/storeScreenshots.ts), which the README
 * shows too. The build uses a short-link
 * base of a real project's length, since a test base (http://127.0.0.1:5000/) hides truncation. `--lang de` (or
 * fr, es) runs the browser in that language and adds it to each file's name, to check that no translation is cut
 * off.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { REPO_ROOT } from "../local/config";
import { seedAccount } from "../local/seed";
import { type Catalogue, formatMessage, type MessageKey } from "../src/i18n/catalogue";
import type { AnyRequest } from "../src/messages";
import {
	type ActionPopup,
	type Extension,
	fillPopupField,
	launchExtension,
	pressPopupButton,
} from "../tests/e2e/extension";
import { shownShortLink } from "../tests/e2e/shortLink";
import { serveTestSite } from "../tests/e2e/testSite";
import { startTestBackend } from "../tests/testBackend";
import { buildLocalExtension } from "./localBuild";
import { STORE_SCREENSHOTS_DIR, storeScreenshots } from "./storeScreenshots";

const OUT_DIR = join(REPO_ROOT, "artifacts", "screenshots");
const SHORT_LINK_BASE = "https://shorty-links-4f2a1.web.app/";
const SCHEMES = ["light", "dark"] as const;
const OPTIONS_WIDTHS = [1280, 820, 800];
/** An address of a length people have, as the popup and the store screenshots show it. */
const account = { email: "sam@example.com", password: "screenshots" };
/** An alias the screenshots' page asks for, held by another page so the form offers free ones. */
const TAKEN_ALIAS = "link-shortener";

/** Longer than a chip's width: cut with an ellipsis, whole in its tooltip. */
const LONG_TAG = "browser extensions and privacy";

const LANGUAGE = process.argv.includes("--lang") ? process.argv[process.argv.indexOf("--lang") + 1] : undefined;
const catalogue: Catalogue = JSON.parse(
	readFileSync(join(REPO_ROOT, "public", "_locales", LANGUAGE ?? "en", "messages.json"), "utf8"),
);
/** What the pages say for `key` in the screenshots' language, to find their controls by. */
const text = (key: MessageKey) => formatMessage(catalogue, key);

const save = (shot: string, png: Buffer) => {
	const name = LANGUAGE ? `${shot}-${LANGUAGE}` : shot;
	writeFileSync(join(OUT_DIR, `${name}.png`), png);
	console.log(`screenshots: ${join("artifacts", "screenshots", `${name}.png`)}`);
};

async function send(page: Page, request: AnyRequest): Promise<void> {
	const reply = await page.evaluate((message) => chrome.runtime.sendMessage(message), request);
	if (!reply.ok) throw new Error(`${request.type} failed: ${reply.error.code} ${reply.error.detail ?? ""}`);
}

async function popupShots(popup: ActionPopup, name: string): Promise<void> {
	for (const scheme of SCHEMES) {
		await popup.setColorScheme(scheme);
		save(`${name}-${scheme}`, await popup.screenshot());
	}
}

/** Once the latest change of the tags has been answered, saved or not. */
function tagsAnswered(popup: ActionPopup): Promise<boolean> {
	return popup.waitFor(() => {
		const status = document.querySelector(".link-tags__status");
		return status !== null && status.textContent !== "" && !status.matches(".link-tags__status--saving");
	});
}

/**
 * The link's tags, as `tab`'s popup shows them after each change, each view's height printed (Chrome
 * scrolls a popup past 600 px): three tags, one cut short, and with the recent links open; a tag being
 * typed that breaks a rule; all ten, and with the recent links open.
 */
async function tagsShots(extension: Extension, tab: Page): Promise<void> {
	const popup = await extension.clickAction(tab);
	await shownShortLink(popup);
	const logHeight = async (view: string) =>
		console.log(`${view}: ${await popup.evaluate(() => document.documentElement.scrollHeight)} px tall`);
	const shots = async (name: string) => {
		await logHeight(name);
		await popupShots(popup, name);
	};
	const openRecent = async () => {
		await pressPopupButton(popup, text("recentLinks"));
		await popup.waitFor(() => document.querySelectorAll(".recent-links li").length > 0);
	};
	await fillPopupField(popup, text("tags"), `reading list, privacy, ${LONG_TAG},`);
	await tagsAnswered(popup);
	await shots("popup-tags");
	await openRecent();
	await logHeight("popup-tags with the recent links open");
	await pressPopupButton(popup, text("recentLinks"));
	await fillPopupField(popup, text("tags"), "c++");
	await shots("popup-tags-invalid");
	await fillPopupField(popup, text("tags"), "q1, q2, q3, q4, q5, q6, q7,");
	await tagsAnswered(popup);
	await shots("popup-tags-full");
	await openRecent();
	await shots("popup-tags-recent");
	await popup.close();
}

/** At 1280 px: Manage tags unfolded, and the tagged row's tags open in the popup's editor. */
async function optionsTagsShots(options: Page): Promise<void> {
	await options.setViewportSize({ width: 1280, height: 800 });
	await options.evaluate(() => window.scrollTo(0, 0));
	await options.getByText(text("manageTags")).click();
	await options.locator('tbody tr:has(.link-tag-chips) [data-action="tags"]').first().click();
	for (const colorScheme of SCHEMES) {
		await options.emulateMedia({ colorScheme });
		save(`options-1280-${colorScheme}-tags`, await options.screenshot({ fullPage: false }));
	}
	await options.keyboard.press("Escape");
	await options.getByText(text("manageTags")).click();
}

/** At the narrowest width the table holds: one row selected, the one below it being edited. */
async function editingShots(options: Page): Promise<void> {
	await options.setViewportSize({ width: 800, height: 800 });
	await options.evaluate(() => window.scrollTo(0, 0));
	await options.locator("tbody input[type=checkbox]").nth(1).check();
	await options.locator('tbody [data-action="edit"]').nth(2).click();
	for (const colorScheme of SCHEMES) {
		await options.emulateMedia({ colorScheme });
		save(`options-800-${colorScheme}-editing`, await options.screenshot({ fullPage: false }));
	}
	// Back to Edit, then a row down and along it: the focus ring of a keyboard user in the rows.
	await options.keyboard.press("Escape");
	await options.keyboard.press("ArrowDown");
	await options.keyboard.press("ArrowLeft");
	for (const colorScheme of SCHEMES) {
		await options.emulateMedia({ colorScheme });
		save(`options-800-${colorScheme}-keyboard`, await options.screenshot({ fullPage: false }));
	}
	// The tagged row's "+N" pressed: every tag, on as many lines as they take.
	await options.locator(".link-tag-chips__more").first().click();
	for (const colorScheme of SCHEMES) {
		await options.emulateMedia({ colorScheme });
		save(`options-800-${colorScheme}-tags-all`, await options.screenshot({ fullPage: false }));
	}
}

/** The newest link's analytics (the demo gives it 75 days of visits): 30 days, then 90, at 1280 and 820 px. */
async function analyticsShots(options: Page): Promise<void> {
	await options.evaluate(() => window.scrollTo(0, 0));
	const newestDemoLink = options.getByRole("row").filter({ hasText: "Extension service worker basics" }).first();
	await newestDemoLink.locator('[data-action="analytics"]').click();
	const dialog = options.getByRole("dialog");
	await dialog.locator(".day-chart__bars").waitFor();
	for (const width of [1280, 820]) {
		await options.setViewportSize({ width, height: 900 });
		for (const days of [30, 90]) {
			const period = formatMessage(catalogue, "analyticsLastDays", [String(days)]);
			await dialog.getByRole("button", { name: period }).click();
			await dialog.getByRole("button", { name: period, pressed: true }).waitFor();
			await dialog.locator('.analytics__body[aria-busy="false"]').waitFor();
			for (const colorScheme of SCHEMES) {
				await options.emulateMedia({ colorScheme });
				save(`options-${width}-${colorScheme}-analytics-${days}`, await options.screenshot());
			}
		}
	}
	await options.keyboard.press("Escape");
	await dialog.waitFor({ state: "hidden" });
}

/** With nobody signed in: the way to start, and the sign-in form. */
/** A search of two words, sorted by title: the controls in use, and a caption and range that follow them. */
async function searchShots(options: Page): Promise<void> {
	await options.evaluate(() => window.scrollTo(0, 0));
	await options.getByRole("searchbox", { name: text("searchLinks") }).fill("docs extension");
	await options.getByLabel(text("sortLabel")).selectOption({ label: text("sortTitle") });
	await options.waitForFunction(() => location.hash.includes("sort=title") && location.hash.includes("q=docs"));
	await options.locator(".links-table[aria-busy=false]").waitFor();
	await options.waitForFunction(() => document.querySelector(".links-table__counting") === null);
	for (const width of [1280, 820]) {
		await options.setViewportSize({ width, height: 800 });
		for (const colorScheme of SCHEMES) {
			await options.emulateMedia({ colorScheme });
			save(`options-${width}-${colorScheme}-search`, await options.screenshot({ fullPage: false }));
		}
	}
	await options.getByRole("searchbox", { name: text("searchLinks") }).press("Escape");
	await options.getByLabel(text("sortLabel")).selectOption({ label: text("sortNewest") });
}

/** The links people followed, most clicks first: the totals the worker synced, in order. */
async function clickShots(options: Page): Promise<void> {
	await options.evaluate(() => window.scrollTo(0, 0));
	await options.getByLabel(text("sortLabel")).selectOption({ label: text("sortClicks") });
	await options.getByLabel(text("filterLabel"), { exact: true }).selectOption({ label: text("filterClicked") });
	await options.waitForFunction(() => location.hash.includes("sort=clicks") && location.hash.includes("show=clicked"));
	await options.locator(".links-table[aria-busy=false]").waitFor();
	for (const width of [1280, 820]) {
		await options.setViewportSize({ width, height: 800 });
		for (const colorScheme of SCHEMES) {
			await options.emulateMedia({ colorScheme });
			save(`options-${width}-${colorScheme}-clicks`, await options.screenshot({ fullPage: false }));
		}
	}
	await options.getByLabel(text("filterLabel"), { exact: true }).selectOption({ label: text("filterAll") });
	await options.getByLabel(text("sortLabel")).selectOption({ label: text("sortNewest") });
}

/** The account's Reset password, sent, for a user signed in: what a new password means for the session. */
async function resetPasswordShots(options: Page): Promise<void> {
	const account = options.locator("section.account");
	await account.getByRole("button", { name: text("resetPassword") }).click();
	await account.getByRole("button", { name: text("sendResetLink") }).click();
	await account.getByRole("status").waitFor();
	for (const width of [1280, 820]) {
		await options.setViewportSize({ width, height: 800 });
		await account.scrollIntoViewIfNeeded();
		for (const colorScheme of SCHEMES) {
			await options.emulateMedia({ colorScheme });
			save(`options-${width}-${colorScheme}-reset-sent`, await options.screenshot({ fullPage: false }));
		}
	}
	await account.getByRole("button", { name: text("close") }).click();
}

async function signedOutShots(options: Page): Promise<void> {
	await send(options, { type: "signOut" });
	await options.setViewportSize({ width: 1280, height: 800 });
	await options.reload();
	await options.getByText(text("nobodySignedInNoLinks")).waitFor();
	for (const colorScheme of SCHEMES) {
		await options.emulateMedia({ colorScheme });
		save(`options-1280-${colorScheme}-signed-out`, await options.screenshot({ fullPage: false }));
	}
}

async function main(): Promise<void> {
	mkdirSync(OUT_DIR, { recursive: true });
	mkdirSync(STORE_SCREENSHOTS_DIR, { recursive: true });
	const backend = await startTestBackend();
	const extensionDir = mkdtempSync(join(tmpdir(), "shorty-screenshots-"));
	const site = await serveTestSite(
		(path) =>
			`<!doctype html><title>How we built a link shortener that respects privacy ${path}</title><h1>Article</h1>`,
	);
	try {
		await buildLocalExtension(extensionDir, { ...backend.hosts, shortLinkBase: SHORT_LINK_BASE });
		await seedAccount(backend.hosts, account, 60);
		const extension = await launchExtension(extensionDir, {
			...(LANGUAGE ? { language: LANGUAGE } : {}),
			// Chrome gives a popup its full 600 px only on a screen with room for it: headless Chromium's
			// default 800x600 screen caps it at 510 px, which real screens do not.
			extraArgs: ["--screen-info={1600x1200}"],
		});
		try {
			const options = await extension.openPage("options/index.html");
			await send(options, { type: "signIn", ...account });
			// The store's images are the English listing's; the other languages' shots are for review only.
			if (!LANGUAGE) await storeScreenshots(extension, options);
			const tab = await extension.context.newPage();
			await tab.goto(`${site.origin}/blog/2026/11/privacy-first-link-shortener?utm_source=newsletter`);
			const popup = await extension.clickAction(tab);
			await shownShortLink(popup);
			await popupShots(popup, "popup-link");
			await pressPopupButton(popup, text("recentLinks"));
			await popup.waitFor(() => document.querySelectorAll(".recent-links li").length > 0);
			await popupShots(popup, "popup-recent");
			await popup.close();

			await send(options, { type: "shorten", url: `${site.origin}/another/page`, alias: TAKEN_ALIAS });
			const aliasPopup = await extension.clickAction(tab);
			await shownShortLink(aliasPopup);
			await pressPopupButton(aliasPopup, text("customAlias"));
			await fillPopupField(aliasPopup, text("alias"), TAKEN_ALIAS);
			await pressPopupButton(aliasPopup, text("save"));
			await aliasPopup.waitFor(() => document.querySelector(".alias-form__suggestion") !== null);
			await popupShots(aliasPopup, "popup-alias-taken");
			// A refusal's reason, in the browser's language (src/i18n/inputProblemText.ts), as it is typed.
			await fillPopupField(aliasPopup, text("alias"), "my link");
			await aliasPopup.waitFor(() => document.querySelector(".alias-form__message--error") !== null);
			await popupShots(aliasPopup, "popup-alias-invalid");
			await aliasPopup.close();

			await tagsShots(extension, tab);

			await tab.goto(`${site.loopbackOrigin}/admin/settings`);
			const privatePopup = await extension.clickAction(tab);
			await privatePopup.waitFor(() => document.querySelector(".shorten-prompt h2") !== null);
			await popupShots(privatePopup, "popup-private-address");
			await privatePopup.close();

			await options.reload();
			await options.getByRole("navigation", { name: text("pagesOfLinks") }).waitFor();
			await options.waitForFunction(() => document.querySelector(".links-table__counting") === null);
			for (const width of OPTIONS_WIDTHS) {
				await options.setViewportSize({ width, height: 800 });
				for (const colorScheme of SCHEMES) {
					await options.emulateMedia({ colorScheme });
					await options.evaluate(() => window.scrollTo(0, 0));
					save(`options-${width}-${colorScheme}`, await options.screenshot({ fullPage: false }));
					// The foot of the table (pagination), settings and account.
					await options.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
					save(`options-${width}-${colorScheme}-end`, await options.screenshot({ fullPage: false }));
				}
			}
			await searchShots(options);
			await clickShots(options);
			await optionsTagsShots(options);
			await editingShots(options);
			await analyticsShots(options);
			await resetPasswordShots(options);
			await signedOutShots(options);

			await tab.goto(`${site.origin}/blog/2026/11/privacy-first-link-shortener?utm_source=newsletter`);
			const signedOut = await extension.clickAction(tab);
			await signedOut.waitFor(() => document.querySelector(".signed-out-choice") !== null);
			await popupShots(signedOut, "popup-signed-out");
			await signedOut.close();
		} finally {
			await extension.close();
		}
	} finally {
		site.close();
		await backend.stop();
		rmSync(extensionDir, { recursive: true, force: true });
	}
}

await main();
