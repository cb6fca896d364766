/**
 * The Firefox variant of manifest.json, derived rather than kept as a second file so the two cannot
 * drift. Firefox runs MV3 backgrounds as event pages (background.scripts) and has no offscreen API:
 * its background page has a DOM and writes the clipboard itself (background/clipboard.ts).
 */
import type { ManifestV3Export } from "@crxjs/vite-plugin";
import type chromeManifest from "../manifest.json";

type ChromeManifest = typeof chromeManifest;

/** The add-on id Firefox stores data under; an MV3 add-on must declare one to use storage.sync. */
export const FIREFOX_ADDON_ID = "shorty@shorty.invalid";

export function firefoxManifest(manifest: ChromeManifest): ManifestV3Export {
	const { minimum_chrome_version: _chromeOnly, background, permissions, ...shared } = manifest;
	return {
		...shared,
		background: { scripts: [background.service_worker], type: background.type },
		permissions: permissions.filter((permission) => permission !== "offscreen"),
		browser_specific_settings: {
			gecko: {
				id: FIREFOX_ADDON_ID,
				// The first release, desktop and Android, that reads data_collection_permissions.
				strict_min_version: "142.0",
				data_collection_permissions: { required: ["none"] },
			},
		},
	};
}
