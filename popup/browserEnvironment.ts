import { builtConfig } from "../src/builtConfig";
import { shortLinkSiteHosts } from "../src/links/shortLinkSite";
import { readSettings } from "../src/settings";
import { browser } from "../src/ui/pageBrowser";
import { documentFocus } from "./documentFocus";
import type { PopupEnvironment } from "./environment";

/** Far more than Chrome takes to focus a popup it is showing: past it, the copy is tried and may be refused. */
const FOCUS_WAIT_MS = 1_000;

/** The popup's environment in the extension: the real tab, clipboard, options page and network. */
export const browserEnvironment: PopupEnvironment = {
	async activeTab() {
		// The toolbar click grants activeTab, which is all it takes to read this one tab's address.
		const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
		return { url: tab?.url, title: tab?.title ?? "" };
	},
	settings: () => readSettings(browser.storage.sync),
	// writeText requires the focused document: the popup is, once Chrome has shown it (documentFocus.ts).
	async copy(text) {
		await documentFocus(FOCUS_WAIT_MS);
		await navigator.clipboard.writeText(text);
	},
	openOptions() {
		void browser.runtime.openOptionsPage();
	},
	shortLinkBase: builtConfig.shortLinkBase,
	siteHosts: shortLinkSiteHosts(builtConfig),
	network: {
		// False is reliable (no network at all); true only means some network is up, which the request then tests.
		online: () => navigator.onLine,
		subscribe(listener) {
			window.addEventListener("online", listener);
			window.addEventListener("offline", listener);
			return () => {
				window.removeEventListener("online", listener);
				window.removeEventListener("offline", listener);
			};
		},
	},
};
