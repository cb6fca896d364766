/**
 * The Firefox build in real Firefox (Debian's firefox-esr, driven over WebDriver BiDi by Puppeteer) against
 * the e2e backend: its background page starts, signs in anonymously with firebase/auth/web-extension and
 * writes links to the local Firestore; the options page lists them; the toolbar popup and the keyboard
 * command shorten the tab in front and copy the link; the link redirects. tests/build/firefox.test.ts lints
 * the same build; this runs it.
 */
import { rmSync } from "node:fs";
import type { Page } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import manifest from "../../manifest.json" with { type: "json" };
import { firefoxMissing } from "../../scripts/firefox.mjs";
import type { Link } from "../../src/links/types";
import type { AnyRequest, Reply } from "../../src/messages";
import { firestoreAdmin } from "../firestoreAdmin";
import {
	buildFirefoxExtension,
	closePopups,
	type FirefoxExtension,
	launchFirefoxExtension,
	reload,
} from "./firefoxBrowser";
import { serveTestSite, type TestSite } from "./testSite";

// `npm test` installs Firefox first (scripts/setup.mjs --browser), and CI must never pass by skipping.
const missing = firefoxMissing();
if (missing) {
	console.warn(
		`Skipping the Firefox end-to-end tests: ${missing} As root on Debian, \`node scripts/setup.mjs --browser\` installs it.`,
	);
}

const backend = inject("backend");
const admin = firestoreAdmin(`http://${backend.firestore}`);

let extensionDir: string | undefined;
let firefox: FirefoxExtension;
let site: TestSite;
/** Open all along: the extension page the tests send requests from and read the popup through. */
let optionsPage: Page;

/** Sends `request` from an extension page exactly as the popup and options page do. */
function send(page: Page, request: AnyRequest): Promise<Reply<AnyRequest["type"]>> {
	// `browser` is Firefox's own promise-based extension API, present on every extension page.
	return page.evaluate(
		(message) => (globalThis as unknown as { browser: typeof chrome }).browser.runtime.sendMessage(message),
		request,
	);
}

/** Waits until `page` shows `text` somewhere in its visible text. */
async function waitForText(page: Page, text: string): Promise<void> {
	await page.waitForFunction((wanted) => document.body.innerText.includes(wanted), { timeout: 15_000 }, text);
}

/**
 * The open popup's status and link, once it shows both. Extension pages of one add-on share a process, so
 * the options page can read the popup's document; asked from here, not polled inside the options page: a
 * background tab's timers are throttled.
 */
function readPopup(): Promise<{ status: string; link: string } | null> {
	return optionsPage.evaluate(() => {
		const [popup] = (globalThis as unknown as { browser: typeof chrome }).browser.extension.getViews({
			type: "popup",
		});
		const status = popup?.document.querySelector("[role=status]")?.textContent;
		const link = popup?.document.querySelector(".short-link .copy-field__link")?.textContent;
		return status && link ? { status, link } : null;
	});
}

