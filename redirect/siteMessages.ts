/**
 * A Vite plugin for the static page's build: of each _locales messages.json that redirect/siteText.ts
 * imports, only the `site*` messages (its SiteKey type) reach the page. The extension's ~230 other
 * messages in four languages would add 17 KB gzip to every visitor's download, more than the page itself.
 */
import type { Plugin } from "vite";

const LOCALE_FILE = /[\\/]_locales[\\/][a-zA-Z_]+[\\/]messages\.json$/;

export function siteMessagesOnly(): Plugin {
	return {
		name: "shorty:site-messages-only",
		// Before Vite's JSON plugin turns the file into a module.
		enforce: "pre",
		transform(code, id) {
			if (!LOCALE_FILE.test(id)) return null;
			const messages: Record<string, unknown> = JSON.parse(code);
			const kept = Object.fromEntries(Object.entries(messages).filter(([key]) => key.startsWith("site")));
			return { code: JSON.stringify(kept), map: null };
		},
	};
}
