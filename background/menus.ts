/**
 * The context-menu items. Their ids are a public interface (tools and tests address them): keep them.
 * Created on install and update only (removeAll first, so an update never meets a duplicate id); Chrome
 * keeps them across worker restarts.
 */
import type { Menus, Tabs } from "webextension-polyfill";
import { browser } from "../src/browser";
import { t } from "../src/i18n/translate";
import type { ShortenTarget } from "./quickShorten";

export const MENU_IDS = { link: "shorten-link", page: "shorten-page", image: "shorten-image" } as const;

let building: Promise<void> = Promise.resolve();

/** Runs after any run still under way: two interleaved runs would create each id twice. */
export function createMenus(): Promise<void> {
	building = building.then(async () => {
		await browser.contextMenus.removeAll();
		browser.contextMenus.create({ id: MENU_IDS.link, title: t("menuShortenLink"), contexts: ["link"] });
		browser.contextMenus.create({ id: MENU_IDS.page, title: t("shortenThisPage"), contexts: ["page"] });
		browser.contextMenus.create({ id: MENU_IDS.image, title: t("menuShortenImage"), contexts: ["image"] });
	});
	return building;
}

/** What a click on one of the items asks to shorten; null for an item that is not Shorty's. */
export function menuTarget(info: Menus.OnClickData, tab: Tabs.Tab | undefined): ShortenTarget | null {
	switch (info.menuItemId) {
		case MENU_IDS.link:
			// No title: the page's title is not the link's, and the selection need not be its text.
			return info.linkUrl ? { url: info.linkUrl } : null;
		case MENU_IDS.page: {
			const url = info.pageUrl ?? tab?.url;
			return url ? { url, ...(tab?.title ? { title: tab.title } : {}) } : null;
		}
		case MENU_IDS.image:
			return info.srcUrl ? { url: info.srcUrl } : null;
		default:
			return null;
	}
}