describe.skipIf(missing)("the Firefox build in Firefox", () => {
	beforeAll(async () => {
		[extensionDir, site] = await Promise.all([
			buildFirefoxExtension(backend),
			serveTestSite((path) => `<!doctype html><title>Firefox test ${path}</title><p>Reached ${path}</p>`),
		]);
		firefox = await launchFirefoxExtension(extensionDir);
		optionsPage = await firefox.openPage("options/index.html");
	}, 120_000);

	afterAll(async () => {
		await firefox?.close();
		site?.close();
		if (extensionDir) rmSync(extensionDir, { recursive: true, force: true });
	});

	it("runs the background page, which answers the options page before anyone is signed in", async () => {
		await waitForText(optionsPage, `Shorty ${manifest.version}`);
		await waitForText(optionsPage, "Nobody is signed in, so there are no links to show.");
	});

	it("shortens as the popup asks, into the local Firestore, and the options table lists the link", async () => {
		const target = `${site.origin}/firefox/first`;
		const reply = await send(optionsPage, { type: "shorten", url: target, title: "First in Firefox" });
		if (!reply.ok) throw new Error(`shorten failed: ${reply.error.code} ${reply.error.detail ?? ""}`);
		const link = reply.data as Link;
		expect(link.url).toBe(target);
		expect(link.shortUrl).toBe(`http://${backend.hosting}/${link.code}`);
		// The document exists, written through Firebase Auth's anonymous user and the Firestore SDK in Firefox.
		await expect(admin.hasLink(link.code)).resolves.toBe(true);

		await reload(optionsPage);
		await waitForText(optionsPage, "Using Shorty without an account");
		const row = await optionsPage.waitForFunction(
			(code) => {
				const tr = document.querySelector<HTMLTableRowElement>(`tbody tr[data-code="${code}"]`);
				return tr && { links: [...tr.querySelectorAll("a")].map((a) => a.href), text: tr.innerText };
			},
			{ timeout: 15_000 },
			link.code,
		);
		expect(await row.jsonValue()).toMatchObject({
			links: [target, link.shortUrl],
			text: expect.stringContaining("First in Firefox"),
		});
	});

	it("refuses a javascript: address with the catalogue's code", async () => {
		const reply = await send(optionsPage, { type: "shorten", url: "javascript:alert(1)" });
		expect(reply).toMatchObject({ ok: false, error: { code: "invalid-url" } });
	});

	it("opens the popup from the toolbar on a web page, shortens it, and the short link leads there", async () => {
		const tab = await firefox.browser.newPage();
		const pageUrl = `${site.origin}/firefox/from-the-toolbar`;
		await tab.goto(pageUrl);
		await firefox.clickAction(tab);
		await expect.poll(async () => (await readPopup())?.status, { timeout: 15_000 }).toBe("Copied");
		const shortUrl = (await readPopup())?.link ?? "";
		await closePopups(optionsPage);
		expect(await firefox.clipboardText()).toBe(shortUrl);
		const { host, pathname } = new URL(shortUrl);
		expect(host).toBe(backend.hosting);
		await expect(admin.hasLink(pathname.slice(1))).resolves.toBe(true);

		await tab.goto(shortUrl);
		await tab.waitForFunction((wanted) => location.href === wanted, { timeout: 15_000 }, pageUrl);
		// The function behind Hosting counted Firefox's visit as a person's.
		await expect.poll(async () => (await admin.visitsOf(pathname.slice(1))).people, { timeout: 10_000 }).toBe(1);
	});

	// Firefox stops an idle event page 30 s after its last event (five minutes after a use, as Shorty keeps it),
	// so the first shorten after a pause starts it: its listeners must be there at once.
	it("starts the stopped background page again for the popup's shorten, which gets its link", async () => {
		const tab = await firefox.browser.newPage();
		const pageUrl = `${site.origin}/firefox/after-idle`;
		await tab.goto(pageUrl);
		await firefox.stopBackground();
		const clickedAt = Date.now();
		await firefox.clickAction(tab);
		await expect.poll(async () => (await readPopup())?.status, { timeout: 15_000 }).toBe("Copied");
		const code = new URL((await readPopup())?.link ?? "").pathname.slice(1);
		const reply = await send(optionsPage, { type: "getLink", code });
		expect(reply).toMatchObject({ ok: true, data: { url: pageUrl } });
		// The page that answered started after the click: nothing had woken it before the popup did.
		const ping = await send(optionsPage, { type: "ping" });
		expect(ping).toMatchObject({ ok: true, data: { startedAt: expect.any(Number) } });
		expect((ping as { data: { startedAt: number } }).data.startedAt).toBeGreaterThanOrEqual(clickedAt);
		await closePopups(optionsPage);
		await tab.close();
	});

	it("shortens the tab in front on the keyboard command, copying from the background page", async () => {
		const tab = await firefox.browser.newPage();
		const pageUrl = `${site.origin}/firefox/by-keyboard`;
		await tab.goto(pageUrl);
		const before = await firefox.clipboardText();
		// The toolbar badge shows ✓ for two seconds after the copy, so watching starts before the key press.
		// The notification cannot be checked: in headless Firefox notifications.getAll lists none.
		const badge = () =>
			optionsPage.evaluate(() => (globalThis as unknown as { browser: typeof chrome }).browser.action.getBadgeText({}));
		const badgeShown = expect.poll(badge, { timeout: 15_000, interval: 100 }).toBe("✓");
		await firefox.pressCommandShortcut(tab);
		await expect.poll(() => firefox.clipboardText(), { timeout: 15_000 }).not.toBe(before);
		await badgeShown;
		const code = new URL(await firefox.clipboardText()).pathname.slice(1);
		const reply = await send(optionsPage, { type: "getLink", code });
		expect(reply).toMatchObject({ ok: true, data: { url: pageUrl } });
	});

	it("renders the popup, which in a tab of its own has no page to shorten", async () => {
		const popup = await firefox.openPage("popup/index.html");
		await waitForText(popup, "This page cannot be shortened");
		expect(await popup.evaluate(() => document.title)).toBe("Shorty");
	});
});
