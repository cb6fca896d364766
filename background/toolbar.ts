/**
 * The toolbar button, in Chrome: its click comes to the worker (action.onClicked), which sends the popup's
 * shorten at once and then opens the popup (action.openPopup), rather than the browser opening the popup
 * and the popup's first script sending the shorten. Chrome takes a while from the click to the popup's
 * page (some 300 ms on a 2-core machine, docs/architecture.md, "The click to the worker first"), and the
 * shorten's round trip now runs during it instead of after it.
 *
 * The popup's own shorten, as it opens, is the same request (one `shortenRequest` for both): it gets the
 * click's reply, once, rather than a second shorten of the same tab; a failure only if it was still to
 * come when the popup asked, since one already in (the popup waited out an offline spell) is stale.
 *
 * The manifest still names the popup (action.default_popup), so the browser opens it itself until a worker
 * has run in this browser session (after a browser start, the first click opens it the browser's way) and
 * whenever opening it from here fails: a tab whose popup could not be opened keeps its popup, and its
 * next click opens it the browser's way, until the tab navigates or reloads (Chrome clears a tab's own
 * popup then). Chrome refuses while a popup is open, and most likely while one is still closing.
 */
import { pageToShorten, shortenRequest, shortensOnOpen } from "../src/pageToShorten";

/** The tab a click came from, as action.onClicked passes it (the click grants activeTab: its URL is there). */
export interface ClickedTab {
	id?: number | undefined;
	windowId?: number | undefined;
	url?: string | undefined;
	title?: string | undefined;
}

/** What of chrome.action this needs. */
export interface ToolbarAction {
	/** The popup for one tab, or for every tab without one of its own; "" for none (clicks come here). */
	setPopup(details: { tabId?: number; popup: string }): Promise<void>;
	/** Opens the popup of the active tab of the window `windowId`; rejects when the browser will not. */
	openPopup(windowId?: number): Promise<void>;
}

export interface ToolbarDeps {
	action: ToolbarAction;
	/** The popup's page, as the manifest names it. */
	popup: string;
	shortLinkBase: string;
	/** The short-link site's other names (src/links/shortLinkSite.ts), worked out at a click, not at the start. */
	siteHosts: () => readonly string[];
	/** The setting that says whether opening the popup shortens the tab (src/settings.ts). */
	shortenOnOpen: () => Promise<boolean>;
	/** The worker's answer to a page's message (background/index.ts's handler); undefined for none of its own. */
	handle: (message: unknown) => Promise<unknown> | undefined;
	/** Milliseconds (Date.now): a click's reply not asked for within CLICK_REPLY_KEPT_MS is let go. */
	clock: () => number;
}

/**
 * How long a click's reply waits for its popup to ask: far above the popup's opening (some 300 ms, or a
 * few seconds on a busy machine), far below a second click on the same tab meant as a new shorten.
 */
export const CLICK_REPLY_KEPT_MS = 30_000;

interface StartedShorten {
	at: number;
	/** The reply, or null where the click did not shorten (shortenOnOpen off, a private address). */
	reply: Promise<unknown>;
	/** Whether the reply was in before the popup asked: a failure then is stale, and asked anew. */
	settled: boolean;
}

const succeeded = (reply: unknown) => (reply as { ok?: unknown } | null)?.ok === true;

export function toolbarClicks({ action, popup, shortLinkBase, siteHosts, shortenOnOpen, handle, clock }: ToolbarDeps) {
	/**
	 * Shortens clicks started, by their request as JSON: one `shortenRequest` builds the click's and the
	 * popup's alike, as the popup's first requests are matched too (popup/firstRequests.ts). The popup is
	 * no tab, so a message's sender does not name its tab; two tabs of one address share one link anyway.
	 */
	const started = new Map<string, StartedShorten>();

	function forget(now: number) {
		for (const [key, shorten] of started) if (now - shorten.at > CLICK_REPLY_KEPT_MS) started.delete(key);
	}

	/** Starts the shorten the popup would send for `tab`, if it would send one; its key, if any. */
	function startShorten(tab: ClickedTab, now: number): string | undefined {
		const checked = pageToShorten({ url: tab.url, title: tab.title ?? "" }, shortLinkBase, siteHosts());
		// A page the popup cannot shorten is the popup's to explain.
		if (!checked.ok) return undefined;
		const request = shortenRequest(checked.page, false);
		const reply = shortenOnOpen().then((on) => (shortensOnOpen(checked.page, on) ? (handle(request) ?? null) : null));
		const shorten: StartedShorten = { at: now, reply, settled: false };
		const settle = () => {
			shorten.settled = true;
		};
		// Either way, so no rejection goes unhandled: a popup that gets one asks again itself.
		reply.then(settle, settle);
		const key = JSON.stringify(request);
		started.set(key, shorten);
		return key;
	}

	/** Opens the popup of `tabId` (every tab's, when there is none) in the window `windowId`. */
	async function open(tabId: number | undefined, windowId: number | undefined): Promise<boolean> {
		const tab = tabId === undefined ? {} : { tabId };
		await action.setPopup({ ...tab, popup });
		try {
			await action.openPopup(windowId);
		} catch {
			// Not opened (no window to show it in, a popup already open or still closing, or a browser that keeps
			// openPopup to itself): the popup stays set, so the next click opens it the browser's way.
			return false;
		}
		// Open, and staying open: a click on the button while it is closes it, as ever (checked in Chromium 156).
		await action.setPopup({ ...tab, popup: "" });
		return true;
	}

	return {
		/** From the worker's start: the button's clicks come here (the manifest's popup opened them before). */
		takeOver: () => action.setPopup({ popup: "" }),

		/** A click on the button: the shorten first, then the popup. */
		async clicked(tab: ClickedTab): Promise<void> {
			const now = clock();
			forget(now);
			const key = startShorten(tab, now);
			// No popup to ask for it: its later popups open the browser's way, and send their own.
			if (!(await open(tab.id, tab.windowId)) && key) started.delete(key);
		},

		/**
		 * The answer to a page's `message`: the reply of the shorten a click started, when it is the same
		 * request, once, within CLICK_REPLY_KEPT_MS; else (also where the click did not shorten) `handle`'s.
		 */
		answer(message: unknown): Promise<unknown> | undefined {
			if (started.size === 0) return handle(message);
			forget(clock());
			const key = JSON.stringify(message);
			const shorten = started.get(key);
			if (!shorten) return handle(message);
			started.delete(key);
			// A failure in before the popup asked is stale (the popup waits out an offline spell, then asks):
			// asked anew. One still coming is the popup's own answer, as if it had sent the request itself.
			const stale = shorten.settled;
			return shorten.reply.then(
				(reply) => (reply === null || (stale && !succeeded(reply)) ? handle(message) : reply),
				() => handle(message),
			);
		},
	};
}
