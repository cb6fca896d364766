/**
 * What keeping the worker after a use saves (background/keepWarm.ts): a popup shorten of a new address
 * GAP_MS after the one before, past Chrome's 30 s idle stop, with the build as it is and with a copy whose
 * nudge does nothing (Chrome's own lifecycle), each in its own Chromium at 0 ms round trip. Chromium runs
 * without DevTools on the worker (tests/e2e/unattachedChromium.ts), so Chrome stops it as in a user's
 * browser; the two browsers take turns, half a gap apart, so no two shortens overlap. Before each click the
 * worker must be running, or stopped (a late stop waited for), as its build says. Slow by nature: GAP_MS a run.
 * Run: npx tsx tests/bench/keepWarm.ts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "puppeteer-core";
import { buildLocalExtension } from "../../scripts/localBuild";
import { launchUnattachedChromium, type UnattachedChromium } from "../e2e/unattachedChromium";
import { copyWithoutKeepWarm } from "../e2e/withoutKeepWarm";
import { withBenchBackend } from "./extensionRig";
import { record } from "./report";
import { benchRuns, p50p95 } from "./stats";

/** Past Chrome's 30 s with room for its idle check: a worker left alone is nearly always stopped by then. */
const GAP_MS = 45_000;
const RUNS = benchRuns(3);
/** How much longer than the gap a worker left alone may take to stop. */
const STOP_GRACE_MS = 60_000;

const wait = (ms: number) => new Promise((settle) => setTimeout(settle, ms));

interface Variant {
	name: string;
	/** Whether its worker should be running when the next shorten comes. */
	running: boolean;
	chromium: UnattachedChromium;
	tab: Page;
	lastAt: number;
	clicks: number[];
	popups: number[];
}

/**
 * Until the worker runs, or has stopped, as `variant`'s build should by now; a stop may take a while longer
 * than the gap on a busy machine, as Chrome's idle check comes when it comes.
 */
async function inState(variant: Variant): Promise<void> {
	const deadline = Date.now() + STOP_GRACE_MS;
	while ((await variant.chromium.workerRunning()) !== variant.running) {
		if (variant.running || Date.now() > deadline) {
			const state = variant.running ? "stopped" : "still running";
			throw new Error(
				`${variant.name}: the worker was ${state} ${Math.round((Date.now() - variant.lastAt) / 1000)} s after a use`,
			);
		}
		await wait(1_000);
	}
}

/** A toolbar click on a new address to the link on screen: from the click, and from the popup's start. */
async function shorten(variant: Variant, url: string): Promise<{ click: number; popup: number }> {
	await variant.tab.goto(url);
	const { popup, clickedAt } = await variant.chromium.clickAction(variant.tab);
	const shown = await popup.waitForFunction(
		() => {
			const mark = performance.getEntriesByName("shorty:link-shown")[0];
			return mark && { origin: performance.timeOrigin, sinceOrigin: mark.startTime };
		},
		{ polling: 5, timeout: 30_000 },
	);
	const { origin, sinceOrigin } = (await shown.jsonValue()) as { origin: number; sinceOrigin: number };
	await popup.close();
	variant.lastAt = Date.now();
	return { click: origin + sinceOrigin - clickedAt, popup: sinceOrigin };
}

await withBenchBackend(async ({ backend, site }) => {
	const kept = mkdtempSync(join(tmpdir(), "shorty-bench-kept-"));
	let stopped: string | undefined;
	const variants: Variant[] = [];
	try {
		await buildLocalExtension(kept, backend);
		stopped = copyWithoutKeepWarm(kept);
		for (const [name, dir, running] of [
			["kept warm", kept, true],
			["stopped by Chrome (no nudge)", stopped, false],
		] as const) {
			const chromium = await launchUnattachedChromium(dir);
			const variant: Variant = {
				name,
				running,
				chromium,
				tab: await chromium.browser.newPage(),
				lastAt: 0,
				clicks: [],
				popups: [],
			};
			variants.push(variant);
			// The first shorten signs in and is the use the next one follows.
			await shorten(variant, `${site.origin}/keep-warm/${variants.length}/first`);
			if (variants.length === 1) await wait(GAP_MS / 2);
		}
		for (let run = 0; run < RUNS; run++) {
			for (const variant of variants) {
				await wait(variant.lastAt + GAP_MS - Date.now());
				await inState(variant);
				const timed = await shorten(variant, `${site.origin}/keep-warm/${variants.indexOf(variant) + 1}/${run}`);
				variant.clicks.push(timed.click);
				variant.popups.push(timed.popup);
			}
		}
		for (const { name, clicks, popups } of variants) {
			const figure = `popup click to link ${GAP_MS / 1000} s after the last shorten, worker ${name}`;
			record(`${figure} (${RUNS} runs)`, p50p95(clicks));
			record(`${figure}: popup start to link`, p50p95(popups));
		}
	} finally {
		await Promise.all(variants.map((variant) => variant.chromium.close()));
		rmSync(kept, { recursive: true, force: true });
		if (stopped) rmSync(stopped, { recursive: true, force: true });
	}
});
