/**
 * Shorty in Chrome 127 to 147, the oldest the manifest accepts, as far as Shorty's code can tell them
 * apart from the suite's newer Chromium: no `browser` namespace, so the pages take `chrome`
 * (src/ui/pageBrowser.ts) and webextension-polyfill wraps `chrome` in the worker (src/browser.ts); and a
 * message listener answers only through sendResponse, its returned promise being no answer. A copy of the
 * suite's build makes it so with a first script in every context (OLDER_CHROME below); the flows are the
 * ones that cross those seams: the popup's early requests and its reply, storage read by a page and written
 * by the worker, the worker's broadcast to an open page, the offscreen clipboard, an error reply.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Reply } from "../../src/messages";
import { type Extension, launchExtension, pressPopupButton } from "./extension";
import { shownShortLink } from "./shortLink";
import { serveTestSite, type TestSite } from "./testSite";

/**
 * What sets Chrome before 148 apart for Shorty, as a classic script: first in the worker's one file, and
 * first in each page's head. In strict mode a `browser` that could not be deleted throws, so the copy
 * cannot silently run with it. Deleting is not enough on its own: Chrome 156 defines `browser` again
 * when it next updates a context's bindings, which under load can come after the worker's script has
 * run (seen in 4 of 20 launches with the cores busy). The undefined that takes its place can be neither
 * redefined nor deleted, so it stays: Chrome's define fails, which in Chromium's code ends that update.
 * The APIs already on `chrome` stay too; only one that a later permission would add could not come, and
 * Shorty asks for no permission after install. A function of its own, so that its directive, and its
 * names, stay its own.
 */
const OLDER_CHROME = `(() => {
"use strict";
delete globalThis.browser;
Object.defineProperty(globalThis, "browser", { value: undefined });
const onMessage = chrome.runtime.onMessage;
const answering = new WeakMap();
const add = onMessage.addListener.bind(onMessage);
const remove = onMessage.removeListener.bind(onMessage);
const has = onMessage.hasListener.bind(onMessage);
onMessage.addListener = (listener) => {
	const onlyTrue = (message, sender, sendResponse) => listener(message, sender, sendResponse) === true || undefined;
	answering.set(listener, onlyTrue);
	add(onlyTrue);
};
onMessage.removeListener = (listener) => remove(answering.get(listener) ?? listener);
onMessage.hasListener = (listener) => has(answering.get(listener) ?? listener);
})();
`;
const SCRIPT = "older-chrome.js";

/** A copy of the build at `dir` that runs OLDER_CHROME before anything else in the worker and in every page. */
function olderChromeCopy(dir: string): string {
	const copy = mkdtempSync(join(tmpdir(), "shorty-older-chrome-"));
	cpSync(dir, copy, { recursive: true });
	writeFileSync(join(copy, SCRIPT), OLDER_CHROME);
	const manifest = JSON.parse(readFileSync(join(copy, "manifest.json"), "utf8"));
	const worker = join(copy, manifest.background.service_worker);
	// After the file's "use strict", which must stay its first statement to keep the worker strict.
	writeFileSync(
		worker,
		readFileSync(worker, "utf8").replace(/^(?:"use strict";)?/, (directive) => `${directive}${OLDER_CHROME}`),
	);
	const pages = readdirSync(copy, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".html"));
	for (const page of pages) {
		const html = readFileSync(join(copy, page), "utf8");
		if (!html.includes("<head>")) throw new Error(`${page} has no <head> to put ${SCRIPT} in`);
		writeFileSync(join(copy, page), html.replace("<head>", `<head><script src="/${SCRIPT}"></script>`));
	}
	return copy;
}

let copy: string;
let extension: Extension;
let site: TestSite;
let tab: Page;

async function showTab(path: string): Promise<string> {
	const url = `${site.origin}${path}`;
	await tab.goto(url);
	await tab.bringToFront();
	return url;
}

/** The link the popup shows for `path`, once it shows one, with the popup closed again. */
async function popupLink(path: string): Promise<string> {
	await showTab(path);
	const popup = await extension.clickAction(tab);
	try {
		return await shownShortLink(popup);
	} finally {
		await popup.close();
	}
}

