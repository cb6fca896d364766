// Where a Firefox for the Firefox end-to-end test lives. Shared by the setup script and the test
// launcher so both agree on what "installed" means. Stock Firefox is enough: Puppeteer drives it over
// WebDriver BiDi, while Playwright would need its own patched build, which this project cannot download.
import { existsSync } from "node:fs";

const SYSTEM_PATHS = ["/usr/bin/firefox-esr", "/usr/bin/firefox", "/Applications/Firefox.app/Contents/MacOS/firefox"];

export const INSTALL_HINT =
	"No Firefox found. Install one (Debian: `sudo apt-get install -y firefox-esr`) or set FIREFOX_PATH to a Firefox binary (140 or later).";

/**
 * Why the Firefox tests and benchmark cannot run here: undefined when a Firefox is found, and under CI, where
 * nothing may pass by skipping (a missing Firefox must fail there); else the hint to install one.
 * @returns {string | undefined}
 */
export function firefoxMissing() {
	return findFirefox() || process.env.CI ? undefined : INSTALL_HINT;
}

/** @returns {string | undefined} the first Firefox found: FIREFOX_PATH, then system paths. */
export function findFirefox() {
	const fromEnv = process.env.FIREFOX_PATH;
	if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
	return SYSTEM_PATHS.find((path) => existsSync(path));
}
