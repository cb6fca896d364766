/**
 * Chromium in a real window: headful, on a virtual X display (Xvfb), given real keyboard and mouse input
 * (xdotool), its clipboard read as X's (xclip), and DevTools on no page. Playwright's pages are told they
 * have the focus whatever has it, so only here does the focus decide as in a user's browser: whether the page
 * a shortcut was pressed in can write the clipboard (background/pageFirstCopies.ts). The browser is reached
 * over a DevTools pipe that lists targets and attaches to none.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable, Writable } from "node:stream";
import { promisify } from "node:util";
import manifest from "../../manifest.json" with { type: "json" };
import { findChromium, INSTALL_HINT } from "../../scripts/chromium.mjs";
import { realWindowToolsMissing } from "../../scripts/realWindowTools.mjs";
import { OFFSCREEN_DOCUMENT } from "../../src/messages";
import { chromiumArgs, poll } from "./extension";

const run = promisify(execFile);
const WIDTH = 1280;
const HEIGHT = 800;
/** How long a launch may take on a busy machine: Chromium's start and the extension's install. */
const LAUNCH_MS = 30_000;
/** An X tool's call that takes longer than this is hung (xclip waits on a clipboard owner that never answers). */
const TOOL_MS = 5_000;

export interface TargetInfo {
	targetId: string;
	type: string;
	url: string;
}

/** The shortcut as a user presses it: the manifest's suggested key, in xdotool's spelling. */
export const SHORTCUT = manifest.commands["shorten-current-tab"].suggested_key.default.toLowerCase();

/** Shorty's worker, while it runs: the only extension the browser loads. */
export const isExtensionWorker = (target: TargetInfo) =>
	target.type === "service_worker" && target.url.startsWith("chrome-extension://");

/** Shorty's offscreen clipboard document, whatever its query says of how long it stays. */
export const isClipboardDocument = (target: TargetInfo) => URL.parse(target.url)?.pathname === `/${OFFSCREEN_DOCUMENT}`;

export interface RealWindow {
	/** The browser's targets (pages, workers, Shorty's documents), as DevTools lists them without attaching. */
	targets(): Promise<TargetInfo[]>;
	/** Closes a page or document, as if it had closed itself, and returns once it is gone. */
	closeTarget(target: TargetInfo): Promise<void>;
	/** Real key presses into whatever has the focus, xdotool's names: "alt+shift+s", "ctrl+l". */
	press(keys: string): Promise<void>;
	/** A real left click in the middle of the window's page. */
	clickPage(): Promise<void>;
	/** What the X clipboard holds ("" when nothing does). */
	clipboard(): Promise<string>;
	/** Puts `text` on the X clipboard, as another application copying would. */
	copyElsewhere(text: string): Promise<void>;
	/** Real typing, key by key, into whatever has the focus. */
	type(text: string): Promise<void>;
	/** Lets pages of `origin` read the clipboard without asking, as a user's "Allow" would. */
	allowClipboardRead(origin: string): Promise<void>;
	close(): Promise<void>;
}

/** Chrome's --remote-debugging-pipe: JSON messages, each ended by a NUL, written to its fd 3, read from its fd 4. */
function pipeConnection(toBrowser: Writable, fromBrowser: Readable) {
	let nextId = 1;
	let buffered = "";
	let closed = false;
	const waiting = new Map<number, { resolve(result: unknown): void; reject(error: Error): void }>();
	const closedError = () => new Error("Chromium closed its DevTools pipe");
	fromBrowser.setEncoding("utf8");
	fromBrowser.on("data", (chunk: string) => {
		const messages = (buffered + chunk).split("\0");
		buffered = messages.pop() ?? "";
		for (const text of messages) {
			const message = JSON.parse(text) as { id?: number; result?: unknown; error?: { message: string } };
			// An event (no id): none is asked for, and none is waited on.
			const caller = message.id === undefined ? undefined : waiting.get(message.id);
			if (!caller) continue;
			waiting.delete(message.id as number);
			if (message.error) caller.reject(new Error(message.error.message));
			else caller.resolve(message.result);
		}
	});
	const close = () => {
		closed = true;
		for (const caller of waiting.values()) caller.reject(closedError());
		waiting.clear();
	};
	fromBrowser.on("close", close);
	// A write after Chromium has gone fails with EPIPE: the send is refused below, not thrown at large.
	toBrowser.on("error", close);
	fromBrowser.on("error", close);
	return (method: string, params: object = {}): Promise<unknown> =>
		new Promise((resolve, reject) => {
			if (closed) return reject(closedError());
			const id = nextId++;
			waiting.set(id, { resolve, reject });
			toBrowser.write(`${JSON.stringify({ id, method, params })}\0`);
		});
}

/** Resolves once `child` has exited, or failed to start. */
function exited(child: ChildProcess): Promise<void> {
	return new Promise((done) => {
		if (child.exitCode !== null || child.signalCode !== null) return done();
		child.once("exit", () => done());
		child.once("error", () => done());
	});
}

