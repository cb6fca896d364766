/**
 * The popup with the network gone, in real Chromium: the popup and the service worker are cut off the way
 * a dropped connection cuts them off (DevTools' offline emulation: failed requests, navigator.onLine,
 * online/offline events). The user should read that they are offline, nothing should be written, and the
 * link should come by itself, once, when the connection returns.
 */
import { deleteApp, type FirebaseApp } from "firebase/app";
import { collection, type Firestore, getDocs } from "firebase/firestore/lite";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { appError } from "../../src/errors";
import { englishErrorText } from "../englishText";
import { ADMINISTRATOR, connectSdk } from "../integration/firestore/helpers";
import { type ActionPopup, type Extension, launchExtension, pressPopupButton } from "./extension";
import { shownShortLink } from "./shortLink";
import { serveTestSite, type TestSite } from "./testSite";

const OFFLINE_MESSAGE = englishErrorText(appError("offline"));

let extension: Extension;
let site: TestSite;
let tab: Page;
/** An extension page to change settings from, outside the popup under test. */
let settingsPage: Page;
let admin: { db: Firestore; app: FirebaseApp };

beforeAll(async () => {
	site = await serveTestSite((path) => `<!doctype html><title>Offline test ${path}</title><h1>A page to shorten</h1>`);
	extension = await launchExtension();
	tab = extension.context.pages()[0] ?? (await extension.context.newPage());
	settingsPage = await extension.openPage("options/index.html");
	admin = connectSdk(Number(inject("backend").firestore.split(":")[1]), ADMINISTRATOR);
});

afterAll(async () => {
	await extension?.close();
	site?.close();
	if (admin) await deleteApp(admin.app);
});

/** Every stored link for `url`, whoever owns it: what the popup has written (url has no index to query). */
async function storedCodes(url: string): Promise<string[]> {
	const found = await getDocs(collection(admin.db, "links"));
	return found.docs.filter((link) => link.get("url") === url).map((link) => link.id);
}

async function openOn(url: string): Promise<ActionPopup> {
	await tab.goto(url);
	await tab.bringToFront();
	return extension.clickAction(tab);
}

const waitForMessage = (popup: ActionPopup, message: string) =>
	popup.waitFor((wanted) => document.querySelector(".popup-message [role=alert]")?.textContent === wanted, message);

/** Reconnects the popup and the worker; the popup should shorten by itself, and one link be stored. */
async function expectOneLinkBackOnline(popup: ActionPopup, url: string): Promise<void> {
	await extension.setWorkerOffline(false);
	await popup.setOffline(false);
	const link = await shownShortLink(popup);
	const codes = await storedCodes(url);
	expect(codes).toHaveLength(1);
	expect(link.endsWith(`/${codes[0]}`)).toBe(true);
}

const setShortenOnOpen = (shortenOnOpen: boolean) =>
	settingsPage.evaluate(
		(value) => chrome.runtime.sendMessage({ type: "setSettings", shortenOnOpen: value }),
		shortenOnOpen,
	);

const promptShown = (popup: ActionPopup) =>
	popup.waitFor(() => document.activeElement?.textContent === "Shorten this page");

describe("the popup with the network offline", () => {
	it("opened offline, says so on Shorten and on Retry, writes nothing, and shows one link once back online", async () => {
		const url = `${site.origin}/offline/at-open`;
		// Asking first keeps the popup from shortening before the connection is cut.
		await setShortenOnOpen(false);
		let opened: ActionPopup | undefined;
		try {
			const popup = await openOn(url);
			opened = popup;
			await promptShown(popup);
			await extension.setWorkerOffline(true);
			await popup.setOffline(true);
			await popup.reload();
			await promptShown(popup);
			expect(await popup.evaluate(() => navigator.onLine)).toBe(false);

			await pressPopupButton(popup, "Shorten this page");
			await waitForMessage(popup, OFFLINE_MESSAGE);
			// Retry sends the request whatever navigator.onLine says. The message shown before is marked, so
			// the one waited for is the answer to the retry: the worker's request failed offline.
			await popup.evaluate(() => document.querySelector("[role=alert]")?.setAttribute("data-before-retry", ""));
			await pressPopupButton(popup, "Retry");
			await popup.waitFor((wanted) => {
				const alert = document.querySelector(".popup-message [role=alert]");
				return alert?.textContent === wanted && !alert.hasAttribute("data-before-retry");
			}, OFFLINE_MESSAGE);
			expect(await storedCodes(url)).toEqual([]);

			await expectOneLinkBackOnline(popup, url);
		} finally {
			// The settings first: the tests after this one need them whether or not the popup closes cleanly.
			await extension.setWorkerOffline(false);
			await setShortenOnOpen(true);
			await opened?.close();
		}
	});

	it("when the connection drops under a shorten, trades the error for the offline message, then recovers", async () => {
		const url = `${site.origin}/offline/mid-shorten`;
		// The worker loses the network first, as when Wi-Fi drops before the system notices.
		await extension.setWorkerOffline(true);
		const popup = await openOn(url);
		try {
			// The worker's request fails, and the popup, still thinking itself online, blames the database.
			await waitForMessage(popup, englishErrorText(appError("firestore/unavailable")));
			expect(await popup.evaluate(() => document.querySelector(".copy-field__link") !== null)).toBe(false);
			await popup.setOffline(true);
			await waitForMessage(popup, OFFLINE_MESSAGE);
			expect(await storedCodes(url)).toEqual([]);

			await expectOneLinkBackOnline(popup, url);
		} finally {
			await popup.close();
			await extension.setWorkerOffline(false);
		}
	});
});
