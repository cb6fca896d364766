// Launches real Chromium with the built extension (dist/) loaded unpacked, the way a user's browser
// would run it, and exposes what the end-to-end tests need: pages, the service worker, its errors.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import axe from "axe-core";
import { type BrowserContext, type CDPSession, chromium, type Page, type Worker } from "playwright-core";
import { inject } from "vitest";
import { findChromium, INSTALL_HINT } from "../../scripts/chromium.mjs";
import { TEST_SITE_CHROMIUM_ARGS } from "./testSite";

/**
 * The toolbar popup. Chrome does not hand it to Playwright as a Page, so it is driven over CDP: functions
 * run inside it, serialised, and cannot close over the test's variables (pass `arg` instead).
 */
export interface ActionPopup {
	/** Date.now() just before the click (or the openPopup call) was sent: where time-to-link starts. */
	clickedAt: number;
	evaluate<T, A = undefined>(fn: (arg: A) => T | Promise<T>, arg?: A): Promise<T>;
	/** Runs a script's source in the popup, as CDP does: the popup's CSP governs script tags and eval, not this. */
	runScript(source: string): Promise<void>;
	/** Polls `fn` until it returns something truthy, and returns that. */
	waitFor<T, A = undefined>(fn: (arg: A) => T | Promise<T>, arg?: A): Promise<NonNullable<T>>;
	/** Cuts the popup off the network, or reconnects it, as the browser going offline does (navigator.onLine, events). */
	setOffline(offline: boolean): Promise<void>;
	/** Loads the popup afresh in place, keeping its network conditions, and waits for the new document. */
	reload(): Promise<void>;
	/** Shows the popup in the light or dark scheme (prefers-color-scheme), or back to the browser's own. */
	setColorScheme(scheme: "light" | "dark" | null): Promise<void>;
	/** A PNG of the popup as it is drawn, at its own size. */
	screenshot(): Promise<Buffer>;
	close(): Promise<void>;
}

export interface Extension {
	context: BrowserContext;
	id: string;
	/** The worker as first started; Playwright does not attach to it again after Chrome restarts it. */
	worker: Worker;
	/** Console errors from that first worker, oldest first. */
	workerErrors: string[];
	/** Opens an extension page (e.g. "popup/index.html") in a new tab. */
	openPage(path: string): Promise<Page>;
	/**
	 * Clicks the toolbar button for `page`'s tab, as a user does: Chrome grants activeTab for that tab and
	 * opens the popup. (CDP's Extensions.triggerAction.)
	 */
	clickAction(page: Page): Promise<ActionPopup>;
	/**
	 * Opens the popup with chrome.action.openPopup() from `worker` (the first one). No click means no
	 * activeTab, so the popup cannot read the tab's address.
	 */
	openPopup(): Promise<ActionPopup>;
	/**
	 * Stops the service worker the way Chrome does when it idles, and waits until it is gone. Chrome idles out
	 * only an active worker; one stopped before it was (just installed) sometimes never started again for a
	 * message ("Receiving end does not exist"), so this waits for that first.
	 */
	terminateWorker(): Promise<void>;
	/**
	 * Cuts the running service worker off the network, or reconnects it: its requests fail as they do
	 * when the connection drops. A worker Chrome starts afresh is online again.
	 */
	setWorkerOffline(offline: boolean): Promise<void>;
	close(): Promise<void>;
}

/**
 * How the e2e suite starts Chromium with the build in `extensionDir` loaded, in `language` (on Linux,
 * with LANGUAGE set to it in Chromium's environment too, as launchExtension does).
 */
export function chromiumArgs(extensionDir: string, language = "en-US", installable: string[] = []): string[] {
	return [
		// Any other extension is off, but for the builds a test installs later into the running browser.
		`--disable-extensions-except=${[extensionDir, ...installable].join(",")}`,
		`--load-extension=${extensionDir}`,
		`--lang=${language}`,
		"--no-sandbox",
		"--disable-gpu",
		"--disable-dev-shm-usage",
		// Opens CDP's Extensions domain (over a pipe), whose triggerAction is a toolbar click.
		"--enable-unsafe-extension-debugging",
		// Without these Chromium keeps dialing Google's hosts, which this network refuses.
		"--disable-background-networking",
		"--disable-component-update",
		"--disable-sync",
		"--disable-quic",
		...TEST_SITE_CHROMIUM_ARGS,
	];
}

