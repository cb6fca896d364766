/**
 * Shorty at a real-world distance: the extension built against latency proxies in front of the local Auth
 * and Firestore (latencyProxy.ts: one round trip per HTTP exchange, preflights included), timed at 0 ms
 * and at SHORTY_BENCH_RTT_MS (default 100) on each path a user waits on, with the requests each sends
 * before its result is there (CORS preflights counted apart), and for a popup's shorten the time from the
 * toolbar click to its commit reaching the proxy (the worker takes the click and sends it, background/toolbar.ts):
 * - popup click to link, and menu to clipboard, for a new and for a repeated address (steady state: the
 *   same browser, signed in, its preflights cached); the menu's copy made in the page, as from a real
 *   click, and through the clipboard document, as from a page that cannot take it, with none open (the
 *   first in a while) and with one kept from the copy before (another soon after);
 * - popup click to link after Chrome stopped the idle worker (it does 30 s after its last event, and five
 *   minutes after a use, as Shorty keeps it), for a new and a repeated address (also one whose copy of the
 *   links synced five minutes before, whose link is then read first), and after a long idle,
 *   when the ID tokens the worker and Auth saved have expired (they last an hour) but the refresh token holds;
 * - the first shorten after a browser start (the same installation relaunched: session kept, preflight
 *   cache gone, no worker running and the manifest's popup opening on the click), and the first shorten
 *   of a new install into a browser already running, as a user adds Shorty (anonymous sign-up included);
 * - the options page's first page of links;
 * - the two launches again with a copy of the build that asks for no host access, at SHORTY_BENCH_RTT_MS:
 *   what the host permissions save.
 * Run: npx tsx tests/bench/latency.ts (SHORTY_BENCH_RTT_MS=250 for a farther server). On a shared
 * machine, SHORTY_BENCH_LATENCY_PATHS picks some of the groups, e.g. "steady,launches" (steady: the popup,
 * menu and options rows; idle; launches: a browser start and a new install; no-hosts), and
 * SHORTY_BENCH_RUNS runs each path fewer times (at most that many launches too).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TRUST_HIT_FOR_MS } from "../../background/linkMirrors";
import { MIRROR_DATABASE_PREFIX } from "../../src/links/mirror/storage";
import { OFFSCREEN_DOCUMENT } from "../../src/messages";
import {
	closeClipboardDocument,
	type Extension,
	grantActiveTab,
	installInRunningBrowser,
	launchExtension,
} from "../e2e/extension";
import { withExtensionRig } from "./extensionRig";
import { benchRoundTrip, type Exchange } from "./latencyProxy";
import { type MenuCopy, menuToClipboard, optionsFirstPage, type TimedPath, type TimeToLink, timeToLink } from "./paths";
import { newLinksCountFromZero } from "./quotas";
import { record } from "./report";
import { benchRuns, p50p95 } from "./stats";

const ROUND_TRIP_MS = benchRoundTrip();
const RUNS = benchRuns(15);
/** Each browser start launches a browser, and each new install adds a copy of the build: fewer runs. */
const LAUNCHES = Math.min(5, RUNS);
/**
 * From a new install to its first click: a user clicks seconds after adding an extension (Chrome shows its
 * "added" bubble first). Straight after the installation Chrome stops the worker it started and starts it
 * again (checked every 500 ms: none running as the install returned, one from 0.5 s on), so a click in that
 * moment, which no user makes, would open the manifest's popup with no worker to take it.
 */
const INSTALL_TO_CLICK_MS = 3_000;
const PATH_GROUPS = ["steady", "idle", "launches", "no-hosts"] as const;
const GROUPS = groupsFromEnv();

function groupsFromEnv(): Set<(typeof PATH_GROUPS)[number]> {
	const text = process.env.SHORTY_BENCH_LATENCY_PATHS;
	if (text === undefined) return new Set(PATH_GROUPS);
	const asked = text.split(",").map((group) => group.trim());
	const unknown = asked.filter((group) => !(PATH_GROUPS as readonly string[]).includes(group));
	if (unknown.length > 0) {
		throw new Error(
			`SHORTY_BENCH_LATENCY_PATHS: no group ${unknown.join(", ")}; the groups are ${PATH_GROUPS.join(", ")}`,
		);
	}
	return new Set(asked as (typeof PATH_GROUPS)[number][]);
}

