// `npm start`: rebuilds the extension into dist/ on every change and, where a display exists, opens
// Chromium with it loaded from a profile kept in .data/ (so sign-ins survive restarts). Without a
// display it says how to load dist/ by hand. Ctrl-C stops the build and the browser together.
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { findChromium, INSTALL_HINT } from "./chromium.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
const hasDisplay = process.platform === "darwin" || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);

/** @type {import("node:child_process").ChildProcess | undefined} */
let browser;

function openChromium() {
	const executable = findChromium();
	if (!executable) {
		console.log(`start: ${INSTALL_HINT}`);
		return;
	}
	const args = [
		`--user-data-dir=${join(root, ".data", "chromium-profile")}`,
		`--disable-extensions-except=${dist}`,
		`--load-extension=${dist}`,
		"--no-first-run",
		"--no-default-browser-check",
		"chrome://extensions",
	];
	// Chromium refuses to start as root with its sandbox on; dev containers often run as root.
	if (process.getuid?.() === 0) args.unshift("--no-sandbox");
	browser = spawn(executable, args, { stdio: "ignore" });
	browser.on("exit", () => console.log("start: Chromium closed; the build keeps watching (Ctrl-C to stop)."));
	console.log(`start: opened Chromium with Shorty loaded (${executable})`);
}

function explainManualLoad() {
	console.log(`start: no display here, so load the extension by hand:
  1. open chrome://extensions and switch on "Developer mode"
  2. click "Load unpacked" and pick ${dist}
  dist/ is rebuilt on every change; press the reload icon on Shorty's card to pick it up.`);
}

const watcher = /** @type {import("vite").Rollup.RollupWatcher} */ (
	await build({ root, build: { watch: {}, sourcemap: true } })
);

let firstBuild = true;
watcher.on("event", (event) => {
	if (event.code === "ERROR") console.error(`start: build failed: ${event.error.message}`);
	if (event.code !== "END" || !firstBuild) return;
	firstBuild = false;
	if (hasDisplay) openChromium();
	else explainManualLoad();
});

for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) {
	process.on(signal, async () => {
		browser?.kill();
		await watcher.close();
		process.exit(0);
	});
}