/**
 * Launches Chromium with a build: by default the one the e2e suite's setup made against its backend, in
 * English, or in `language` ("de"): the browser's UI language, which chrome.i18n follows. With `profile`,
 * that folder is the browser's profile and outlives the browser, so a second launch is a browser start of
 * the same installation (its session kept, its caches in memory gone). `installable`: the folders of the
 * builds `installInRunningBrowser` may add later (Chromium turns off any other). `extraArgs` go to Chromium
 * after the suite's own.
 */
export async function launchExtension(
	extensionDir: string = inject("extensionDir"),
	{
		profile: keptProfile,
		language = "en-US",
		installable = [],
		extraArgs = [],
	}: { profile?: string; language?: string; installable?: string[]; extraArgs?: string[] } = {},
): Promise<Extension> {
	if (!existsSync(join(extensionDir, "manifest.json"))) throw new Error(`No extension build at ${extensionDir}`);
	const executablePath = findChromium();
	if (!executablePath) throw new Error(INSTALL_HINT);

	const profile = keptProfile ?? mkdtempSync(join(tmpdir(), "shorty-e2e-"));
	const context = await chromium.launchPersistentContext(profile, {
		executablePath,
		headless: true,
		// Chromium on Linux takes its UI language from the environment; --lang is for the other systems.
		env: { ...process.env, LANGUAGE: language, LC_ALL: "" },
		locale: language,
		// Playwright disables extensions by default; the test needs exactly ours.
		ignoreDefaultArgs: ["--disable-extensions"],
		args: [...chromiumArgs(extensionDir, language, installable), ...extraArgs],
	});

	const isOurs = (worker: Worker) => worker.url().startsWith("chrome-extension://");
	const worker = context.serviceWorkers().find(isOurs) ?? (await context.waitForEvent("serviceworker", isOurs));
	return extensionInBrowser(context, worker, async () => {
		await context.close();
		if (!keptProfile) rmSync(profile, { recursive: true, force: true });
	});
}

/**
 * Installs the build at `extensionDir` into `browser`'s running Chromium, as a user adds an extension
 * (CDP's Extensions.loadUnpacked): a new id, its own storage and no session. The launch must have named the
 * folder in `installable`. Its `worker` is the instance the installation started, which Chrome stops and
 * replaces within half a second (tests/bench/latency.ts, INSTALL_TO_CLICK_MS): drive the new extension by
 * clicks and pages, not through `worker`. Its `close` leaves the browser open.
 */
export async function installInRunningBrowser(browser: Extension, extensionDir: string): Promise<Extension> {
	const cdp = await browser.context.browser()?.newBrowserCDPSession();
	if (!cdp) throw new Error("Chromium's browser-level CDP session is not available");
	const isInstalled = (id: string) => (worker: Worker) => worker.url().startsWith(`chrome-extension://${id}/`);
	try {
		const { id } = (await cdp.send("Extensions.loadUnpacked" as never, { path: extensionDir } as never)) as {
			id: string;
		};
		const worker =
			browser.context.serviceWorkers().find(isInstalled(id)) ??
			(await browser.context.waitForEvent("serviceworker", isInstalled(id)));
		return extensionInBrowser(browser.context, worker, async () => undefined);
	} finally {
		await cdp.detach();
	}
}

