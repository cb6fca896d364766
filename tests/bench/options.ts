/**
 * The options page with 100 and with 10,000 links: time to the first rendered page (navigation start to
 * the `shorty:links-shown` mark the table sets when a page of links renders), and time from a click on
 * Next to the next page rendered. Both are one page from the worker's copy of the links (searchLinks), so
 * neither should grow with the total. Each account is measured once its copy has synced in full. 20 runs
 * each (in four rounds that alternate the two accounts, after a warm-up each), in real Chromium against
 * a local backend.
 * Run: npx tsx tests/bench/options.ts
 */
import type { Page } from "playwright-core";
import { seedAccount } from "../../local/seed";
import type { AnyRequest, Reply } from "../../src/messages";
import { withExtensionRig } from "./extensionRig";
import { optionsFirstPage } from "./paths";
import { record } from "./report";
import { benchRuns, p50p95, percentile, sample } from "./stats";

const ASKED = benchRuns(20);
const ROUNDS = Math.min(4, ASKED);
const RUNS_A_ROUND = Math.ceil(ASKED / ROUNDS);
/** The runs made, whole rounds of them: ASKED, or a little more. */
const RUNS = ROUNDS * RUNS_A_ROUND;
const SIZES = [100, 10_000];

/**
 * Clicks the button named `name` ("Next", "Page 1": its aria-label, or its text without what is hidden from
 * assistive technology, such as Next's arrow) and resolves with the milliseconds until the next page of
 * links renders.
 */
function clickUntilShown(page: Page, name: string): Promise<number> {
	return page.evaluate(
		(label) =>
			new Promise<number>((resolve, reject) => {
				const button = [...document.querySelectorAll("button")].find((candidate) => {
					const shown = [...candidate.childNodes].filter(
						(node) => !(node instanceof Element && node.getAttribute("aria-hidden") === "true"),
					);
					const text = shown
						.map((node) => node.textContent)
						.join("")
						.trim();
					return (candidate.getAttribute("aria-label") ?? text) === label;
				});
				if (!button) return reject(new Error(`no ${label} button`));
				const started = performance.now();
				new PerformanceObserver((list, observer) => {
					const shown = list.getEntriesByName("shorty:links-shown")[0];
					if (!shown) return;
					observer.disconnect();
					resolve(shown.startTime - started);
				}).observe({ type: "mark" });
				button.click();
			}),
		name,
	);
}

const firstPageMs = async (page: Page, url: string) => (await optionsFirstPage(page, url)).ms;

await withExtensionRig(async ({ backend, extension }) => {
	const page = await extension.openPage("options/index.html");
	const url = page.url();
	const send = (request: AnyRequest) => page.evaluate((message) => chrome.runtime.sendMessage(message), request);
	/** Resolves once the signed-in account's copy of its links has synced in full (syncLinks waits for it). */
	const syncInFull = async () => {
		const reply = (await send({ type: "syncLinks" })) as Reply<"syncLinks">;
		if (!reply.ok || !reply.data.complete) throw new Error(`the links did not sync in full: ${JSON.stringify(reply)}`);
	};

	const accounts = SIZES.map((size) => ({ email: `bench-${size}@shorty.test`, password: "bench-options" }));
	for (const [index, account] of accounts.entries()) await seedAccount(backend, account, SIZES[index] ?? 0);

	// Sizes take turns, a few runs at a time, so a burst of load on a shared machine lands on both alike.
	const first = SIZES.map((): number[] => []);
	const next = SIZES.map((): number[] => []);
	for (let round = 0; round < ROUNDS; round++) {
		for (const [index, account] of accounts.entries()) {
			await send({ type: "signIn", ...account });
			await firstPageMs(page, url);
			// Signing in drops the other account's copy, so this one syncs in full again: measured after it, not
			// beside its pages (each of which the open page reloads for).
			await syncInFull();
			first[index]?.push(...(await sample(RUNS_A_ROUND, () => firstPageMs(page, url))));
			await clickUntilShown(page, "Next");
			await clickUntilShown(page, "Page 1");
			const moves = await sample(RUNS_A_ROUND, async () => {
				const ms = await clickUntilShown(page, "Next");
				await clickUntilShown(page, "Page 1");
				return ms;
			});
			next[index]?.push(...moves);
		}
	}

	console.log(`Options page, ${RUNS} runs each (25 rows per page):`);
	for (const [index, size] of SIZES.entries()) {
		const links = `${size.toLocaleString("en-US")} links`;
		record(`options: load to first page rendered, ${links}`, p50p95(first[index] ?? []));
		record(`options: Next to next page rendered, ${links}`, p50p95(next[index] ?? []));
	}
	// The claim the index makes: paging costs the same whatever the total, so this stays near 1.
	const ratio = percentile(next.at(-1) ?? [], 50) / percentile(next[0] ?? [], 50);
	const [fewest, most] = [SIZES[0], SIZES.at(-1)].map((size) => size?.toLocaleString("en-US"));
	record(`options: Next page p50 at ${most} links ÷ at ${fewest}`, ratio.toFixed(2));
});