/** A copy of the build at `dir` in a folder of its own (named after `what`): to Chrome, another extension. */
function copyOfBuild(dir: string, what: string): string {
	const copy = mkdtempSync(join(tmpdir(), `shorty-bench-${what}-`));
	cpSync(dir, copy, { recursive: true });
	return copy;
}

/** A copy of the build at `dir` whose manifest asks for no host access. */
function withoutHostPermissions(dir: string): string {
	const copy = copyOfBuild(dir, "no-hosts");
	const manifestPath = join(copy, "manifest.json");
	const { host_permissions: _dropped, ...manifest } = JSON.parse(readFileSync(manifestPath, "utf8"));
	writeFileSync(manifestPath, JSON.stringify(manifest));
	return copy;
}

const wait = (ms: number) => new Promise((settle) => setTimeout(settle, ms));

/**
 * Makes the worker's copies of the links look synced `ms` earlier than they were, as after a pause: a worker
 * started next reads that time from disk (background/linkMirrors.ts, TRUST_HIT_FOR_MS). From the same page
 * as expireSavedTokens, for the same reason.
 */
async function ageLinkCopies(extension: Extension, ms: number): Promise<void> {
	const page = await extension.openPage(OFFSCREEN_DOCUMENT);
	try {
		await page.evaluate(
			async ({ prefix, ms }) => {
				for (const { name } of await indexedDB.databases()) {
					if (!name?.startsWith(prefix)) continue;
					await new Promise<void>((done, fail) => {
						const opening = indexedDB.open(name);
						opening.onerror = () => fail(opening.error);
						opening.onsuccess = () => {
							const db = opening.result;
							const transaction = db.transaction("meta", "readwrite");
							const meta = transaction.objectStore("meta");
							const reading = meta.get("sync");
							reading.onsuccess = () => {
								const state = reading.result;
								if (state?.finishedAt) meta.put({ ...state, finishedAt: state.finishedAt - ms }, "sync");
							};
							transaction.oncomplete = () => {
								db.close();
								done();
							};
							transaction.onerror = () => fail(transaction.error);
						};
					});
				}
			},
			{ prefix: MIRROR_DATABASE_PREFIX, ms },
		);
	} finally {
		await page.close();
	}
}

/**
 * What a worker started hours after the last one finds: the ID token the last worker saved in storage.session
 * and Auth's own copy (IndexedDB) both expired, the refresh token still good. Rewritten from an extension page
 * that sends the worker nothing (the offscreen clipboard document) while no worker runs, so no SDK sees it.
 */
async function expireSavedTokens(extension: Extension): Promise<void> {
	const page = await extension.openPage(OFFSCREEN_DOCUMENT);
	try {
		await page.evaluate(async () => {
			const past = Date.now() - 60_000;
			const { savedSession } = await chrome.storage.session.get("savedSession");
			if (savedSession) await chrome.storage.session.set({ savedSession: { ...savedSession, expiresAt: past } });
			await new Promise<void>((done, fail) => {
				const opening = indexedDB.open("firebaseLocalStorageDb");
				opening.onerror = () => fail(opening.error);
				opening.onsuccess = () => {
					const db = opening.result;
					const transaction = db.transaction("firebaseLocalStorage", "readwrite");
					const cursor = transaction.objectStore("firebaseLocalStorage").openCursor();
					cursor.onsuccess = () => {
						const entry = cursor.result;
						if (!entry) return;
						const tokens = entry.value?.value?.stsTokenManager;
						if (tokens)
							entry.update({
								...entry.value,
								value: { ...entry.value.value, stsTokenManager: { ...tokens, expirationTime: past } },
							});
						entry.continue();
					};
					transaction.oncomplete = () => {
						db.close();
						done();
					};
					transaction.onerror = () => fail(transaction.error);
				};
			});
		});
	} finally {
		await page.close();
	}
}

/** "runQuery" for ".../documents:runQuery", "signUp" for "/identitytoolkit.googleapis.com/v1/accounts:signUp". */
const shortName = (request: string) => request.split(/[:/]/).at(-1) ?? request;

