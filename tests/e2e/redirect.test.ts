/**
 * The public side in real Chromium: short links made by the extension, opened on the Hosting emulator,
 * which sends them to the short-link Cloud Function in the Functions emulator (the local Firestore server
 * behind it) and serves the static pages (home, 404.html) built against this run's backend. The static
 * page's own behaviour when it answers short links (the Spark deploy) is tested in
 * tests/unit/redirect/page.test.ts.
 */
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import type { Link } from "../../src/links/types";
import type { AnyRequest } from "../../src/messages";
import { firestoreAdmin } from "../firestoreAdmin";
import { accessibilityViolations, type Extension, launchExtension } from "./extension";
import { serveTestSite, type TestSite } from "./testSite";

const backend = inject("backend");
const shortSite = `http://${backend.hosting}`;
const admin = firestoreAdmin(`http://${backend.firestore}`);

let extension: Extension;
let extensionPage: Page;
let site: TestSite;
let visitor: Page;
/** Console errors and uncaught exceptions of the visitor's pages (a CSP violation is one). */
let pageErrors: string[];
/** The console errors the tests expect: Chrome reports a document's 404 or 403 status as one. */
const EXPECTED_ERROR = /the server responded with a status of 40[34]/;

/** Asks the extension's background, as its pages do. */
async function data<T>(request: AnyRequest): Promise<T> {
	const reply = await extensionPage.evaluate((message) => chrome.runtime.sendMessage(message), request);
	if (!reply.ok) throw new Error(`${request.type} failed: ${reply.error.code} ${reply.error.message}`);
	return reply.data as T;
}

const shorten = (path: string) => data<Link>({ type: "shorten", url: `${site.origin}${path}` });
/** The click count the owner sees, read through the extension once its copy of the links has synced, as the options page does. */
async function clicksOf(code: string): Promise<number | undefined> {
	await data({ type: "syncLinks" });
	return (await data<{ totals: Record<string, number> }>({ type: "clickTotals", codes: [code] })).totals[code];
}

const heading = (page: Page) => page.getByRole("heading", { level: 1 }).textContent();

/** Requests the page makes to Firestore while `action` runs. */
async function firestoreRequestsDuring(page: Page, action: () => Promise<unknown>): Promise<string[]> {
	const seen: string[] = [];
	const record = (request: { url(): string }) => {
		if (request.url().startsWith(`http://${backend.firestore}/`)) seen.push(request.url());
	};
	page.on("request", record);
	try {
		await action();
	} finally {
		page.off("request", record);
	}
	return seen;
}

