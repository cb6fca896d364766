// Makes a fresh clone ready to run: installs npm packages when node_modules does not match
// package-lock.json and, with --browser, makes sure a Chromium and a Firefox exist for the end-to-end tests.
// Runs before `npm start` and `npm test`, so it may use only Node's built-ins.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { INSTALL_HINT as CHROMIUM_HINT, findChromium } from "./chromium.mjs";
import { INSTALL_HINT as FIREFOX_HINT, findFirefox } from "./firefox.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const run = (/** @type {string} */ command, /** @type {string[]} */ args) =>
	execFileSync(command, args, { cwd: root, stdio: "inherit" });

// What the installed tree was built from: the exact lock, and the Node version and platform that
// picked its native binaries (Biome, Rolldown). Timestamps cannot tell a restored or edited tree apart.
const stampFile = join(root, "node_modules", ".shorty-install-stamp");
const wantedStamp = JSON.stringify({
	lock: createHash("sha256")
		.update(readFileSync(join(root, "package-lock.json")))
		.digest("hex"),
	node: process.version,
	platform: `${process.platform}-${process.arch}`,
});

function canInstallWithApt() {
	return process.platform === "linux" && process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
}

if (!existsSync(stampFile) || readFileSync(stampFile, "utf8") !== wantedStamp) {
	console.log("setup: installing npm packages (npm ci)");
	run("npm", ["ci"]);
	writeFileSync(stampFile, wantedStamp);
}

/**
 * With --browser, makes sure `find` finds a browser: one `variable` names must exist, and a missing one is
 * installed with apt-get as Debian's `aptPackage` where that is possible. Where it is not, a browser only
 * some tests need (`optional`) is left out with a warning, and those tests skip, except under CI.
 */
function ensureBrowser(
	/** @type {string} */ variable,
	/** @type {() => string | undefined} */ find,
	/** @type {string} */ aptPackage,
	/** @type {string} */ hint,
	optional = false,
) {
	const fromEnv = process.env[variable];
	if (fromEnv && !existsSync(fromEnv)) {
		console.error(`setup: ${variable} is ${fromEnv}, which does not exist. Point it at a browser binary or unset it.`);
		process.exit(1);
	}
	if (find()) return;
	if (!canInstallWithApt()) {
		if (optional && !process.env.CI) {
			console.warn(`setup: ${hint} The tests that need it will be skipped.`);
			return;
		}
		console.error(`setup: ${hint}`);
		process.exit(1);
	}
	console.log(`setup: installing ${aptPackage} from Debian's packages (apt-get install -y ${aptPackage})`);
	run("apt-get", ["update", "-q"]);
	run("apt-get", ["install", "-y", "-q", aptPackage]);
	if (!find()) {
		console.error(`setup: apt-get finished but ${hint}`);
		process.exit(1);
	}
}

if (process.argv.includes("--browser")) {
	ensureBrowser("CHROME_PATH", findChromium, "chromium", CHROMIUM_HINT);
	ensureBrowser("FIREFOX_PATH", findFirefox, "firefox-esr", FIREFOX_HINT, true);
}
