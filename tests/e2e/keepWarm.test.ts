/**
 * After a use, the background keeps running past the browser's idle stop (background/keepWarm.ts), in
 * Chromium and in Firefox. Slow by nature: each browser first shows that it does stop an unused background
 * here (about 30 s), then that a used one is still the same instance after another WAITED_MS; both
 * browsers at once.
 *
 * Chromium runs without DevTools on its worker (./unattachedChromium.ts), as Chrome never stops a worker
 * so attached; the other tests stop it through CDP instead of waiting.
 */
import { rmSync } from "node:fs";
import type { Page } from "puppeteer-core";
import { describe, expect, inject, it } from "vitest";
import { firefoxMissing } from "../../scripts/firefox.mjs";
import { buildFirefoxExtension, launchFirefoxExtension } from "./firefoxBrowser";
import { launchUnattachedChromium } from "./unattachedChromium";

/** Past the browser's 30 s and a nudge or two: a background nobody kept would have stopped by then. */
const WAITED_MS = 45_000;
/** Both browsers stop an unused background about 30 s after its last event; this is the most waited for it. */
const IDLE_STOP_WITHIN_MS = 60_000;
const TEST_MS = 180_000;

const wait = (ms: number) => new Promise((settle) => setTimeout(settle, ms));

/** Polls `check` every second until it gives something truthy, and returns that; undefined if it never did within `ms`. */
async function eventually<T>(check: () => Promise<T>, ms: number): Promise<T | undefined> {
	const deadline = Date.now() + ms;
	while (Date.now() < deadline) {
		const value = await check();
		if (value) return value;
		await wait(1_000);
	}
	return undefined;
}

interface Ping {
	ok: true;
	data: { startedAt: number };
}

/** When the background that answers `page`'s ping started. */
async function startedAt(page: Page): Promise<number> {
	// `browser` in Firefox, `chrome` in Chromium: both return a promise.
	const reply = (await page.evaluate(() => {
		const api = (globalThis as unknown as { browser?: typeof chrome }).browser ?? chrome;
		return api.runtime.sendMessage({ type: "ping" });
	})) as Ping;
	return reply.data.startedAt;
}

describe.concurrent("the background after a use", () => {
	it(
		"Chromium keeps the worker that a page used, and stops one nobody used",
		async () => {
			const chromium = await launchUnattachedChromium(inject("extensionDir"));
			try {
				// Installed, never used: Chromium stops it as usual, so what follows is not DevTools keeping it.
				expect(await eventually(async () => !(await chromium.workerRunning()), IDLE_STOP_WITHIN_MS)).toBe(true);

				const page = await chromium.browser.newPage();
				await page.goto(`${chromium.origin}/offscreen/index.html`);
				const started = await startedAt(page);
				await wait(WAITED_MS);
				expect(await chromium.workerRunning()).toBe(true);
				expect(await startedAt(page)).toBe(started);
			} finally {
				await chromium.close();
			}
		},
		TEST_MS,
	);

	it.skipIf(firefoxMissing())(
		"Firefox keeps the background page that a page used, and stops one nobody used",
		async () => {
			const extensionDir = await buildFirefoxExtension(inject("backend"));
			const firefox = await launchFirefoxExtension(extensionDir);
			try {
				expect(await eventually(async () => (await firefox.backgroundState()) === "stopped", IDLE_STOP_WITHIN_MS)).toBe(
					true,
				);

				const page = await firefox.openPage("options/index.html");
				const started = await startedAt(page);
				await wait(WAITED_MS);
				expect(await firefox.backgroundState()).toBe("running");
				expect(await startedAt(page)).toBe(started);
			} finally {
				await firefox.close();
				rmSync(extensionDir, { recursive: true, force: true });
			}
		},
		TEST_MS,
	);
});
