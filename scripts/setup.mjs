// Makes a fresh clone ready to run: installs npm packages when node_modules (and functions/node_modules)
// does not match its package-lock.json and, with --browser, makes sure a Chromium and a Firefox exist for the end-to-end tests,
// and on Linux the X tools of the real-window test.
// Runs before `npm start` and `npm test`, so it may use only Node's built-ins.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { INSTALL_HINT as CHROMIUM_HINT, findChromium } from "./chromium.mjs";
import { INSTALL_HINT as FIREFOX_HINT, findFirefox } from "./firefox.mjs";
import {
	findRealWindowTools,
	APT_PACKAGES as REAL_WINDOW_PACKAGES,
	installHint as realWindowHint,
} from "./realWindowTools.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const run = (/** @type {string} */ command, /** @type {string[]} */ args) =>
	execFileSync(command, args, { cwd: root, stdio: "inherit" });

/**
 * Runs `npm ci` in `dir` (relative to the root) unless its node_modules was installed from the same tree:
 * the exact lock, and the Node version and platform that picked its native binaries (Biome, Rolldown).
 * Timestamps cannot tell a restored or edited tree apart.
 */
function installWhenChanged(/** @type {string} */ dir, /** @type {string} */ what) {
	const stampFile = join(root, dir, "node_modules", ".shorty-install-stamp");
	const wantedStamp = JSON.stringify({
		lock: createHash("sha256")
			.update(readFileSync(join(root, dir, "package-lock.json")))
			.digest("hex"),
		node: process.version,
		platform: `${process.platform}-${process.arch}`,
	});
	if (existsSync(stampFile) && readFileSync(stampFile, "utf8") === wantedStamp) return;
	console.log(`setup: installing ${what} (npm ci${dir === "." ? "" : ` in ${dir}/`})`);
	execFileSync("npm", ["ci"], { cwd: join(root, dir), stdio: "inherit" });
	writeFileSync(stampFile, wantedStamp);
}

function canInstallWithApt() {
	return process.platform === "linux" && process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
}

installWhenChanged(".", "npm packages");
// The Cloud Function's own dependencies (firebase-functions, firebase-admin): the Functions emulator
// loads them from functions/node_modules, and `firebase deploy` reads the function's triggers with them.
installWhenChanged("functions", "the function's npm packages");

// Whether a browser or tool is needed by every end-to-end test (Chromium) or only by some (Firefox, the X
// tools), which then skip and say why, except under CI, where nothing may pass by skipping.
const mayGoWithout = (/** @type {boolean} */ optional) => optional && !process.env.CI;
let aptUpdated = false;

/**
 * With --browser, makes sure `find` finds what a test needs, installing Debian's `aptPackages` with apt-get
 * where that is possible.
 */
function ensureInstalled(
	/** @type {() => unknown} */ find,
	/** @type {string[]} */ aptPackages,
	/** @type {string} */ hint,
	optional = false,
) {
	if (find()) return;
	const giveUp = (/** @type {string} */ why) => {
		if (mayGoWithout(optional)) {
			console.warn(`setup: ${why} The tests that need it will be skipped.`);
			return;
		}
		console.error(`setup: ${why}`);
		process.exit(1);
	};
	if (!canInstallWithApt()) return giveUp(hint);
	const packages = aptPackages.join(" ");
	console.log(`setup: installing ${packages} from Debian's packages (apt-get install -y ${packages})`);
	try {
		if (!aptUpdated) run("apt-get", ["update", "-q"]);
		aptUpdated = true;
		run("apt-get", ["install", "-y", "-q", ...aptPackages]);
	} catch {
		return giveUp(`apt-get could not install ${packages}. ${hint}`);
	}
	if (!find()) giveUp(`apt-get finished but ${hint}`);
}

/** A browser `variable` names must exist; a missing one is not looked for elsewhere. */
function checkBrowserVariable(/** @type {string} */ variable) {
	const fromEnv = process.env[variable];
	if (fromEnv && !existsSync(fromEnv)) {
		console.error(`setup: ${variable} is ${fromEnv}, which does not exist. Point it at a browser binary or unset it.`);
		process.exit(1);
	}
}

if (process.argv.includes("--browser")) {
	checkBrowserVariable("CHROME_PATH");
	ensureInstalled(findChromium, ["chromium"], CHROMIUM_HINT);
	checkBrowserVariable("FIREFOX_PATH");
	ensureInstalled(findFirefox, ["firefox-esr"], FIREFOX_HINT, true);
	if (process.platform === "linux") ensureInstalled(findRealWindowTools, REAL_WINDOW_PACKAGES, realWindowHint(), true);
}
