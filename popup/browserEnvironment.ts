import { browser } from "../src/browser";
import { builtConfig } from "../src/builtConfig";
import { shortLinkSiteHosts } from "../src/links/shortLinkSite";
import { readSettings } from "../src/settings";
import type { PopupEnvironment } from "./environment";

/** The popup's environment in the extension: the real tab, clipboard, options page and network. */
export const browserEnvironment: PopupEnvironment = {
	async activeTab() {
		// The toolbar click grants activeTab, which is all it takes to read this one tab's address.
		const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
		return { url: tab?.url, title: tab?.title ?? "" };
	},
	settings: () => readSettings(browser.storage.sync),
	// The popup is the focused document right after the click, which writeText requires.
	copy: (text) => navigator.clipboard.writeText(text),
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