/** The handle on the extension whose first worker is `worker`, in the browser of `context`. */
function extensionInBrowser(context: BrowserContext, worker: Worker, close: () => Promise<void>): Extension {
	const workerErrors: string[] = [];
	worker.on("console", (message) => {
		if (message.type() === "error") workerErrors.push(message.text());
	});
	const id = new URL(worker.url()).host;
	const browserSession = () => {
		const browser = context.browser();
		if (!browser) throw new Error("Chromium's browser-level CDP session is not available");
		return browser.newBrowserCDPSession();
	};
	const popupUrl = `chrome-extension://${id}/popup/index.html`;
	const runningWorker = async (cdp: CDPSession) =>
		(await cdp.send("Target.getTargets")).targetInfos.find(
			(info) => info.type === "service_worker" && info.url.includes(id),
		);
	/** The session holding the worker offline: emulation ends when it detaches. */
	let offlineWorker: { detach(): Promise<void> } | null = null;
	const popupTargets = async (cdp: CDPSession) =>
		(await cdp.send("Target.getTargets")).targetInfos
			.filter((info) => info.type === "page" && info.url === popupUrl)
			.map((info) => info.targetId);
	/** Whether a click has already opened no popup in this browser: a second such click fails. */
	let clickLost = false;
	/**
	 * Runs `open`, then attaches to the popup page it made (a new target, not a popup page already open). A
	 * click that opens nothing is made again once, as a user would, and timed from then (a bench would
	 * otherwise read the 10 s lost as Shorty's; the console says it happened): twice in some 25 CI
	 * runs, in a browser under load (once just launched), a click opened no popup within 10 s, most likely
	 * Chrome refusing the worker's openPopup (background/toolbar.ts), which leaves the tab's popup set, so
	 * that a second click opens it Chrome's way. A second lost click of this extension fails, so that a
	 * button that never opens its popup cannot pass.
	 */
	const popupOpenedBy = async (open: (cdp: CDPSession) => Promise<number>): Promise<ActionPopup> => {
		const cdp = await browserSession();
		const before = new Set(await popupTargets(cdp));
		const newPopup = async () => (await popupTargets(cdp)).find((target) => !before.has(target));
		let clickedAt = await open(cdp);
		let targetId = await poll(newPopup).catch((error: unknown) => {
			if (clickLost || !(error instanceof PollTimedOut)) throw error;
			return undefined;
		});
		if (targetId === undefined) {
			clickLost = true;
			console.warn(
				`A click opened no popup; clicking again. The worker's errors: ${workerErrors.join(" | ") || "none"}`,
			);
			// Not over a popup that opened late: Chrome refuses to open one while another is open.
			targetId = await newPopup();
			if (targetId === undefined) {
				clickedAt = await open(cdp);
				targetId = await poll(newPopup);
			}
		}
		return { ...(await attachPopup(cdp, targetId)), clickedAt };
	};

	return {
		context,
		id,
		worker,
		workerErrors,
		async openPage(path) {
			const page = await context.newPage();
			await page.goto(`chrome-extension://${id}/${path}`);
			return page;
		},
		clickAction: (page) =>
			popupOpenedBy((cdp) =>
				triggerAction((method, params) => cdp.send(method as never, params as never), id, page.url()),
			),
		openPopup: () =>
			popupOpenedBy(async () => {
				const clickedAt = Date.now();
				// The worker takes the button's clicks (background/toolbar.ts): no popup is set but while one opens.
				await worker.evaluate(async () => {
					await chrome.action.setPopup({ popup: chrome.runtime.getManifest().action?.default_popup ?? "" });
					try {
						await chrome.action.openPopup();
					} finally {
						await chrome.action.setPopup({ popup: "" });
					}
				});
				return clickedAt;
			}),
		async terminateWorker() {
			// The browser's own session, not a page's: a page picked here might be the offscreen clipboard
			// document, which closes itself a while after a copy and takes its session with it.
			const cdp = await browserSession();
			const target = await runningWorker(cdp);
			if (!target) throw new Error("The extension's service worker is not running");
			await activated(cdp, target.targetId);
			// Chrome sometimes ignores the close while the worker is still starting up, so it is sent again until
			// that instance is gone. That instance, not any worker: a page's request may start a new one at once.
			try {
				await poll(async () => {
					if ((await runningWorker(cdp))?.targetId !== target.targetId) return true;
					// It may be gone by now, which is what is wanted: "no target with that id" is no failure.
					await cdp.send("Target.closeTarget", { targetId: target.targetId }).catch(() => undefined);
					return false;
				});
			} finally {
				await cdp.detach();
			}
		},
		async setWorkerOffline(offline) {
			await offlineWorker?.detach();
			offlineWorker = null;
			if (!offline) return;
			const cdp = await browserSession();
			try {
				const target = await runningWorker(cdp);
				if (!target) throw new Error("The extension's service worker is not running");
				await (await attachTarget(cdp, target.targetId)).setOffline(true);
			} catch (error) {
				await cdp.detach();
				throw error;
			}
			offlineWorker = { detach: () => cdp.detach() };
		},
		close,
	};
}

