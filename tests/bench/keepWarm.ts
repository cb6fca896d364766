/**
 * What keeping the worker after a use saves (background/keepWarm.ts): a popup shorten of a new address
 * GAP_MS after the one before, past Chrome's 30 s idle stop, with the build as it is and with a copy whose
 * nudge does nothing (Chrome's own lifecycle), each in its own Chromium at 0 ms round trip. Chromium runs
 * without DevTools on the worker (tests/e2e/unattachedChromium.ts), so Chrome stops it as in a user's
 * browser; the two browsers take turns, half a gap apart, so no two shortens overlap. Each run checks that
 * the worker was running, or stopped, as its build says before the click. Slow by nature: GAP_MS a run.
 * Run: npx tsx tests/bench/keepWarm.ts.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "puppeteer-core";
import { buildLocalExtension } from "../../scripts/localBuild";
import { launchUnattachedChromium, type UnattachedChromium } from "../e2e/unattachedChromium";
import { withBenchBackend } from "./extensionRig";
import { record } from "./report";
import { benchRuns, p50p95 } from "./stats";

/** Past Chrome's 30 s with room for its idle check: every worker left alone is stopped by then. */
const GAP_MS = 45_000;
const RUNS = benchRuns(3);

const wait = (ms: number) => new Promise((settle) => setTimeout(settle, ms));

/** A copy of the build at `dir` whose worker never nudges the browser: stopped 30 s after its last event. */
function withoutNudges(dir: string): string {
	const copy = mkdtempSync(join(tmpdir(), "shorty-bench-no-nudge-"));
	cpSync(dir, copy, { recursive: true });
	const worker = join(copy, "service-worker.js");
	const source = readFileSync(worker, "utf8");
	const call = ".runtime.getPlatformInfo()";
	if (source.split(call).length !== 2) throw new Error(`Expected one ${call} in the worker: the nudge has changed`);
	writeFileSync(worker, source.replace(call, ".runtime.getPlatformInfo&&Promise.resolve()"));
	return copy;
}

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
		stopped = withoutNudges(kept);
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
				const running = await variant.chromium.workerRunning();
				if (running !== variant.running) {
					throw new Error(
						`${variant.name}: the worker was ${running ? "running" : "stopped"} ${GAP_MS / 1000} s after a use`,
					);
				}
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
