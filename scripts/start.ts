// `npm start`: the local backend (Auth + Hosting emulators, Firestore server) with demo data on first
// run, the extension rebuilt into dist/ and the redirect page into redirect/dist/ (what Hosting serves)
// on every change, and Chromium with the extension loaded where a display
// exists (its profile kept in .data/ so sign-ins survive restarts); without a display it says how to
// load dist/ by hand. Ctrl-C stops everything. Both builds are local builds: whatever project `.env` names
// (that is for `npm run build`), they talk to this backend only.
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { startBackend } from "../local/backend";
import { configuredPorts, DATA_DIR, REPO_ROOT } from "../local/config";
import { PortInUseError } from "../local/ports";
import { DEMO_ACCOUNT, seedDemoData } from "../local/seed";
import { REDIRECT_DIST, watchRedirectPage } from "../redirect/build";
import { localBackendEnv } from "../src/config";
import { findChromium, INSTALL_HINT } from "./chromium.mjs";
import { watchLocalExtension } from "./localBuild";

const dist = join(REPO_ROOT, "dist");
const hasDisplay = process.platform === "darwin" || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);

function openChromium(): ChildProcess | undefined {
	const executable = findChromium();
	if (!executable) {
		console.log(`start: ${INSTALL_HINT}`);
		return undefined;
	}
	const args = [
		`--user-data-dir=${join(DATA_DIR, "chromium-profile")}`,
		`--disable-extensions-except=${dist}`,
		`--load-extension=${dist}`,
		"--no-first-run",
		"--no-default-browser-check",
		"chrome://extensions",
	];
	// Chromium refuses to start as root with its sandbox on; dev containers often run as root.
	if (process.getuid?.() === 0) args.unshift("--no-sandbox");
	const browser = spawn(executable, args, { stdio: "ignore" });
	browser.on("exit", () => console.log("start: Chromium closed; the build keeps watching (Ctrl-C to stop)."));
	console.log(`start: opened Chromium with Shorty loaded (${executable})`);
	return browser;
}

function explainManualLoad(): void {
	console.log(`start: no display here, so load the extension by hand:
  1. open chrome://extensions and switch on "Developer mode"
  2. click "Load unpacked" and pick ${dist}
  dist/ is rebuilt on every change; press the reload icon on Shorty's card to pick it up.`);
}

let backend: Awaited<ReturnType<typeof startBackend>>;
try {
	console.log("start: starting the local backend (Auth and Hosting emulators, Firestore server)…");
	backend = await startBackend({ ports: configuredPorts(), dataDir: DATA_DIR, persistAuth: true });
} catch (error) {
	console.error(`start: ${error instanceof PortInUseError ? error.message : error}`);
	process.exit(1);
}
const { auth, firestore, hosting } = backend.ports;
console.log(
	`start: backend up: Auth 127.0.0.1:${auth}, Firestore 127.0.0.1:${firestore}, Hosting 127.0.0.1:${hosting}`,
);
const seeded = await seedDemoData({ auth: `127.0.0.1:${auth}`, firestore: `127.0.0.1:${firestore}` });
if (seeded > 0) console.log(`start: seeded ${seeded} demo links for ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`);

// The extension and the page reach the backend at the ports it really got (they may be overridden).
const hosts = { auth: `127.0.0.1:${auth}`, firestore: `127.0.0.1:${firestore}`, hosting: `127.0.0.1:${hosting}` };
const watcher = await watchLocalExtension(dist, hosts);
const redirectWatcher = await watchRedirectPage(REDIRECT_DIST, localBackendEnv(hosts));
redirectWatcher.on("event", (event) => {
	if (event.code === "ERROR") console.error(`start: redirect page build failed: ${event.error.message}`);
});
console.log(`start: short links open at http://127.0.0.1:${hosting}/<code> (the redirect page, rebuilt on change)`);
let browser: ChildProcess | undefined;
let firstBuild = true;
watcher.on("event", (event) => {
	if (event.code === "ERROR") console.error(`start: build failed: ${event.error.message}`);
	if (event.code !== "END" || !firstBuild) return;
	firstBuild = false;
	if (hasDisplay) browser = openChromium();
	else explainManualLoad();
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
	process.once(signal, async () => {
		browser?.kill();
		await Promise.all([watcher.close(), redirectWatcher.close(), backend.stop()]);
		process.exit(0);
	});
}