/** "3 (runQuery ×2, commit), 1 preflight": what one run sent before its result. */
function describe(exchanges: Exchange[]): string {
	const requests = exchanges.filter((exchange) => !exchange.preflight).map((exchange) => shortName(exchange.request));
	const tally = new Map<string, number>();
	for (const name of requests) tally.set(name, (tally.get(name) ?? 0) + 1);
	const names = [...tally].map(([name, count]) => (count > 1 ? `${name} ×${count}` : name)).join(", ");
	const preflights = exchanges.length - requests.length;
	return `${requests.length}${names ? ` (${names})` : ""}, ${preflights} preflight${preflights === 1 ? "" : "s"}`;
}

/** The description most runs share, and how many runs differed from it. */
function typical(descriptions: string[]): string {
	const tally = new Map<string, number>();
	for (const text of descriptions) tally.set(text, (tally.get(text) ?? 0) + 1);
	const [text = "", count = 0] = [...tally].sort((a, b) => b[1] - a[1])[0] ?? [];
	const others = descriptions.length - count;
	return others === 0 ? text : `${text} (${others} of ${descriptions.length} runs differ)`;
}

interface Measured {
	times: number[];
	requests: string[];
	/**
	 * From the popup document's start, for a popup's path: issue 20's measure. Since the worker sends the
	 * shorten at the click, Chrome's opening of the popup hides part of the round trip from it: the click to
	 * the link (`times`) is the whole of what a user waits.
	 */
	popupTimes: number[];
	/**
	 * From the toolbar click to its commit reaching the proxy, for a popup's path that commits: the worker
	 * takes the click and sends the shorten before it opens the popup (background/toolbar.ts), so this is
	 * the worker's part before the commit (a stopped worker's start, and any request the commit waits for,
	 * such as a token refresh or a sign-up, included), apart from the commit's own round trip.
	 */
	toCommitTimes: number[];
}

/** From the toolbar click to its commit reaching the proxy, for a popup's path that committed. */
function clickToCommit(path: TimedPath & Partial<TimeToLink>, exchanges: Exchange[]): number | undefined {
	if (path.popupMs === undefined) return undefined;
	// The commit itself: its preflight, when one goes first, has the same name.
	const commit = exchanges.find((exchange) => !exchange.preflight && shortName(exchange.request) === "commit");
	if (!commit) return undefined;
	const clickedAt = path.endedAt - path.ms;
	return commit.at - clickedAt;
}