beforeAll(async () => {
	site = await serveTestSite((path) => `<!doctype html><title>Older Chrome ${path}</title><h1>A page</h1>`);
	copy = olderChromeCopy(inject("extensionDir"));
	extension = await launchExtension(copy);
	await extension.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: site.origin });
	tab = extension.context.pages()[0] ?? (await extension.context.newPage());
});

afterAll(async () => {
	await extension?.close();
	site?.close();
	if (copy) rmSync(copy, { recursive: true, force: true });
});

describe("Shorty where Chrome has no browser namespace and listeners answer only by sendResponse", () => {
	it("runs that way: no browser in the worker or a page, and a listener's promise answers nothing", async () => {
		expect(await extension.worker.evaluate(() => typeof (globalThis as { browser?: unknown }).browser)).toBe(
			"undefined",
		);
		const page = await extension.openPage("options/index.html");
		try {
			expect(await page.evaluate(() => typeof (globalThis as { browser?: unknown }).browser)).toBe("undefined");
			await page.evaluate(() => chrome.runtime.onMessage.addListener(() => Promise.resolve("answered") as never));
			// A listener there that did not answer: the message port closes and Chrome resolves with nothing.
			const answer = await extension.worker.evaluate(() =>
				chrome.runtime.sendMessage({ type: "older-chrome-probe" }).then(
					(reply: unknown) => ({ reply }),
					(error: Error) => ({ refused: error.message }),
				),
			);
			expect(answer).toEqual({ reply: undefined });
		} finally {
			await page.close();
		}
	});

	it("the popup shows a new page's link, copied, and the same link when opened again", async () => {
		await showTab("/popup/new");
		const popup = await extension.clickAction(tab);
		const link = await shownShortLink(popup);
		expect(await popup.waitFor(() => document.querySelector("[role=status]")?.textContent || null)).toBe("Copied");
		await popup.close();
		await tab.bringToFront();
		expect(await tab.evaluate(() => navigator.clipboard.readText())).toBe(link);
		expect(link).toMatch(/\/[A-Za-z0-9]{7}$/);
		expect(await popupLink("/popup/new")).toBe(link);
	});

	it("the options page's setting reaches the popup, and its table shows a link made meanwhile at once", async () => {
		const options = await extension.openPage("options/index.html");
		try {
			const setting = options.getByLabel("Shorten the current page when the popup opens");
			await setting.uncheck();
			await options.getByText("Saved.").waitFor({ timeout: 10_000 });

			const url = await showTab("/options/made-meanwhile");
			const popup = await extension.clickAction(tab);
			let code: string;
			try {
				await popup.waitFor(() => document.activeElement?.textContent === "Shorten this page");
				await pressPopupButton(popup, "Shorten this page");
				code = new URL(await shownShortLink(popup)).pathname.slice(1);
			} finally {
				await popup.close();
			}
			await options.bringToFront();
			await options.locator("tbody th a", { hasText: code }).waitFor({ timeout: 10_000 });
			expect(await options.getByText(url.replace(/^https?:\/\//, "")).count()).toBeGreaterThan(0);
		} finally {
			await options.getByLabel("Shorten the current page when the popup opens").check();
			await options.getByText("Saved.").waitFor({ timeout: 10_000 });
			await options.close();
		}
	});

	it("the keyboard command copies the page's link through the offscreen document", async () => {
		const link = await popupLink("/command");
		const url = await showTab("/command");
		await tab.evaluate(() => navigator.clipboard.writeText("something else"));
		await extension.worker.evaluate(
			(tab) =>
				(chrome.commands.onCommand as unknown as { dispatch(...args: unknown[]): void }).dispatch(
					"shorten-current-tab",
					tab,
				),
			// No tab id (Chrome's TAB_ID_NONE): the copy goes through the document, whose reply crosses the seam.
			{ id: -1, index: 0, url, title: "Older Chrome /command", active: true },
		);
		await expect.poll(() => tab.evaluate(() => navigator.clipboard.readText()), { timeout: 10_000 }).toBe(link);
	});

	it("a refused request's error reaches the page whole", async () => {
		const page = await extension.openPage("options/index.html");
		try {
			const reply = (await page.evaluate(() =>
				chrome.runtime.sendMessage({ type: "shorten", url: "javascript:alert(1)" }),
			)) as Reply<"shorten">;
			expect(reply.ok).toBe(false);
			if (!reply.ok) expect(reply.error.code).toBe("invalid-url");
		} finally {
			await page.close();
		}
	});
});
