// Makes a fresh clone ready to run: installs npm packages when node_modules does not match
// package-lock.json and, with --browser, makes sure a Chromium exists for the end-to-end tests.
// Runs before `npm start` and `npm test`, so it may use only Node's built-ins.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { findChromium, INSTALL_HINT } from "./chromium.mjs";

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

const chromePath = process.env.CHROME_PATH;
if (process.argv.includes("--browser") && chromePath && !existsSync(chromePath)) {
	console.error(
		`setup: CHROME_PATH is ${chromePath}, which does not exist. Point it at a Chromium binary or unset it.`,
	);
	process.exit(1);
}

if (process.argv.includes("--browser") && !findChromium()) {
	if (!canInstallWithApt()) {
		console.error(`setup: ${INSTALL_HINT}`);
		process.exit(1);
	}
	console.log("setup: installing Chromium from Debian's packages (apt-get install -y chromium)");
	run("apt-get", ["update", "-q"]);
	run("apt-get", ["install", "-y", "-q", "chromium"]);
	if (!findChromium()) {
		console.error(`setup: apt-get finished but ${INSTALL_HINT}`);
		process.exit(1);
	}
}
