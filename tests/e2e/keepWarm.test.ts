/**
 * After a use, the background keeps running past the browser's idle stop (background/keepWarm.ts), in
 * Chromium and in Firefox: each browser runs the build and, beside it, a copy whose background never
 * nudges (./withoutKeepWarm.ts), both used once at the same moment. Once the copy's background has
 * stopped, which shows this browser's idle stop has come, the build's is still running, and still the
 * instance that answered the use. Slow by nature (the browsers' 30 s and their idle checks); both browsers
 * at once.
 *
 * Chromium runs without DevTools on its worker (./unattachedChromium.ts), as Chrome never stops a worker
 * so attached; the other tests stop it through CDP instead of waiting.
 */
import { rmSync } from "node:fs";
import type { Page } from "puppeteer-core";
import { describe, expect, inject, it } from "vitest";
import { firefoxMissing } from "../../scripts/firefox.mjs";
import { OFFSCREEN_DOCUMENT } from "../../src/messages";
import { buildFirefoxExtension, launchFirefoxExtension } from "./firefoxBrowser";
import { launchUnattachedChromium, type UnattachedChromium } from "./unattachedChromium";
import { copyWithoutKeepWarm } from "./withoutKeepWarm";

/** Far past the browsers' 30 s: a busy machine's idle check may come late. */
const IDLE_STOP_WITHIN_MS = 120_000;
const TEST_MS = 240_000;

const wait = (ms: number) => new Promise((settle) => setTimeout(settle, ms));

/** Seconds from now until `check` holds, polled every second; it fails the test if that takes over `ms`. */
async function secondsUntil(check: () => Promise<boolean>, ms: number, what: string): Promise<number> {
	const start = Date.now();
	while (!(await check())) {
		if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms / 1000} s`);
		await wait(1_000);
	}
	return (Date.now() - start) / 1000;
}

interface Ping {
	ok: true;
	data: { startedAt: number };
}

/** When the background that answers `page`'s ping started: a use, as any message from Shorty's pages is. */
async function startedAt(page: Page): Promise<number> {
	// `browser` in Firefox, `chrome` in Chromium: both return a promise.
	const reply = (await page.evaluate(() => {
		const api = (globalThis as unknown as { browser?: typeof chrome }).browser ?? chrome;
		return api.runtime.sendMessage({ type: "ping" });
	})) as Ping;
	return reply.data.startedAt;
}

/** The clipboard document as a tab: a page of Shorty's that sends the worker nothing of its own. */
async function openQuietPage(chromium: UnattachedChromium): Promise<Page> {
	const page = await chromium.browser.newPage();
	await page.goto(`${chromium.origin}/${OFFSCREEN_DOCUMENT}`);
	return page;
}

describe.concurrent("the background after a use", () => {
	it(
		"Chromium keeps the used worker past the idle stop that a copy without keep-warm gets",
		async () => {
			const build = inject("extensionDir");
			const bare = copyWithoutKeepWarm(build);
			const [kept, plain] = await Promise.all([launchUnattachedChromium(build), launchUnattachedChromium(bare)]);
			try {
				const [keptPage, plainPage] = await Promise.all([openQuietPage(kept), openQuietPage(plain)]);
				const [started] = await Promise.all([startedAt(keptPage), startedAt(plainPage)]);
				const stoppedAfter = await secondsUntil(
					async () => !(await plain.workerRunning()),
					IDLE_STOP_WITHIN_MS,
					"the copy's worker stopping",
				);
				expect(stoppedAfter).toBeGreaterThanOrEqual(25);
				expect(await kept.workerRunning()).toBe(true);
				expect(await startedAt(keptPage)).toBe(started);
			} finally {
				await Promise.all([kept.close(), plain.close()]);
				rmSync(bare, { recursive: true, force: true });
			}
		},
		TEST_MS,
	);

	it.skipIf(firefoxMissing())(
		"Firefox keeps the used background page past the idle stop that a copy without keep-warm gets",
		async () => {
			const build = await buildFirefoxExtension(inject("backend"));
			const bare = copyWithoutKeepWarm(build);
			const [kept, plain] = await Promise.all([launchFirefoxExtension(build), launchFirefoxExtension(bare)]);
			try {
				const [keptPage, plainPage] = await Promise.all([
					kept.openPage("options/index.html"),
					plain.openPage("options/index.html"),
				]);
				const [started] = await Promise.all([startedAt(keptPage), startedAt(plainPage)]);
				const stoppedAfter = await secondsUntil(
					async () => (await plain.backgroundState()) === "stopped",
					IDLE_STOP_WITHIN_MS,
					"the copy's background page stopping",
				);
				expect(stoppedAfter).toBeGreaterThanOrEqual(25);
				expect(await kept.backgroundState()).toBe("running");
				expect(await startedAt(keptPage)).toBe(started);
			} finally {
				await Promise.all([kept.close(), plain.close()]);
				rmSync(build, { recursive: true, force: true });
				rmSync(bare, { recursive: true, force: true });
			}
		},
		TEST_MS,
	);
});
