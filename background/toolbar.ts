/**
 * The toolbar button, in Chrome: its click comes to the worker (action.onClicked), which sends the popup's
 * shorten at once and then opens the popup (action.openPopup), rather than the browser opening the popup
 * and the popup's first script sending the shorten. Chrome takes a while from the click to the popup's
 * page (some 300 ms on a 2-core machine, docs/architecture.md, "The click to the worker first"), and the
 * shorten's round trip now runs during it instead of after it.
 *
 * The popup's own shorten, as it opens, is the same request (one `shortenRequest` for both): it gets the
 * reply the click started, once, rather than a second shorten of the same tab.
 *
 * The manifest still names the popup (action.default_popup), so the browser opens it itself until a worker
 * has run in this browser session (after a browser start, the first click opens it the browser's way) and
 * whenever opening it from here fails: a tab whose popup could not be opened keeps its popup, and its
 * next click opens it the browser's way.
 */
import { pageToShorten, shortenRequest, shortensOnOpen } from "../src/links/pageToShorten";
import type { RequestOf } from "../src/messages";

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
	/** The short-link site's other names (src/links/shortLinkSite.ts), worked out at the first click. */
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
	request: RequestOf<"shorten">;
	at: number;
	/** The reply, or null where the click did not shorten (shortenOnOpen off). */
	reply: Promise<unknown | null>;
}

const sameShorten = (a: RequestOf<"shorten">, b: RequestOf<"shorten">) =>
	a.url === b.url && a.title === b.title && a.alias === b.alias && a.allowAnonymous === b.allowAnonymous;

const isShorten = (message: unknown): message is RequestOf<"shorten"> =>
	(message as { type?: unknown } | null)?.type === "shorten";

export function toolbarClicks({ action, popup, shortLinkBase, siteHosts, shortenOnOpen, handle, clock }: ToolbarDeps) {
	/**
	 * Shortens clicks started, by address: the popup, which is no tab and so is not told its tab in a
	 * message's sender, asks for its tab's. Two tabs of one address clicked together share one link, as
	 * they would anyway.
	 */
	const started = new Map<string, StartedShorten>();

	function forget(now: number) {
		for (const [url, shorten] of started) if (now - shorten.at > CLICK_REPLY_KEPT_MS) started.delete(url);
	}

	/** Starts the shorten the popup would send for `tab`, if it would send one. */
	function startShorten(tab: ClickedTab) {
		const checked = pageToShorten({ url: tab.url, title: tab.title ?? "" }, shortLinkBase, siteHosts());
		// A page the popup will not shorten unasked (restricted, private) is the popup's to explain.
		if (!checked.ok || !shortensOnOpen(checked.page, true)) return;
		const request = shortenRequest(checked.page, false);
		const reply = shortenOnOpen().then((on) => (on ? (handle(request) ?? null) : null));
		// Never a rejection nobody handles: a popup that gets this one asks again itself.
		reply.catch(() => undefined);
		started.set(request.url, { request, at: clock(), reply });
	}

	async function open(tabId: number, windowId: number | undefined) {
		await action.setPopup({ tabId, popup });
		try {
			await action.openPopup(windowId);
		} catch {
			// Not opened here (no window to show it in, or a browser that keeps openPopup to itself): the tab
			// keeps its popup, so the next click opens it the browser's way.
			return;
		}
		// Open, and staying open: a click on the button while it is closes it, as ever (checked in Chromium 156).
		await action.setPopup({ tabId, popup: "" });
	}

	return {
		/** From the worker's start: the button's clicks come here (the manifest's popup opened them before). */
		takeOver: () => action.setPopup({ popup: "" }),

		/** A click on the button: the shorten first, then the popup. */
		async clicked(tab: ClickedTab): Promise<void> {
			const now = clock();
			forget(now);
			// A click from no tab (none is known to happen) has no popup to open here: the browser's way next time.
			if (tab.id === undefined) return action.setPopup({ popup });
			startShorten(tab);
			await open(tab.id, tab.windowId);
		},

		/**
		 * The answer to a page's `message`: the reply of the shorten a click started, when it is the same
		 * request, once; else (also where the click did not shorten) `handle`'s.
		 */
		answer(message: unknown): Promise<unknown> | undefined {
			const shorten = isShorten(message) ? started.get(message.url) : undefined;
			if (!shorten || !sameShorten(shorten.request, message as RequestOf<"shorten">)) return handle(message);
			started.delete(shorten.request.url);
			// A click's shorten that could not even start (its setting unread) leaves the popup's to go out.
			return shorten.reply.then(
				(reply) => reply ?? handle(message),
				() => handle(message),
			);
		},
	};
}