/** The offscreen (clipboard) documents open, as the worker sees them: Chrome allows one at a time. */
export function clipboardDocuments(extension: Extension): Promise<{ documentId: string; documentUrl: string }[]> {
	return extension.worker.evaluate(async () =>
		(await chrome.runtime.getContexts({ contextTypes: [chrome.runtime.ContextType.OFFSCREEN_DOCUMENT] })).map(
			({ documentId, documentUrl }) => ({ documentId: documentId ?? "", documentUrl: documentUrl ?? "" }),
		),
	);
}

/** Closes the clipboard document, if one is open, as if it had closed itself. */
export function closeClipboardDocument(extension: Extension): Promise<void> {
	return extension.worker.evaluate(async () => {
		const kind = chrome.runtime.ContextType.OFFSCREEN_DOCUMENT;
		if ((await chrome.runtime.getContexts({ contextTypes: [kind] })).length > 0) await chrome.offscreen.closeDocument();
	});
}

/** A tab as Chrome passes it to a menu click or a command: with its URL, which the click or keypress grants. */
export interface EventTab {
	id: number;
	url: string;
	title?: string;
}

/**
 * `page`'s tab, brought to the front and granted activeTab by a real toolbar click (the popup it opens is
 * closed), as a menu click or keypress grants it: the tab as Chrome passes it with such an event. The
 * grant lasts until the tab navigates.
 */
export async function grantActiveTab(extension: Extension, page: Page): Promise<EventTab> {
	// A click that shows no popup is made again by clickAction (popupOpenedBy): it grants activeTab anyway.
	const popup = await extension.clickAction(page);
	await popup.close();
	await page.bringToFront();
	const [tab] = await extension.worker.evaluate(() => chrome.tabs.query({ active: true, lastFocusedWindow: true }));
	if (tab?.id === undefined || tab.url !== page.url()) throw new Error(`${page.url()} is not the active tab`);
	return { id: tab.id, url: tab.url };
}

/** A browser-level CDP session's `send`, as Playwright's and Puppeteer's both have it. */
export type SendCdp = (method: string, params?: object) => Promise<unknown>;

/**
 * A real toolbar click: CDP's Extensions.triggerAction (opened by --enable-unsafe-extension-debugging) on
 * the one tab showing `url`, which grants activeTab and opens the popup. Returns when it was sent (Date.now()).
 */
export async function triggerAction(send: SendCdp, extensionId: string, url: string): Promise<number> {
	// triggerAction wants the tab target, a parent of the page target a driver knows.
	const { targetInfos } = (await send("Target.getTargets", { filter: [{ type: "tab" }] })) as {
		targetInfos: Array<{ targetId: string; url: string }>;
	};
	const [tab, ...others] = targetInfos.filter((info) => info.url === url);
	if (!tab || others.length > 0) throw new Error(`Expected one tab at ${url}`);
	const clickedAt = Date.now();
	await send("Extensions.triggerAction", { id: extensionId, targetId: tab.targetId });
	return clickedAt;
}

/** poll's `find` gave nothing within its time. */
class PollTimedOut extends Error {}

/** Calls `find` every 50 ms until it gives something, and returns that; throws PollTimedOut after `timeoutMs`. */
export async function poll<T>(find: () => Promise<T>, timeoutMs = 10_000): Promise<NonNullable<T>> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const found = await find();
		if (found) return found;
		if (Date.now() > deadline)
			throw new PollTimedOut(`Timed out after ${timeoutMs / 1000} s waiting for ${find.toString()}`);
		await new Promise((settle) => setTimeout(settle, 50));
	}
}

