/**
 * Redirect overhead: from starting a navigation to the target page's load event, through a short link
 * (the Hosting emulator hands it to the Cloud Function in the Functions emulator, which reads
 * targets/{code} from the local Firestore server, counts the visit and answers 302) against opening the
 * target directly. Headless Chromium, 30 runs each, alternating; as a first visit (a fresh browser
 * context: no cache, no open connections) and as a returning visitor (connections open). Also the size
 * of the static page that answers short links on the Spark plan. The function's answer alone, warm and
 * cold, is function.ts.
 * Run: npx tsx tests/bench/redirect.ts
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { type BrowserContext, chromium } from "playwright-core";
import { buildRedirectPage } from "../../redirect/build";
import { findChromium, INSTALL_HINT } from "../../scripts/chromium.mjs";
import { serveTestSite, TEST_SITE_CHROMIUM_ARGS } from "../e2e/testSite";
import { firestoreAdmin } from "../firestoreAdmin";
import { startTestBackend } from "../testBackend";
import { record } from "./report";
import { p50p95, percentile } from "./stats";

const RUNS = 30;
const CODE = "benchLink";

/** The built page's size, raw and gzip, as `npm run build` makes it. */
async function pageSize(): Promise<string> {
	const outDir = mkdtempSync(join(tmpdir(), "shorty-bench-redirect-"));
	try {
		await buildRedirectPage(outDir);
		const html = readFileSync(join(outDir, "index.html"));
		const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
		return `${kb(html.length)} raw, ${kb(gzipSync(html, { level: 9 }).length)} gzip`;
	} finally {
		rmSync(outDir, { recursive: true, force: true });
	}
}

const executablePath = findChromium();
if (!executablePath) throw new Error(INSTALL_HINT);
const backend = await startTestBackend({ redirectPage: true });
const site = await serveTestSite((path) => `<!doctype html><title>Bench ${path}</title><p>The target page</p>`);
const target = `${site.origin}/target`;
const browser = await chromium.launch({
	executablePath,
	headless: true,
	args: [
		"--no-sandbox",
		"--disable-gpu",
		"--disable-dev-shm-usage",
		"--disable-background-networking",
		...TEST_SITE_CHROMIUM_ARGS,
	],
});

try {
	if (!backend.hosts.hosting) throw new Error("The redirect bench needs the local backend's Hosting emulator");
	const shortLink = `http://${backend.hosts.hosting}/${CODE}`;
	await firestoreAdmin(`http://${backend.hosts.firestore}`).addLink(CODE, target);

	/** Milliseconds from asking `context` to open `url` to the load event of the target page. */
	async function timeToTarget(context: BrowserContext, url: string): Promise<number> {
		const page = await context.newPage();
		const start = Date.now();
		await page.goto(url, { waitUntil: "commit" });
		await page.waitForURL(target, { waitUntil: "load" });
		const loaded = await page.evaluate(() => {
			const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
			return performance.timeOrigin + (navigation?.loadEventEnd ?? Number.NaN);
		});
		await page.close();
		return loaded - start;
	}

	async function firstVisit(url: string): Promise<number> {
		const context = await browser.newContext();
		try {
			return await timeToTarget(context, url);
		} finally {
			await context.close();
		}
	}

	const returning = await browser.newContext();
	// One visit each first, so the page is cached and the connections are open.
	await timeToTarget(returning, shortLink);
	await timeToTarget(returning, target);

	const results: Record<string, { direct: number[]; short: number[] }> = {
		"first visit": { direct: [], short: [] },
		"returning visitor": { direct: [], short: [] },
	};
	for (const [name, open] of [
		["first visit", firstVisit],
		["returning visitor", (url: string) => timeToTarget(returning, url)],
	] as const) {
		const figures = results[name] as { direct: number[]; short: number[] };
		for (let run = 0; run < RUNS; run++) {
			figures.direct.push(await open(target));
			figures.short.push(await open(shortLink));
		}
	}
	await returning.close();

	record("static page, Spark plan (one file, script and styles inline)", await pageSize());
	for (const [name, { direct, short }] of Object.entries(results)) {
		const overhead = percentile(short, 50) - percentile(direct, 50);
		record(`${name}: target's load event, opened directly (${RUNS} runs)`, p50p95(direct));
		record(`${name}: target's load event, via the short link`, p50p95(short));
		record(`${name}: redirect overhead at p50`, `${overhead.toFixed(0)} ms`);
	}
} finally {
	await browser.close();
	site.close();
	await backend.stop();
}
