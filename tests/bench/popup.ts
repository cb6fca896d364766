/**
 * Time to link: from a real toolbar click on a page (CDP Extensions.triggerAction, as in the e2e suite)
 * to the short link in the popup's DOM, read from the `shorty:link-shown` mark the popup sets when it
 * renders the link; and the popup page's part of it, from the popup document's start (its
 * performance.timeOrigin) to that mark, with when its first script ran and its own shorten left on the
 * way (the `shorty:first-script` and `shorty:shorten-sent` marks; in Chrome the worker sent the click's
 * before the page started, background/toolbar.ts). The rest is Chrome opening the popup. 30
 * clicks on pages never shortened before (each one commit), then 30 on one already shortened (the
 * worker's copy of the user's links finds it, no request), against a throwaway local backend at a round
 * trip of about 0 ms (tests/bench/latency.ts times the same paths at a distance).
 * Run: npx tsx tests/bench/popup.ts
 */
import { withExtensionRig } from "./extensionRig";
import { type TimeToLink, timeToLink } from "./paths";
import { record } from "./report";
import { benchRuns, p50p95 } from "./stats";

const RUNS = benchRuns(30);

await withExtensionRig(async ({ extension, site }) => {
	const tab = await extension.context.newPage();
	// The first click signs in anonymously and warms the worker; it is not what a returning user sees.
	await timeToLink(extension, tab, `${site.origin}/warm-up`);
	const fresh: TimeToLink[] = [];
	for (let run = 0; run < RUNS; run++) fresh.push(await timeToLink(extension, tab, `${site.origin}/new/${run}`));
	const repeated: TimeToLink[] = [];
	for (let run = 0; run < RUNS; run++) repeated.push(await timeToLink(extension, tab, `${site.origin}/new/0`));
	for (const [name, runs] of [
		["new URL", fresh],
		["repeated URL", repeated],
	] as const) {
		record(`popup click to link, ${name} (${RUNS} clicks)`, p50p95(runs.map((run) => run.ms)));
		record(`popup start to link, ${name} (the popup page's part)`, p50p95(runs.map((run) => run.popupMs)));
		record(`popup start to its first script, ${name}`, p50p95(runs.map((run) => run.firstScriptMs)));
		record(`popup start to the shorten sent, ${name}`, p50p95(runs.flatMap((run) => run.shortenSentMs ?? [])));
	}
});
