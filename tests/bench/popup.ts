/**
 * Time to link: from a real toolbar click on a page (CDP Extensions.triggerAction, as in the e2e suite)
 * to the short link in the popup's DOM, read from the `shorty:link-shown` mark the popup sets when it
 * renders the link; and the part of it that is Shorty's own, from the popup document's start (its
 * performance.timeOrigin) to that mark. The rest is Chrome opening the popup. 30 clicks on pages never
 * shortened before (each a Firestore transaction), then 30 on one already shortened (a single query
 * finds it), against a throwaway local backend.
 * Run: npx tsx tests/bench/popup.ts
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { launchExtension } from "../e2e/extension";
import { buildExtension } from "../e2e/setup";
import { serveTestSite } from "../e2e/testSite";
import { startTestBackend } from "../testBackend";

const RUNS = 30;

function percentile(samples: number[], p: number): number {
	const sorted = [...samples].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
}

const backend = await startTestBackend();
const extensionDir = mkdtempSync(join(tmpdir(), "shorty-bench-extension-"));
const site = await serveTestSite((path) => `<!doctype html><title>Bench ${path}</title><p>A page to shorten</p>`);
const { origin } = site;

try {
	await buildExtension(extensionDir, {
		VITE_AUTH_EMULATOR_HOST: backend.hosts.auth,
		VITE_FIRESTORE_EMULATOR_HOST: backend.hosts.firestore,
		VITE_SHORT_LINK_BASE: `http://${backend.hosts.hosting ?? "127.0.0.1:5000"}/`,
	});
	const extension = await launchExtension(extensionDir);
	const tab: Page = await extension.context.newPage();

	/** Milliseconds from the click, and from the popup's start, to the link being rendered for `path`. */
	async function timeToLink(path: string): Promise<{ total: number; popup: number }> {
		await tab.goto(`${origin}${path}`);
		await tab.bringToFront();
		const popup = await extension.clickAction(tab);
		const shown = await popup.waitFor(() => {
			const mark = performance.getEntriesByName("shorty:link-shown")[0];
			return mark ? { origin: performance.timeOrigin, sinceOrigin: mark.startTime } : null;
		});
		await popup.close();
		return { total: shown.origin + shown.sinceOrigin - popup.clickedAt, popup: shown.sinceOrigin };
	}

	// The first click signs in anonymously and warms the worker; it is not what a returning user sees.
	await timeToLink("/warm-up");
	const fresh: Array<{ total: number; popup: number }> = [];
	for (let run = 0; run < RUNS; run++) fresh.push(await timeToLink(`/new/${run}`));
	const repeated: Array<{ total: number; popup: number }> = [];
	for (let run = 0; run < RUNS; run++) repeated.push(await timeToLink("/new/0"));
	await extension.close();

	const figure = (samples: number[]) =>
		`p50 ${percentile(samples, 50).toFixed(0).padStart(3)} ms, p95 ${percentile(samples, 95).toFixed(0).padStart(3)} ms`;
	console.log(`Popup time to link, ${RUNS} clicks each: click to link | popup start to link (Shorty's part)`);
	for (const [name, runs] of [
		["new URL", fresh],
		["repeated URL", repeated],
	] as const) {
		const totals = runs.map((run) => run.total);
		const own = runs.map((run) => run.popup);
		console.log(`  ${name.padEnd(13)} ${figure(totals)} | ${figure(own)}`);
	}
} finally {
	site.close();
	await backend.stop();
	rmSync(extensionDir, { recursive: true, force: true });
}
