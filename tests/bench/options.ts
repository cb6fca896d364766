/**
 * The options page with 100 and with 10,000 links: time to the first rendered page (navigation start to
 * the `shorty:links-shown` mark the table sets when a page of links renders), and time from a click on
 * Next to the next page rendered. Both cost one page and one count through the background, so neither
 * should grow with the total. 20 runs each (in four rounds that alternate the two accounts, after a
 * warm-up each), in real Chromium against a local backend.
 * Run: npx tsx tests/bench/options.ts
 */
import type { Page } from "playwright-core";
import { seedAccount } from "../../local/seed";
import type { AnyRequest } from "../../src/messages";
import { withExtensionRig } from "./extensionRig";
import { optionsFirstPage } from "./paths";
import { record } from "./report";
import { p50p95, percentile, sample } from "./stats";

const RUNS = 20;
const ROUNDS = 4;
const SIZES = [100, 10_000];

/** Clicks the button named `name` and resolves with the milliseconds until the next page of links renders. */
function clickUntilShown(page: Page, name: string): Promise<number> {
	return page.evaluate(
		(label) =>
			new Promise<number>((resolve, reject) => {
				const button = [...document.querySelectorAll("button")].find((candidate) => candidate.textContent === label);
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

	const accounts = SIZES.map((size) => ({ email: `bench-${size}@shorty.test`, password: "bench-options" }));
	for (const [index, account] of accounts.entries()) await seedAccount(backend, account, SIZES[index] ?? 0);

	// Sizes take turns, a few runs at a time, so a burst of load on a shared machine lands on both alike.
	const first = SIZES.map((): number[] => []);
	const next = SIZES.map((): number[] => []);
	for (let round = 0; round < ROUNDS; round++) {
		for (const [index, account] of accounts.entries()) {
			await send({ type: "signIn", ...account });
			await firstPageMs(page, url);
			first[index]?.push(...(await sample(RUNS / ROUNDS, () => firstPageMs(page, url))));
			await clickUntilShown(page, "Next");
			await clickUntilShown(page, "First");
			const moves = await sample(RUNS / ROUNDS, async () => {
				const ms = await clickUntilShown(page, "Next");
				await clickUntilShown(page, "First");
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