await withExtensionRig(
	async ({ extensionDir, extension, site, network, backend }) => {
		if (!network) throw new Error("the latency bench needs the rig's proxies");
		/** Runs `path`, lets its stragglers land, and keeps what arrived before its result. */
		async function measure(
			runs: number,
			path: (run: number) => Promise<TimedPath & Partial<TimeToLink>>,
		): Promise<Measured> {
			const measured: Measured = { times: [], requests: [], popupTimes: [], toCommitTimes: [] };
			for (let run = 0; run < runs; run++) {
				network?.take();
				const timed = await path(run);
				await wait(200 + 3 * ROUND_TRIP_MS);
				const exchanges = network?.take(timed.endedAt) ?? [];
				measured.times.push(timed.ms);
				if (timed.popupMs !== undefined) measured.popupTimes.push(timed.popupMs);
				const toCommit = clickToCommit(timed, exchanges);
				if (toCommit !== undefined) measured.toCommitTimes.push(toCommit);
				measured.requests.push(describe(exchanges));
			}
			return measured;
		}
		function report(roundTrip: number, figure: string, measured: Measured): void {
			const { times, requests, popupTimes, toCommitTimes } = measured;
			const at = `at ${roundTrip} ms RTT`;
			record(`${figure}, ${at}`, p50p95(times));
			// Issue 20's target for a new address (RTT + 60 ms) is this part, from the popup's start.
			if (popupTimes.length > 0) record(`${figure}, ${at}: popup start to link`, p50p95(popupTimes));
			if (toCommitTimes.length > 0) record(`${figure}, ${at}: click to its commit on the wire`, p50p95(toCommitTimes));
			record(`${figure}, ${at}: requests`, typical(requests));
		}

		await extension.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: site.origin });
		const tab = await extension.context.newPage();
		const menuPage = await extension.context.newPage();
		await menuPage.goto(`${site.origin}/menu`);
		// As every menu click grants it: the menu rows copy in this page, unless told to go through the document.
		const menuTab = await grantActiveTab(extension, menuPage);
		// The first click signs in anonymously and warms the worker; it is not what a returning user sees.
		await timeToLink(extension, tab, `${site.origin}/warm-up`);
		if (GROUPS.has("steady"))
			await menuToClipboard(extension, menuPage, `${site.origin}/menu-warm-up`, { inPage: menuTab, warmUp: true });

		for (const roundTrip of GROUPS.has("steady") ? [0, ROUND_TRIP_MS] : []) {
			// The steady rows make 4 × RUNS new links: past an hour's allowance at the default 15 runs.
			await newLinksCountFromZero(backend.firestore);
			network.setRoundTrip(roundTrip);
			const page = (kind: string, run: number) => `${site.origin}/${kind}/${roundTrip}/${run}`;
			report(
				roundTrip,
				"popup click to link, new address",
				await measure(RUNS, (run) => timeToLink(extension, tab, page("popup", run))),
			);
			report(
				roundTrip,
				"popup click to link, repeated address",
				await measure(RUNS, () => timeToLink(extension, tab, page("popup", 0))),
			);
			// Where each menu row's copy is made (`how`, in the row's name), and the path its new addresses share.
			const menuRows: { how: string; path: string; copy: MenuCopy }[] = [
				{ how: "", path: "menu", copy: { inPage: menuTab } },
				{
					how: " through the clipboard document (the page cannot take it)",
					path: "menu-document",
					copy: { throughDocument: "closed" },
				},
				// Each run finds the document the run before copied through: another such shorten while it is kept.
				{
					how: " through the clipboard document kept from the copy before",
					path: "menu-kept",
					copy: { throughDocument: "kept" },
				},
			];
			for (const { how, path, copy } of menuRows) {
				report(
					roundTrip,
					`menu to clipboard${how}, new address`,
					await measure(RUNS, (run) => menuToClipboard(extension, menuPage, page(path, run), copy)),
				);
				report(
					roundTrip,
					`menu to clipboard${how}, repeated address`,
					await measure(RUNS, () => menuToClipboard(extension, menuPage, page("popup", 0), copy)),
				);
			}
			// Left open, it would keep the extension's process, which the idle rows' stopped worker would have taken along.
			await closeClipboardDocument(extension);
			// Opened only now: an open options page reloads its page whenever a link is made.
			const options = await extension.openPage("options/index.html");
			const optionsUrl = options.url();
			report(
				roundTrip,
				"options: load to first page rendered",
				await measure(RUNS, () => optionsFirstPage(options, optionsUrl)),
			);
			await options.close();
		}

		// Last in this browser: Playwright reaches only the worker's first instance, which the menu runs need.
		for (const roundTrip of GROUPS.has("idle") ? [0, ROUND_TRIP_MS] : []) {
			await newLinksCountFromZero(backend.firestore);
			network.setRoundTrip(roundTrip);
			report(
				roundTrip,
				"popup click to link after the worker stopped (idle), new address",
				await measure(LAUNCHES, async (run) => {
					await extension.terminateWorker();
					return timeToLink(extension, tab, `${site.origin}/idle/${roundTrip}/${run}`);
				}),
			);
			// The address of the idle row's first run, shortened again: its link waits on no request (the Auth SDK's
			// lookup goes beside it), only on the stopped worker's start.
			report(
				roundTrip,
				"popup click to link after the worker stopped (idle), repeated address",
				await measure(LAUNCHES, async () => {
					await extension.terminateWorker();
					return timeToLink(extension, tab, `${site.origin}/idle/${roundTrip}/0`);
				}),
			);
			// The copy's link is read first (one batchGet, with the saved token), so that one deleted or pointed
			// elsewhere in another browser since is not handed out.
			report(
				roundTrip,
				"popup click to link after the worker stopped (idle), repeated address, its copy synced 5 minutes before",
				await measure(LAUNCHES, async () => {
					await extension.terminateWorker();
					await ageLinkCopies(extension, TRUST_HIT_FOR_MS);
					return timeToLink(extension, tab, `${site.origin}/idle/${roundTrip}/0`);
				}),
			);
			report(
				roundTrip,
				"popup click to link after a long idle (saved ID tokens expired), new address",
				await measure(LAUNCHES, async (run) => {
					await extension.terminateWorker();
					await expireSavedTokens(extension);
					return timeToLink(extension, tab, `${site.origin}/long-idle/${roundTrip}/${run}`);
				}),
			);
		}

		// Each launch its own browser, with `build`.
		async function inBrowser<T>(
			build: string,
			options: { profile?: string; installable?: string[] },
			use: (browser: Extension) => Promise<T>,
		): Promise<T> {
			const browser = await launchExtension(build, options);
			try {
				return await use(browser);
			} finally {
				await browser.close();
			}
		}
		const firstShorten = (browser: Extension, url: string) =>
			browser.context.newPage().then((page) => timeToLink(browser, page, url));
		/**
		 * As after a real browser start, where no worker has run yet: the click opens the manifest's popup, whose
		 * shorten starts the worker. The rig's launch waits for a worker, which took the button's clicks
		 * (background/toolbar.ts): its popup is given back, and it is stopped.
		 */
		async function asAfterBrowserStart(browser: Extension): Promise<void> {
			await browser.worker.evaluate(() =>
				chrome.action.setPopup({ popup: chrome.runtime.getManifest().action?.default_popup ?? "" }),
			);
			await browser.terminateWorker();
		}

		async function launches(build: string, roundTrip: number, variant: string): Promise<void> {
			network?.setRoundTrip(roundTrip);
			const profile = mkdtempSync(join(tmpdir(), "shorty-bench-profile-"));
			const page = (kind: string, run: number | string) => `${site.origin}/${kind}/${variant}/${roundTrip}/${run}`;
			try {
				// Installed, and signed in by a first shorten: only the starts after it are timed.
				await inBrowser(build, { profile }, (browser) => firstShorten(browser, page("install", "")));
				report(
					roundTrip,
					`first shorten after a browser start (popup, new address)${variant}`,
					await measure(LAUNCHES, (run) =>
						inBrowser(build, { profile }, async (browser) => {
							await asAfterBrowserStart(browser);
							return firstShorten(browser, page("start", run));
						}),
					),
				);
			} finally {
				rmSync(profile, { recursive: true, force: true });
			}
			// As a user adds Shorty to the browser they are using: each run a copy of `build` in a folder of its own
			// (so a new extension id, with its own storage and no session) installed into one running browser,
			// which has shown a popup of `build` already. A browser just launched would add Chrome's cold start.
			const copies = Array.from({ length: LAUNCHES }, () => copyOfBuild(build, "install"));
			try {
				const installs = await inBrowser(build, { installable: copies }, async (browser) => {
					await firstShorten(browser, page("warm", ""));
					return measure(LAUNCHES, async (run) => {
						const copy = copies[run];
						if (!copy) throw new Error(`no copy of the build for run ${run}`);
						const installed = await installInRunningBrowser(browser, copy);
						await wait(INSTALL_TO_CLICK_MS);
						return firstShorten(installed, page("first", run));
					});
				});
				report(
					roundTrip,
					`first shorten of a new install into a running browser (popup, sign-up included)${variant}`,
					installs,
				);
			} finally {
				for (const copy of copies) rmSync(copy, { recursive: true, force: true });
			}
		}
		for (const roundTrip of GROUPS.has("launches") ? [0, ROUND_TRIP_MS] : []) {
			await launches(extensionDir, roundTrip, "");
		}
		if (!GROUPS.has("no-hosts")) return;
		// What the host permissions save (docs/architecture.md, "Preflights"): the same build without them.
		const withoutHosts = withoutHostPermissions(extensionDir);
		try {
			await launches(withoutHosts, ROUND_TRIP_MS, " without host permissions");
		} finally {
			rmSync(withoutHosts, { recursive: true, force: true });
		}
	},
	{ roundTripMs: 0 },
);
