/**
 * Runs the Firefox build in real, stock Firefox: built against the e2e backend, installed as a temporary
 * add-on over WebDriver BiDi (Puppeteer's installExtension, BiDi's webExtension.install), in a fresh
 * headless profile. Playwright cannot do this: its Firefox is a patched build this project cannot download.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { findFirefox, INSTALL_HINT } from "../../scripts/firefox.mjs";
import { FIREFOX_ADDON_ID } from "../../scripts/firefoxManifest";
import { buildLocalExtension } from "../../scripts/localBuild";
import type { BackendHosts } from "../testBackend";
import { TEST_SITE_HOST } from "./testSite";

/** Builds the Firefox variant into a new folder, pointed at `backend`. */
export async function buildFirefoxExtension(backend: BackendHosts): Promise<string> {
	const outDir = mkdtempSync(join(tmpdir(), "shorty-firefox-e2e-"));
	try {
		await buildLocalExtension(outDir, backend, "firefox");
	} catch (error) {
		rmSync(outDir, { recursive: true, force: true });
		throw error;
	}
	return outDir;
}

export interface FirefoxExtension {
	browser: Browser;
	/** The add-on's moz-extension:// origin, pinned by the profile so pages can be opened by address. */
	origin: string;
	/** Opens an extension page (e.g. "options/index.html") in a new tab. */
	openPage(path: string): Promise<Page>;
	/**
	 * Clicks the toolbar button with `tab` in front, as a user does: Firefox grants activeTab for that tab
	 * and opens the popup. BiDi cannot see the popup; any extension page reaches its document through
	 * extension.getViews({ type: "popup" }).
	 */
	clickAction(tab: Page): Promise<void>;
	/** Presses the keyboard shortcut of the manifest's only command (Alt+Shift+S), with `tab` in front. */
	pressCommandShortcut(tab: Page): Promise<void>;
	/** The text on the system clipboard, read by the browser itself, which needs no paste permission. */
	clipboardText(): Promise<string>;
	/**
	 * Stops the background page the way Firefox does when it idles (about:debugging's "Terminate background
	 * script"); its next event, such as a page's message, starts it again.
	 */
	stopBackground(): Promise<void>;
	/** Whether the background page runs now ("running"), or Firefox has stopped it ("stopped"), as about:debugging shows. */
	backgroundState(): Promise<string>;
	close(): Promise<void>;
}

// Firefox calls home at start-up and every so often; this machine refuses outside connections, and a test
// must not depend on them anyway. Puppeteer's profile already stops updates, Shield, remote settings, safe
// browsing, health reports and the new tab page's feeds; these are the services it leaves on.
const OFFLINE_PREFS = {
	"network.captive-portal-service.enabled": false,
	"network.connectivity-service.enabled": false,
	"toolkit.telemetry.unified": false,
	"toolkit.telemetry.server": "",
	"extensions.blocklist.enabled": false,
	"browser.region.network.url": "",
	"browser.region.update.enabled": false,
	"network.dns.disablePrefetch": true,
	"network.prefetch-next": false,
};

