// Launches real Chromium with the built extension (dist/) loaded unpacked, the way a user's browser
// would run it, and exposes what the end-to-end tests need: pages, the service worker, its errors.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page, type Worker } from "playwright-core";
import { inject } from "vitest";
import { findChromium, INSTALL_HINT } from "../../scripts/chromium.mjs";

export interface Extension {
	context: BrowserContext;
	id: string;
	/** The worker as first started; Playwright does not attach to it again after Chrome restarts it. */
	worker: Worker;
	/** Console errors from that first worker, oldest first. */
	workerErrors: string[];
	/** Opens an extension page (e.g. "popup/index.html") in a new tab. */
	openPage(path: string): Promise<Page>;
	/** Stops the service worker the way Chrome does when it idles, and waits until it is gone. */
	terminateWorker(): Promise<void>;
	close(): Promise<void>;
}

/** Launches Chromium with the build the suite's setup made against its backend. */
export async function launchExtension(): Promise<Extension> {
	const extensionDir = inject("extensionDir");
	if (!existsSync(join(extensionDir, "manifest.json"))) throw new Error(`No extension build at ${extensionDir}`);
	const executablePath = findChromium();
	if (!executablePath) throw new Error(INSTALL_HINT);

	const profile = mkdtempSync(join(tmpdir(), "shorty-e2e-"));
	const context = await chromium.launchPersistentContext(profile, {
		executablePath,
		headless: true,
		// Playwright disables extensions by default; the test needs exactly ours.
		ignoreDefaultArgs: ["--disable-extensions"],
		args: [
			`--disable-extensions-except=${extensionDir}`,
			`--load-extension=${extensionDir}`,
			"--no-sandbox",
			"--disable-gpu",
			"--disable-dev-shm-usage",
			// Without these Chromium keeps dialing Google's hosts, which this network refuses.
			"--disable-background-networking",
			"--disable-component-update",
			"--disable-sync",
			"--disable-quic",
		],
	});

	const isOurs = (worker: Worker) => worker.url().startsWith("chrome-extension://");
	const worker = context.serviceWorkers().find(isOurs) ?? (await context.waitForEvent("serviceworker", isOurs));
	const workerErrors: string[] = [];
	worker.on("console", (message) => {
		if (message.type() === "error") workerErrors.push(message.text());
	});
	const id = new URL(worker.url()).host;

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
		async terminateWorker() {
			const page = context.pages()[0] ?? (await context.newPage());
			const cdp = await context.newCDPSession(page);
			const findWorker = async () => {
				const { targetInfos } = await cdp.send("Target.getTargets");
				return targetInfos.find((info) => info.type === "service_worker" && info.url.includes(id));
			};
			const target = await findWorker();
			if (!target) throw new Error("The extension's service worker is not running");
			await cdp.send("Target.closeTarget", { targetId: target.targetId });
			while (await findWorker()) await new Promise((settle) => setTimeout(settle, 50));
			await cdp.detach();
		},
		async close() {
			await context.close();
			rmSync(profile, { recursive: true, force: true });
		},
	};
}
