// Where a Chromium for the end-to-end tests and `npm start` lives. Shared by the setup script and the
// test launcher so both agree on what "installed" means. Playwright's own browser download is not
// used: it needs hosts this project's machines cannot reach, while Debian's chromium package works.
import { existsSync, readdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

const SYSTEM_PATHS = [
	"/usr/bin/chromium",
	"/usr/bin/chromium-browser",
	"/usr/bin/google-chrome",
	"/usr/bin/google-chrome-stable",
	"/Applications/Chromium.app/Contents/MacOS/Chromium",
	"/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
];

export const INSTALL_HINT =
	"No Chromium found. Install one (Debian/Ubuntu: `sudo apt-get install -y chromium`) or set CHROME_PATH to a Chromium or Chrome binary.";

function fromPlaywrightCache() {
	const cache = process.env.PLAYWRIGHT_BROWSERS_PATH || join(homedir(), ".cache", "ms-playwright");
	if (!existsSync(cache)) return undefined;
	const builds = readdirSync(cache)
		.filter((name) => /^chromium-\d+$/.test(name))
		.sort()
		.reverse();
	for (const build of builds) {
		for (const binary of ["chrome-linux64/chrome", "chrome-linux/chrome"]) {
			const path = join(cache, build, binary);
			if (existsSync(path)) return path;
		}
	}
	return undefined;
}

/** @returns {string | undefined} the first Chromium found: CHROME_PATH, then system paths, then Playwright's cache. */
export function findChromium() {
	const fromEnv = process.env.CHROME_PATH;
	if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
	return SYSTEM_PATHS.find((path) => existsSync(path)) ?? fromPlaywrightCache();
}