/** Launches headless Firefox with a fresh profile and installs the build in `extensionDir` temporarily. */
export async function launchFirefoxExtension(extensionDir: string): Promise<FirefoxExtension> {
	const executablePath = findFirefox();
	if (!executablePath) throw new Error(INSTALL_HINT);
	const uuid = randomUUID();
	const browser = await puppeteer.launch({
		browser: "firefox",
		executablePath,
		headless: true,
		// WebDriver BiDi navigates only to web and file addresses, and runs scripts only in web content, unless
		// this flag lets it reach privileged ones: moz-extension:// pages, and the browser's own window.
		args: ["--remote-allow-system-access"],
		extraPrefsFirefox: {
			...OFFLINE_PREFS,
			// The test site's public-looking name is this machine, as Chromium's host-resolver rule makes it.
			"network.dns.localDomains": TEST_SITE_HOST,
			// Firefox gives each installed add-on a random host; fixing it lets the test open its pages directly.
			"extensions.webextensions.uuids": JSON.stringify({ [FIREFOX_ADDON_ID]: uuid }),
		},
	});
	try {
		const installed = await browser.installExtension(extensionDir);
		if (installed !== FIREFOX_ADDON_ID) throw new Error(`Firefox installed ${installed}, not ${FIREFOX_ADDON_ID}`);
	} catch (error) {
		await browser.close();
		throw error;
	}
	const origin = `moz-extension://${uuid}`;
	return {
		browser,
		origin,
		async openPage(path) {
			const page = await browser.newPage();
			const url = `${origin}/${path}`;
			// Puppeteer loses track of a tab whose document moves to Firefox's extension process: its goto
			// reports the frame detached or times out although the page loads. So the page itself is asked.
			page.goto(url).catch(() => undefined);
			await loaded(page, url);
			return page;
		},
		async clickAction(tab) {
			await tab.bringToFront();
			await inBrowserWindow(
				browser,
				`const { ExtensionParent } = ChromeUtils.importESModule("resource://gre/modules/ExtensionParent.sys.mjs");
				const { extension } = WebExtensionPolicy.getByID(${JSON.stringify(FIREFOX_ADDON_ID)});
				ExtensionParent.apiManager.global.browserActionFor(extension).triggerAction(window);`,
			);
		},
		async pressCommandShortcut(tab) {
			await tab.bringToFront();
			// Firefox turns each manifest command into a XUL <key> in a keyset named after the add-on id; its
			// command event is what the key press fires.
			const keyset = `ext-keyset-id-${FIREFOX_ADDON_ID.replace(/[^a-z0-9_-]/gi, "_").toLowerCase()}`;
			await inBrowserWindow(
				browser,
				`const keys = document.querySelectorAll("#${keyset} key");
				if (keys.length !== 1) throw new Error("expected one command key, found " + keys.length);
				keys[0].doCommand();`,
			);
		},
		async clipboardText() {
			return String(await inBrowserWindow(browser, "return navigator.clipboard.readText();"));
		},
		async stopBackground() {
			const state = await inBrowserWindow(
				browser,
				`const { extension } = WebExtensionPolicy.getByID(${JSON.stringify(FIREFOX_ADDON_ID)});
				await extension.terminateBackground();
				return String(extension.backgroundState);`,
			);
			if (state !== "stopped") throw new Error(`Firefox's background page is ${state} after terminating it`);
		},
		async backgroundState() {
			return String(
				await inBrowserWindow(
					browser,
					`return String(WebExtensionPolicy.getByID(${JSON.stringify(FIREFOX_ADDON_ID)}).extension.backgroundState);`,
				),
			);
		},
		close: () => browser.close(),
	};
}

/**
 * Runs `source` in the browser window's own (privileged) document, over raw WebDriver BiDi: Puppeteer has
 * no API for Firefox's "moz:scope": "chrome" contexts, so this uses its connection, an internal field.
 */
async function inBrowserWindow(browser: Browser, source: string): Promise<unknown> {
	const { connection } = browser as unknown as {
		connection: { send(method: string, params: object): Promise<{ result: Record<string, unknown> }> };
	};
	const { result: tree } = await connection.send("browsingContext.getTree", { "moz:scope": "chrome" });
	const window = (tree.contexts as Array<{ context: string; url: string }>).find((context) =>
		context.url.startsWith("chrome://browser/content/browser.xhtml"),
	);
	if (!window) throw new Error("Firefox shows no browser window");
	const { result } = await connection.send("script.evaluate", {
		target: { context: window.context },
		expression: `(async () => { ${source} })()`,
		awaitPromise: true,
	});
	if (result.type === "exception") throw new Error(`In Firefox's window: ${JSON.stringify(result.exceptionDetails)}`);
	return (result.result as { value?: unknown }).value;
}

/**
 * Closes every open popup from `page`, an extension page (an add-on's pages share a process), and waits
 * until Firefox lists none: headless Firefox leaves a popup open when the tab behind it moves on, and a
 * toolbar click while one is open closes it rather than opening another.
 */
export async function closePopups(page: Page): Promise<void> {
	const open = () =>
		page.evaluate(() => {
			const popups = (globalThis as unknown as { browser: typeof chrome }).browser.extension.getViews({
				type: "popup",
			});
			for (const popup of popups) popup.close();
			return popups.length;
		});
	const deadline = Date.now() + 5_000;
	while ((await open()) > 0) {
		if (Date.now() > deadline) throw new Error("A popup was still open 5 s after closing it");
		await new Promise((settle) => setTimeout(settle, 20));
	}
}

/** Reloads an extension page and waits for the new document, which Puppeteer's own reload cannot see. */
export async function reload(page: Page): Promise<void> {
	const url = await page.evaluate(() => {
		(window as unknown as { reloading: boolean }).reloading = true;
		location.reload();
		return location.href;
	});
	await loaded(page, url);
}

/** Polls `page` until a new document at `url` has fully loaded, for up to 15 s. */
async function loaded(page: Page, url: string): Promise<void> {
	const deadline = Date.now() + 15_000;
	for (;;) {
		// Between documents there may be no realm to evaluate in: that is "not yet", not a failure.
		const ready = await page
			.evaluate(
				(wanted) =>
					location.href === wanted &&
					document.readyState === "complete" &&
					!(window as unknown as { reloading?: boolean }).reloading,
				url,
			)
			.catch(() => false);
		if (ready) return;
		if (Date.now() > deadline) throw new Error(`Timed out after 15 s waiting for ${url} to load`);
		await new Promise((settle) => setTimeout(settle, 100));
	}
}
