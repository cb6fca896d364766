/**
 * Chromium with a build loaded, launched by Puppeteer, which detaches at once from every worker it did not
 * ask for, so the extension's worker idles and stops as in a user's browser, 30 s after its last event.
 * Playwright's Chromium (./extension.ts) cannot show that: it attaches DevTools to every worker, and Chrome
 * never stops a worker DevTools is attached to. For the keep-warm test and bench (background/keepWarm.ts).
 *
 * The worker Chrome started to install the extension is stopped once before anything else: Chrome 156
 * sometimes never idles that one (7 of 28 ran on past 90 s, with no extension API call or event pending),
 * while every worker started after a stop idled at 30 s (40 of 40). So each use starts a worker as in a
 * browser that has run a while.
 */
import puppeteer, { type Browser, type CDPSession, type Page } from "puppeteer-core";
import { findChromium, INSTALL_HINT } from "../../scripts/chromium.mjs";
import { chromiumArgs, poll, type SendCdp, triggerAction } from "./extension";

export interface UnattachedChromium {
	browser: Browser;
	/** The extension's origin, chrome-extension://<id>. */
	origin: string;
	/** Whether the extension's worker runs now (Chrome lists a worker's target only while it runs). */
	workerRunning(): Promise<boolean>;
	/** A real toolbar click with `tab` in front: the popup it opened, and when the click was sent (Date.now()). */
	clickAction(tab: Page): Promise<{ popup: Page; clickedAt: number }>;
	close(): Promise<void>;
}

async function workerUrl(cdp: CDPSession, origin = "chrome-extension://"): Promise<string | undefined> {
	const { targetInfos } = await cdp.send("Target.getTargets");
	return targetInfos.find((info) => info.type === "service_worker" && info.url.startsWith(origin))?.url;
}

/**
 * Stops the extension's worker once it is active, through the ServiceWorker domain of a page's session, which
 * leaves DevTools off the worker; the next event starts a new one.
 */
async function stopInstallWorker(page: Page, origin: string, running: () => Promise<boolean>): Promise<void> {
	const cdp = await page.createCDPSession();
	try {
		let active = false;
		cdp.on("ServiceWorker.workerVersionUpdated", ({ versions }) => {
			active ||= versions.some((version) => version.scriptURL.startsWith(origin) && version.status === "activated");
		});
		await cdp.send("ServiceWorker.enable");
		await poll(async () => active);
		await cdp.send("ServiceWorker.stopAllWorkers");
		await poll(async () => !(await running()));
		await cdp.send("ServiceWorker.disable");
	} finally {
		await cdp.detach();
	}
}

export async function launchUnattachedChromium(extensionDir: string): Promise<UnattachedChromium> {
	const executablePath = findChromium();
	if (!executablePath) throw new Error(INSTALL_HINT);
	const browser = await puppeteer.launch({
		browser: "chrome",
		executablePath,
		headless: true,
		// The Extensions domain (a toolbar click) answers over a pipe only.
		pipe: true,
		ignoreDefaultArgs: ["--disable-extensions"],
		args: chromiumArgs(extensionDir),
	});
	try {
		const cdp = await browser.target().createCDPSession();
		// Puppeteer's protocol types lack the Extensions domain.
		const send = cdp.send.bind(cdp) as unknown as SendCdp;
		// URL's own `origin` is "null" for a chrome-extension: address.
		const id = new URL(await poll(() => workerUrl(cdp))).host;
		const origin = `chrome-extension://${id}`;
		const popupUrl = `${origin}/popup/index.html`;
		const workerRunning = async () => (await workerUrl(cdp, origin)) !== undefined;
		const [blank] = await browser.pages();
		if (!blank) throw new Error("Chromium opened no page");
		await stopInstallWorker(blank, origin, workerRunning);
		return {
			browser,
			origin,
			workerRunning,
			async clickAction(tab) {
				await tab.bringToFront();
				const opened = browser.waitForTarget((candidate) => candidate.url() === popupUrl, { timeout: 10_000 });
				const clickedAt = await triggerAction(send, id, tab.url());
				const popup = await (await opened).asPage();
				return { popup, clickedAt };
			},
			close: () => browser.close(),
		};
	} catch (error) {
		await browser.close();
		throw error;
	}
}
