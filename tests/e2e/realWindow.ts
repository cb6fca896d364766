/**
 * Chromium in a real window: headful, on a virtual X display (Xvfb), given real keyboard and mouse input
 * (xdotool), its clipboard read as X's (xclip), and DevTools on no page. Playwright's pages are told they
 * have the focus whatever has it, so only here does the focus decide as in a user's browser: whether the page
 * a shortcut was pressed in can write the clipboard (background/pageFirstCopies.ts). The browser is reached
 * over a DevTools pipe that lists targets and attaches to none.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable, Writable } from "node:stream";
import { promisify } from "node:util";
import { findChromium, INSTALL_HINT } from "../../scripts/chromium.mjs";
import { chromiumArgs, poll } from "./extension";

const run = promisify(execFile);
const WIDTH = 1280;
const HEIGHT = 800;

export interface TargetInfo {
	targetId: string;
	type: string;
	url: string;
}

export interface RealWindow {
	/** The browser's targets (pages, workers, Shorty's documents), as DevTools lists them without attaching. */
	targets(): Promise<TargetInfo[]>;
	/** Closes a page or document, as it closing itself would, and returns once it is gone. */
	closeTarget(target: TargetInfo): Promise<void>;
	/** Real key presses into whatever has the focus, xdotool's names: "alt+shift+s", "ctrl+l". */
	press(keys: string): Promise<void>;
	/** A real left click in the middle of the window's page. */
	clickPage(): Promise<void>;
	/** What the X clipboard holds ("" when nothing does). */
	clipboard(): Promise<string>;
	/** Puts `text` on the X clipboard, as another application copying would. */
	copyElsewhere(text: string): Promise<void>;
	close(): Promise<void>;
}

/** A display number no X server uses here, from 90 on. */
function freeDisplay(): number {
	for (let display = 90; display < 190; display++)
		if (!existsSync(`/tmp/.X11-unix/X${display}`) && !existsSync(`/tmp/.X${display}-lock`)) return display;
	throw new Error("no free X display between :90 and :189");
}

/** Chrome's --remote-debugging-pipe: JSON messages, each ended by a NUL, written to its fd 3, read from its fd 4. */
function pipeConnection(toBrowser: Writable, fromBrowser: Readable) {
	let nextId = 1;
	let buffered = "";
	const waiting = new Map<number, { resolve(result: unknown): void; reject(error: Error): void }>();
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
	fromBrowser.on("close", () => {
		for (const caller of waiting.values()) caller.reject(new Error("Chromium closed its DevTools pipe"));
		waiting.clear();
	});
	return (method: string, params: object = {}): Promise<unknown> =>
		new Promise((resolve, reject) => {
			const id = nextId++;
			waiting.set(id, { resolve, reject });
			toBrowser.write(`${JSON.stringify({ id, method, params })}\0`);
		});
}

function exited(child: ChildProcess): Promise<void> {
	return new Promise((done) => {
		if (child.exitCode !== null || child.signalCode !== null) done();
		else child.once("exit", () => done());
	});
}

/**
 * An X display, then Chromium with the build in `extensionDir` opening `url` in its one window, which
 * fills the display. Resolves once the extension's worker has started (the extension is installed).
 */
export async function launchRealWindow(extensionDir: string, url: string): Promise<RealWindow> {
	const executablePath = findChromium();
	if (!executablePath) throw new Error(INSTALL_HINT);
	const display = freeDisplay();
	const env = { ...process.env, DISPLAY: `:${display}` };
	const x = spawn("Xvfb", [`:${display}`, "-screen", "0", `${WIDTH}x${HEIGHT}x24`, "-nolisten", "tcp"], {
		stdio: "ignore",
	});
	const profile = mkdtempSync(join(tmpdir(), "shorty-real-window-"));
	let browser: ChildProcess | undefined;
	const close = async () => {
		browser?.kill();
		if (browser) await exited(browser);
		x.kill();
		await exited(x);
		rmSync(profile, { recursive: true, force: true });
	};
	try {
		await poll(async () => existsSync(`/tmp/.X11-unix/X${display}`));
		browser = spawn(
			executablePath,
			[
				...chromiumArgs(extensionDir),
				`--user-data-dir=${profile}`,
				"--no-first-run",
				"--no-default-browser-check",
				"--password-store=basic",
				"--remote-debugging-pipe",
				"--window-position=0,0",
				`--window-size=${WIDTH},${HEIGHT}`,
				url,
			],
			{ env, stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"] },
		);
		const send = pipeConnection(browser.stdio[3] as Writable, browser.stdio[4] as Readable);
		const targets = async () => ((await send("Target.getTargets")) as { targetInfos: TargetInfo[] }).targetInfos;
		await poll(async () =>
			(await targets()).some(
				(target) => target.type === "service_worker" && target.url.startsWith("chrome-extension://"),
			),
		);
		const xdotool = (...args: string[]) => run("xdotool", args, { env }).then(() => undefined);
		return {
			targets,
			async closeTarget({ targetId }) {
				await send("Target.closeTarget", { targetId });
				await poll(async () => !(await targets()).some((target) => target.targetId === targetId));
			},
			press: (keys) => xdotool("key", "--clearmodifiers", keys),
			clickPage: () => xdotool("mousemove", String(WIDTH / 2), String(HEIGHT / 2), "click", "1"),
			async clipboard() {
				try {
					return (await run("xclip", ["-selection", "clipboard", "-out"], { env })).stdout;
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
		throw error;
	}
}
