import { builtConfig } from "../src/builtConfig";
import { shortLinkSiteHosts } from "../src/links/shortLinkSite";
import type { OptionsEnvironment } from "./environment";

/** The options page's environment in the extension: the real clipboard and downloads. */
export const browserEnvironment: OptionsEnvironment = {
	// The options page is a focused tab when someone presses Copy, which writeText requires.
	copy: (text) => navigator.clipboard.writeText(text),
	saveFile(file, name) {
		// An object URL and a download link: no downloads permission, and the file never leaves the browser.
		const url = URL.createObjectURL(file);
		const link = document.createElement("a");
		link.href = url;
		link.download = name;
		link.click();
		// The click starts the download synchronously with the URL already read; a minute is ample margin.
		setTimeout(() => URL.revokeObjectURL(url), 60_000);
	},
	shortLinkBase: builtConfig.shortLinkBase,
	siteHosts: shortLinkSiteHosts(builtConfig),
};