describe.skipIf(backend.hosting === null)("short links on the redirect page", () => {
	beforeAll(async () => {
		site = await serveTestSite((path) => `<!doctype html><title>Target ${path}</title><h1>Landed on ${path}</h1>`);
		extension = await launchExtension();
		extensionPage = await extension.openPage("options/index.html");
	});

	afterAll(async () => {
		await extension?.close();
		site?.close();
	});

	beforeEach(async () => {
		visitor = await extension.context.newPage();
		// Headless Chromium names itself HeadlessChrome, which the function counts as a bot; the visitor
		// here stands for a person, so it sends the user agent the same Chromium sends with a window.
		const userAgent = await visitor.evaluate(() => navigator.userAgent);
		await visitor.setExtraHTTPHeaders({ "User-Agent": userAgent.replace("HeadlessChrome", "Chrome") });
		pageErrors = [];
		visitor.on("pageerror", (error) => pageErrors.push(error.message));
		visitor.on("console", (message) => {
			const text = message.text();
			if (message.type() === "error" && !EXPECTED_ERROR.test(text)) pageErrors.push(text);
		});
	});

	afterEach(async () => {
		await visitor.close();
		expect(pageErrors).toEqual([]);
	});

	it("opens the target of a link the extension made, and the owner sees exactly one click", async () => {
		const link = await shorten("/landing?from=e2e");
		expect(link.shortUrl).toBe(`${shortSite}/${link.code}`);
		await visitor.goto(link.shortUrl);
		await visitor.waitForURL(`${site.origin}/landing?from=e2e`);
		expect(await heading(visitor)).toBe("Landed on /landing?from=e2e");
		await expect.poll(() => clicksOf(link.code)).toBe(1);
		await extensionPage.reload();
		const row = extensionPage.getByRole("row").filter({ hasText: link.code });
		await expect.poll(() => row.locator(".links-table__clicks").textContent()).toBe("1");
		// An HTTP redirect: the short link never becomes a history entry, so Back cannot open it (and count) again.
		await visitor.goBack();
		expect(visitor.url()).toBe("about:blank");
	});

	it("passes a query string added to the short link on to the target, and counts the visit", async () => {
		const link = await shorten("/campaign?from=e2e");
		await visitor.goto(`${link.shortUrl}?utm_source=newsletter&from=elsewhere`);
		await visitor.waitForURL(`${site.origin}/campaign?from=e2e&utm_source=newsletter`);
		await expect.poll(() => clicksOf(link.code)).toBe(1);
	});

	it("counts every visit: three visits, three clicks", async () => {
		const link = await shorten("/counted");
		for (let visit = 0; visit < 3; visit++) {
			await visitor.goto(link.shortUrl);
			await visitor.waitForURL(`${site.origin}/counted`);
		}
		await expect.poll(() => clicksOf(link.code)).toBe(3);
	});

	it("previews a link with + without opening it or counting, and continues on request", async () => {
		const link = await shorten("/previewed");
		const response = await visitor.goto(`${link.shortUrl}+`);
		expect(response?.status()).toBe(200);
		expect(await heading(visitor)).toBe("Where this link goes");
		expect(await visitor.locator(".address").textContent()).toBe(`${site.origin}/previewed`);
		expect(visitor.url()).toBe(`${link.shortUrl}+`);
		expect(await clicksOf(link.code)).toBe(0);

		await visitor.getByRole("link", { name: `Continue to ${new URL(site.origin).hostname}` }).click();
		await visitor.waitForURL(`${site.origin}/previewed`);
		await expect.poll(() => clicksOf(link.code)).toBe(1);
	});

	it("says an unknown code does not exist, with a real 404 and a link home", async () => {
		const response = await visitor.goto(`${shortSite}/NoSuchLink9`);
		expect(response?.status()).toBe(404);
		expect(await heading(visitor)).toBe("This short link does not exist");
		await visitor.getByRole("link", { name: "Go to the home page" }).click();
		await visitor.waitForURL(`${shortSite}/`);
		expect(await heading(visitor)).toBe("Shorty short links");
	});

	it("answers a malformed code with a real 404 and the same page, without reading the database", async () => {
		for (const path of ["/ab", "/not%20a%20code", "/two/parts", `/${"x".repeat(65)}`]) {
			const requests = await firestoreRequestsDuring(visitor, async () => {
				const response = await visitor.goto(`${shortSite}${path}`);
				expect(response?.status(), path).toBe(404);
				expect(await heading(visitor), path).toBe("This short link does not exist");
			});
			expect(requests, path).toEqual([]);
		}
	});

	it("refuses a target that is not a web address, even if the database holds one", async () => {
		let dialogs = 0;
		visitor.on("dialog", (dialog) => {
			dialogs++;
			void dialog.dismiss();
		});
		for (const [code, address] of [
			["tampered1", "javascript:alert(document.domain)"],
			["tampered2", "data:text/html,<script>alert(1)</script>"],
		] as const) {
			await admin.addLink(code, address);
			const response = await visitor.goto(`${shortSite}/${code}`);
			expect(response?.status()).toBe(403);
			expect(await heading(visitor)).toBe("This short link cannot be opened");
			expect(await visitor.locator(".address").textContent()).toBe(address);
			expect(visitor.url()).toBe(`${shortSite}/${code}`);
			expect(await admin.visitsOf(code)).toMatchObject({ documents: 0 });
		}
		expect(dialogs).toBe(0);
	});

	it("is readable on a phone and passes axe's checks in light and dark", async () => {
		const link = await shorten(`/a/very/long/path/${"segment/".repeat(30)}end`);
		await admin.addLink("tampered3", `javascript:${"void(0);".repeat(40)}`);
		await visitor.setViewportSize({ width: 360, height: 640 });
		const pages: Array<[string, string]> = [
			["/", "Shorty short links"],
			[`/${link.code}+`, "Where this link goes"],
			["/NoSuchLink9", "This short link does not exist"],
			["/tampered3", "This short link cannot be opened"],
		];
		for (const colorScheme of ["light", "dark"] as const) {
			await visitor.emulateMedia({ colorScheme });
			for (const [path, title] of pages) {
				await visitor.goto(`${shortSite}${path}`);
				// The home page is the static page, which draws itself with its script.
				await expect.poll(() => heading(visitor)).toBe(title);
				const overflow = await visitor.evaluate(() => document.documentElement.scrollWidth - innerWidth);
				expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
				expect(await accessibilityViolations(visitor), `${path} in ${colorScheme}`).toEqual([]);
			}
		}
	});
});
