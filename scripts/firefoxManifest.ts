/**
 * The Firefox variant of manifest.json, derived rather than kept as a second file so the two cannot
 * drift. Firefox runs MV3 backgrounds as event pages (background.scripts: the same classic script as
 * Chrome's worker, scripts/classicBackground.ts) and has no offscreen API: its background page has a DOM
 * and writes the clipboard itself (background/clipboard.ts), so it needs neither the offscreen document
 * nor the page's own clipboard, which Chrome's copies reach with `scripting`.
 */
import type { ManifestV3Export } from "@crxjs/vite-plugin";
import type chromeManifest from "../manifest.json";

type ChromeManifest = typeof chromeManifest;
/** @crxjs's manifest type, which it does not export on its own. */
type Manifest = Extract<ManifestV3Export, { manifest_version: number }>;

/**
 * The oldest Firefox Shorty installs on: the first release that reads data_collection_permissions, on
 * desktop (Firefox ESR 140 included) and on Android.
 */
export const FIREFOX_MIN_VERSION = 140;
const FIREFOX_ANDROID_MIN_VERSION = 142;

/** The add-on id Firefox stores data under; an MV3 add-on must declare one to use storage.sync. */
export const FIREFOX_ADDON_ID = "shorty@shorty.invalid";

/** What Chrome's worker copies with, having no clipboard of its own. */
const CHROME_COPY_PERMISSIONS = new Set(["offscreen", "scripting"]);

export function firefoxManifest(manifest: ChromeManifest): Manifest {
	const { minimum_chrome_version: _chromeOnly, background, permissions, ...shared } = manifest;
	// @crxjs's manifest type knows gecko only; Firefox for Android reads gecko_android beside it.
	const geckoSettings: Manifest["browser_specific_settings"] & {
		gecko_android: { strict_min_version: string };
	} = {
		gecko: {
			id: FIREFOX_ADDON_ID,
			strict_min_version: `${FIREFOX_MIN_VERSION}.0`,
			data_collection_permissions: { required: ["none"] },
		},
		gecko_android: { strict_min_version: `${FIREFOX_ANDROID_MIN_VERSION}.0` },
	};
	return {
		...shared,
		background: { scripts: [background.service_worker] },
		permissions: permissions.filter((permission) => !CHROME_COPY_PERMISSIONS.has(permission)),
		browser_specific_settings: geckoSettings,
	};
}