/** Network conditions for a target: offline as a dropped connection shows it, or back to the real network. */
const networkConditions = (offline: boolean) => ({
	offline,
	latency: 0,
	downloadThroughput: -1,
	uploadThroughput: -1,
});

/**
 * A session on one target (the popup, the service worker) through the browser connection. Playwright's
 * CDPSession cannot address a flattened child session, so this uses the older form: messages wrapped in
 * Target.sendMessageToTarget. Emulation set through it lasts as long as the session.
 */
/** Waits, for up to 10 s, until the worker `targetId` is active (ServiceWorkerGlobalScope.serviceWorker). */
async function activated(cdp: CDPSession, targetId: string): Promise<void> {
	const worker = await attachTarget(cdp, targetId);
	const answer = await worker.send("Runtime.evaluate", {
		expression: `(async () => {
			const deadline = Date.now() + 10_000;
			while (self.serviceWorker.state !== "activated") {
				if (Date.now() > deadline) throw new Error("the worker was not active within 10 s");
				await new Promise((settle) => setTimeout(settle, 20));
			}
		})()`,
		awaitPromise: true,
	});
	if (answer?.exceptionDetails) throw new Error(`In the worker: ${answer.exceptionDetails.text}`);
}

async function attachTarget(cdp: CDPSession, targetId: string) {
	const { sessionId } = await cdp.send("Target.attachToTarget", { targetId, flatten: false });
	let lastId = 0;
	const pending = new Map<number, (message: CdpAnswer) => void>();
	cdp.on("Target.receivedMessageFromTarget", (event) => {
		if (event.sessionId !== sessionId) return;
		const message = JSON.parse(event.message) as CdpAnswer;
		if (message.id !== undefined) pending.get(message.id)?.(message);
	});
	async function send(method: string, params: object = {}): Promise<CdpAnswer["result"]> {
		const messageId = ++lastId;
		const answer = new Promise<CdpAnswer>((resolve) => pending.set(messageId, resolve));
		await cdp.send("Target.sendMessageToTarget", {
			sessionId,
			message: JSON.stringify({ id: messageId, method, params }),
		});
		const { result, error } = await answer;
		pending.delete(messageId);
		if (error) throw new Error(`CDP error in ${method}: ${error.message}`);
		return result;
	}
	return {
		send,
		async setOffline(offline: boolean) {
			await send("Network.enable");
			await send("Network.emulateNetworkConditions", networkConditions(offline));
		},
	};
}

async function attachPopup(cdp: CDPSession, targetId: string): Promise<Omit<ActionPopup, "clickedAt">> {
	const target = await attachTarget(cdp, targetId);
	async function evaluateExpression<T>(expression: string): Promise<T> {
		const result = await target.send("Runtime.evaluate", { expression, awaitPromise: true, returnByValue: true });
		if (result?.exceptionDetails) {
			throw new Error(
				`In the popup: ${result.exceptionDetails.exception?.description ?? result.exceptionDetails.text}`,
			);
		}
		return result?.result?.value as T;
	}
	const evaluate = <T, A>(fn: (arg: A) => T | Promise<T>, arg?: A): Promise<T> =>
		evaluateExpression<T>(`(${fn.toString()})(${JSON.stringify(arg ?? null)})`);
	return {
		evaluate,
		// The script's completion value could be anything; only its effects are wanted.
		runScript: (source) => evaluateExpression<void>(`${source}\n;undefined`),
		waitFor: (fn, arg) => poll(() => evaluate(fn, arg)),
		setOffline: target.setOffline,
		async reload() {
			// Page.reload answers once the reload is scheduled; the old document is marked so the wait below
			// ends only in the new one.
			await evaluateExpression("window.shortyOldDocument = true");
			await target.send("Page.enable");
			await target.send("Page.reload");
			await poll(() =>
				evaluate(() => !("shortyOldDocument" in window) && document.readyState === "complete").catch(() => false),
			);
		},
		async setColorScheme(scheme) {
			await target.send("Emulation.setEmulatedMedia", {
				features: [{ name: "prefers-color-scheme", value: scheme ?? "" }],
			});
		},
		async screenshot() {
			const result = await target.send("Page.captureScreenshot", { format: "png" });
			return Buffer.from(result?.data ?? "", "base64");
		},
		async close() {
			try {
				await cdp.send("Target.closeTarget", { targetId });
				// Gone, not only asked to close: a click while it is still there would be taken as one on the open popup.
				await poll(
					async () => !(await cdp.send("Target.getTargets")).targetInfos.some((info) => info.targetId === targetId),
				);
			} finally {
				await cdp.detach();
			}
		},
	};
}

