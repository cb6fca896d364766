/**
 * Chromium with a build loaded, launched by Puppeteer, which detaches at once from every service worker it
 * did not ask for, so the extension's worker idles and stops as in a user's browser, 30 s after its last event.
 * Playwright's Chromium (./extension.ts) cannot show that: it attaches DevTools to every worker, and Chrome
 * never stops a worker DevTools is attached to. For the keep-warm test and bench (background/keepWarm.ts).
 *
 * The worker Chrome started to install the extension is stopped once before anything else: Chrome 156
 * sometimes does not idle that one (in a scratch rig 7 of 28 ran on past 90 s, with no extension API call
 * or event pending; in CI one ran past two minutes), while all 40 workers started after a stop idled at 30 s.
 * So each use starts a worker as in a browser that has run a while.
 */
import puppeteer, { type Browser, type CDPSession, type Page, type Protocol } from "puppeteer-core";
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
 * Stops the extension's first worker once it is active, through the ServiceWorker domain of a page's session,
 * which leaves DevTools off the worker; the next event starts a new one. As terminateWorker (./extension.ts)
 * found, Chrome sometimes ignores a stop while a worker is starting, so it is sent again until that version
 * has stopped. The menus its onInstalled makes may be cut short: neither the test nor the bench uses them.
 */
async function stopInstallWorker(page: Page, origin: string): Promise<void> {
	const cdp = await page.createCDPSession();
	try {
		const versions = new Map<string, Protocol.ServiceWorker.ServiceWorkerVersion>();
		cdp.on("ServiceWorker.workerVersionUpdated", (event) => {
			for (const version of event.versions)
				if (version.scriptURL.startsWith(origin)) versions.set(version.versionId, version);
		});
		await cdp.send("ServiceWorker.enable");
		const { versionId } = await poll(async () =>
			[...versions.values()].find((version) => version.status === "activated"),
		);
		await poll(async () => {
			if (versions.get(versionId)?.runningStatus === "stopped") return true;
			await cdp.send("ServiceWorker.stopWorker", { versionId });
			return false;
		});
	} finally {
		await cdp.detach().catch(() => undefined);
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
		const [blank] = await browser.pages();
		if (!blank) throw new Error("Chromium opened no page");
		await stopInstallWorker(blank, origin);
		return {
			browser,
			origin,
			workerRunning: async () => (await workerUrl(cdp, origin)) !== undefined,
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