/** Stops `child`, killing it if it has not exited within 5 s. */
async function stop(child: ChildProcess): Promise<void> {
	child.kill();
	const killing = setTimeout(() => child.kill("SIGKILL"), 5_000);
	await exited(child);
	clearTimeout(killing);
}

/** An Xvfb of its own: it picks a free display and names it once it accepts clients (-displayfd). */
async function startDisplay(): Promise<{ display: string; server: ChildProcess }> {
	const server = spawn("Xvfb", ["-displayfd", "3", "-screen", "0", `${WIDTH}x${HEIGHT}x24`, "-nolisten", "tcp"], {
		stdio: ["ignore", "ignore", "ignore", "pipe"],
	});
	const named = new Promise<string>((resolve, reject) => {
		let text = "";
		const out = server.stdio[3] as Readable;
		out.setEncoding("utf8");
		out.on("data", (chunk: string) => {
			text += chunk;
			if (text.endsWith("\n")) resolve(`:${text.trim()}`);
		});
		server.once("error", reject);
		server.once("exit", (code) => reject(new Error(`Xvfb exited (${code}) before naming its display`)));
	});
	try {
		return { display: await named, server };
	} catch (error) {
		await stop(server);
		throw error;
	}
}

/**
 * An X display, then Chromium with the build in `extensionDir` opening `url` in its one window, which
 * fills the display. Resolves once the extension's worker has started (the extension is installed).
 */
export async function launchRealWindow(extensionDir: string, url: string): Promise<RealWindow> {
	const executablePath = findChromium();
	if (!executablePath) throw new Error(INSTALL_HINT);
	// Under CI the test does not skip without the tools: it fails here, saying which are missing.
	const toolsMissing = realWindowToolsMissing({ evenUnderCi: true });
	if (toolsMissing) throw new Error(toolsMissing);
	const { display, server } = await startDisplay();
	// Only this display: not a Wayland desktop's, nor a desktop session's notifications.
	const { WAYLAND_DISPLAY: _wayland, DBUS_SESSION_BUS_ADDRESS: _bus, ...inherited } = process.env;
	const env = { ...inherited, DISPLAY: display };
	const profile = mkdtempSync(join(tmpdir(), "shorty-real-window-"));
	let browser: ChildProcess | undefined;
	let browserLog = "";
	const close = async () => {
		if (browser) await stop(browser);
		await stop(server);
		rmSync(profile, { recursive: true, force: true });
	};
	try {
		browser = spawn(
			executablePath,
			[
				...chromiumArgs(extensionDir),
				"--ozone-platform=x11",
				`--user-data-dir=${profile}`,
				"--no-first-run",
				"--no-default-browser-check",
				"--password-store=basic",
				"--remote-debugging-pipe",
				"--window-position=0,0",
				`--window-size=${WIDTH},${HEIGHT}`,
				url,
			],
			{ env, stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"] },
		);
		// The end of what Chromium said, for a launch that fails.
		browser.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
			browserLog = (browserLog + chunk).slice(-4_000);
		});
		const send = pipeConnection(browser.stdio[3] as Writable, browser.stdio[4] as Readable);
		const targets = async () => ((await send("Target.getTargets")) as { targetInfos: TargetInfo[] }).targetInfos;
		await poll(async () => (await targets()).some(isExtensionWorker), LAUNCH_MS);
		const xdotool = (...args: string[]) => run("xdotool", args, { env, timeout: TOOL_MS }).then(() => undefined);
		return {
			targets,
			async closeTarget({ targetId }) {
				await send("Target.closeTarget", { targetId });
				await poll(async () => !(await targets()).some((target) => target.targetId === targetId));
			},
			press: (keys) => xdotool("key", "--clearmodifiers", keys),
			type: (text) => xdotool("type", "--delay", "5", text),
			async allowClipboardRead(origin) {
				await send("Browser.grantPermissions", { permissions: ["clipboardReadWrite"], origin });
			},
			clickPage: () => xdotool("mousemove", String(WIDTH / 2), String(HEIGHT / 2), "click", "1"),
			async clipboard() {
				try {
					return (await run("xclip", ["-selection", "clipboard", "-out"], { env, timeout: TOOL_MS })).stdout;
				} catch {
					// xclip fails when nobody owns the clipboard: nothing copied yet.
					return "";
				}
			},
			async copyElsewhere(text) {
				// xclip stays behind, serving the text, until something else takes the clipboard.
				const copier = spawn("xclip", ["-selection", "clipboard", "-in"], { env, stdio: ["pipe", "ignore", "ignore"] });
				copier.stdin.end(text);
				await exited(copier);
			},
			close,
		};
	} catch (error) {
		await close();
		throw new Error(`Chromium in a real window did not start: ${error}\n${browserLog}`);
	}
}