interface CdpAnswer {
	id?: number;
	error?: { message: string };
	result?: {
		data?: string;
		result?: { value?: unknown };
		exceptionDetails?: { text: string; exception?: { description?: string } };
	};
}

/**
 * Types `value` into the popup's visible field labelled `label` and leaves it, as a user would: React
 * tracks the value it last set, so only the native setter plus an input event reads as typing.
 */
export async function fillPopupField(popup: ActionPopup, label: string, value: string): Promise<void> {
	await popup.waitFor(
		(typed) => {
			const field = [...document.querySelectorAll("label")]
				.filter((each) => each.textContent === typed.label)
				.map((each) => each.control)
				.find((control) => control instanceof HTMLInputElement && control.offsetParent !== null);
			if (!(field instanceof HTMLInputElement)) return false;
			field.focus();
			Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(field, typed.value);
			field.dispatchEvent(new Event("input", { bubbles: true }));
			field.blur();
			return true;
		},
		{ label, value },
	);
}

/** Clicks the popup's visible button named `name` (its text), once there is one. */
export async function pressPopupButton(popup: ActionPopup, name: string): Promise<void> {
	await popup.waitFor((wanted) => {
		const button = [...document.querySelectorAll("button")].find(
			(each) => each.textContent === wanted && each.offsetParent !== null,
		);
		button?.click();
		return button !== undefined;
	}, name);
}

/** The visible text of the popup's first element matching `selector`, once it exists; "" while empty. */
export function popupText(popup: ActionPopup, selector: string): Promise<string> {
	return popup.evaluate((css) => (document.querySelector(css) as HTMLElement | null)?.innerText ?? "", selector);
}

/**
 * Runs axe-core (already loaded) in the page it is evaluated in and returns its violations as
 * "rule (impact): target" lines. Self-contained, so it can be sent to any page or the popup; the lines are
 * made there because axe's full results are too deep for CDP to return by value.
 */
async function axeViolationsHere(): Promise<string[]> {
	const results = await (window as unknown as { axe: typeof axe }).axe.run(document);
	return results.violations.flatMap((violation) =>
		violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.target.join(" ")}`),
	);
}

/**
 * axe-core's accessibility violations on `page` as it stands. Loaded over CDP, which an extension page's
 * Content-Security-Policy does not govern (a script tag it would).
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
	await page.evaluate(axe.source);
	return page.evaluate(axeViolationsHere);
}

/** The same for the toolbar popup. */
export async function popupAccessibilityViolations(popup: ActionPopup): Promise<string[]> {
	await popup.runScript(axe.source);
	return popup.evaluate(axeViolationsHere);
}

/** Text people must be able to read: nothing on Shorty's pages is drawn smaller than this. */
export const MIN_TEXT_PX = 13;

/**
 * Every visible piece of text in the page it is evaluated in that is drawn below `minPx`, as
 * "<font size>px: <text>" lines. Self-contained, so it can be sent to a page or the popup.
 */
export function textSmallerThan(minPx: number): string[] {
	const found: string[] = [];
	const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	for (let node = walker.nextNode(); node; node = walker.nextNode()) {
		const text = node.textContent?.trim() ?? "";
		const element = node.parentElement;
		if (!text || !element || element.getClientRects().length === 0) continue;
		const style = getComputedStyle(element);
		// Visually hidden text (for screen readers) is clipped to a pixel and has no size to read.
		if (style.visibility === "hidden" || element.getBoundingClientRect().width <= 1) continue;
		const size = Number.parseFloat(style.fontSize);
		if (size < minPx) found.push(`${size}px: ${text.slice(0, 40)}`);
	}
	return found;
}
