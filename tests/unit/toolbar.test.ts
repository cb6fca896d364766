// @vitest-environment node
import { describe, expect, it } from "vitest";
import { CLICK_REPLY_KEPT_MS, type ClickedTab, toolbarClicks } from "../../background/toolbar";

const POPUP = "popup/index.html";
const BASE = "https://shorty-links-4f2a1.web.app/";

/** A turn of the event loop: each call to the browser takes one, as Chrome's do. */
const turn = () => new Promise<void>((settle) => setTimeout(settle, 0));

/**
 * Chrome's action and the worker's handler as the clicks meet them: every call in order, the popups set
 * (the tab's, or "" for every tab without one), and a handler that answers each request with its own
 * number, so a reply shows which request made it.
 */
function toolbarIn({ opens = true, shortenOnOpen = true, failing = 0 } = {}) {
	const events: string[] = [];
	const popups = new Map<number | "all", string>();
	let now = 1_000;
	let handled = 0;
	const clicks = toolbarClicks({
		action: {
			async setPopup({ tabId, popup }) {
				await turn();
				popups.set(tabId ?? "all", popup);
				events.push(`popup of ${tabId ?? "all"}: "${popup}"`);
			},
			async openPopup(windowId) {
				await turn();
				if (!opens) throw new Error("Could not find an active browser window.");
				events.push(`opened in window ${windowId}`);
			},
		},
		popup: POPUP,
		shortLinkBase: BASE,
		siteHosts: () => [],
		shortenOnOpen: async () => {
			await turn();
			return shortenOnOpen;
		},
		handle: async (message) => {
			handled += 1;
			const { type, url } = message as { type: string; url?: string };
			events.push(`handled ${type} ${url ?? ""}`.trim());
			if (handled <= failing) return { ok: false, error: { code: "offline" } };
			return { ok: true, data: { reply: handled } };
		},
		clock: () => now,
	});
	return {
		clicks,
		events,
		popups,
		handled: () => events.filter((event) => event.startsWith("handled")),
		later: (ms: number) => {
			now += ms;
		},
	};
}

const tab = (url: string | undefined, title = "A page"): ClickedTab => ({ id: 7, windowId: 3, url, title });
/** The popup's own shorten of that tab, as src/pageToShorten.ts makes it. */
const popupShorten = (url: string, title = "A page") => ({ type: "shorten", url, title });

describe("the toolbar button in Chrome", () => {
	it("takes the clicks over from the manifest's popup once the worker runs", async () => {
		const { clicks, popups } = toolbarIn();
		await clicks.takeOver();
		expect(popups.get("all")).toBe("");
	});

	it("sends the page's shorten before it opens the popup, then leaves the tab without one of its own", async () => {
		const { clicks, events, popups } = toolbarIn();
		await clicks.clicked(tab("https://example.com/article"));
		expect(events).toEqual([
			"handled shorten https://example.com/article",
			'popup of 7: "popup/index.html"',
			"opened in window 3",
			'popup of 7: ""',
		]);
		expect(popups.get(7)).toBe("");
	});

	it("gives the popup's own shorten of that page the click's reply, once: a second (a Retry) is its own", async () => {
		const { clicks, handled } = toolbarIn();
		await clicks.clicked(tab("https://example.com/article"));
		expect(await clicks.answer(popupShorten("https://example.com/article"))).toEqual({ ok: true, data: { reply: 1 } });
		expect(await clicks.answer(popupShorten("https://example.com/article"))).toEqual({ ok: true, data: { reply: 2 } });
		expect(handled()).toHaveLength(2);
	});

	it("gives a failure in before the popup asked (an offline spell it waited out) no second look: asked anew", async () => {
		const { clicks, handled } = toolbarIn({ failing: 1 });
		await clicks.clicked(tab("https://example.com/article"));
		expect(await clicks.answer(popupShorten("https://example.com/article"))).toEqual({ ok: true, data: { reply: 2 } });
		expect(handled()).toHaveLength(2);
	});

	it("gives a failure still to come when the popup asked as its answer, with no second wait", async () => {
		const { clicks, handled } = toolbarIn({ failing: 1 });
		const clicking = clicks.clicked(tab("https://example.com/article"));
		// Asked before the click's shorten has had its setting read, let alone its answer.
		const answered = clicks.answer(popupShorten("https://example.com/article"));
		await clicking;
		expect(await answered).toEqual({ ok: false, error: { code: "offline" } });
		expect(handled()).toHaveLength(1);
	});

	it("answers any other request itself: another page, an alias, anonymous after a sign-out, another message", async () => {
		const { clicks, events } = toolbarIn();
		await clicks.clicked(tab("https://example.com/article"));
		await clicks.answer(popupShorten("https://example.com/other"));
		await clicks.answer({ ...popupShorten("https://example.com/article"), alias: "mine" });
		await clicks.answer({ ...popupShorten("https://example.com/article"), allowAnonymous: true });
		await clicks.answer({ type: "recentLinks" });
		expect(events.filter((event) => event.startsWith("handled"))).toEqual([
			"handled shorten https://example.com/article",
			"handled shorten https://example.com/other",
			"handled shorten https://example.com/article",
			"handled shorten https://example.com/article",
			"handled recentLinks",
		]);
		// The click's reply is still there for the popup's own request.
		expect(await clicks.answer(popupShorten("https://example.com/article"))).toEqual({ ok: true, data: { reply: 1 } });
	});

	it("shortens nothing with shortenOnOpen off: the popup's Shorten this page is answered when pressed", async () => {
		const { clicks, events } = toolbarIn({ shortenOnOpen: false });
		await clicks.clicked(tab("https://example.com/article"));
		expect(events.some((event) => event.startsWith("handled"))).toBe(false);
		expect(await clicks.answer(popupShorten("https://example.com/article"))).toEqual({ ok: true, data: { reply: 1 } });
	});

	it.each([
		["a browser page, which grants no address", undefined],
		["a private address, which the popup asks about first", "http://192.168.1.20/admin"],
		["a Shorty link", `${BASE}aB3dE5g`],
	])("shortens nothing on %s, and opens the popup to say so", async (_, url) => {
		const { clicks, events } = toolbarIn();
		await clicks.clicked(tab(url));
		expect(events.some((event) => event.startsWith("handled"))).toBe(false);
		expect(events).toContain("opened in window 3");
	});

	it("lets a click's reply go once CLICK_REPLY_KEPT_MS have passed without its popup asking", async () => {
		const { clicks, later } = toolbarIn();
		await clicks.clicked(tab("https://example.com/article"));
		later(CLICK_REPLY_KEPT_MS + 1);
		expect(await clicks.answer(popupShorten("https://example.com/article"))).toEqual({ ok: true, data: { reply: 2 } });
	});

	it("leaves the tab its popup when Chrome would not open it: the next click opens it the browser's way, and asks itself", async () => {
		const { clicks, popups } = toolbarIn({ opens: false });
		await clicks.clicked(tab("https://example.com/article"));
		expect(popups.get(7)).toBe(POPUP);
		expect(await clicks.answer(popupShorten("https://example.com/article"))).toEqual({ ok: true, data: { reply: 2 } });
	});

	it("opens a click from no known tab with every tab's popup, then takes the clicks back", async () => {
		const { clicks, events } = toolbarIn();
		await clicks.clicked({ windowId: 3, url: "https://example.com/article", title: "A page" });
		expect(events.filter((event) => !event.startsWith("handled"))).toEqual([
			'popup of all: "popup/index.html"',
			"opened in window 3",
			'popup of all: ""',
		]);
	});
});
