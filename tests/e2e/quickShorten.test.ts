import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { WARM_AFTER_USE_MS } from "../../background/keepWarm";
import { COPY_SETTLE_MS } from "../../offscreen/closeWhenQuiet";
import { CLOSE_AFTER_PARAMETER, OFFSCREEN_DOCUMENT, type Reply } from "../../src/messages";
import {
	clipboardDocuments,
	closeClipboardDocument,
	type EventTab,
	type Extension,
	grantActiveTab,
	launchExtension,
} from "./extension";
import { serveTestSite, type TestSite } from "./testSite";

const LINK_TARGET = "https://example.com/from-the-context-menu";
let extension: Extension;
let site: TestSite;
let origin: string;
let page: Page;

/** A page whose Permissions-Policy forbids writing the clipboard, to the extension's scripts in it too. */
const NO_CLIPBOARD_PAGE = "/no-clipboard";

beforeAll(async () => {
	site = await serveTestSite(
		() => `<title>Menu test page</title><a href="${LINK_TARGET}">a link</a>`,
		(path): Record<string, string> =>
			path === NO_CLIPBOARD_PAGE ? { "permissions-policy": "clipboard-write=()" } : {},
	);
	origin = site.origin;
	extension = await launchExtension();
	await extension.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin });
	page = await extension.context.newPage();
	await page.goto(`${origin}/article`);
});

afterAll(async () => {
	await extension?.close();
	site?.close();
});

/**
 * The test page as a click's tab. Its id is chrome.tabs.TAB_ID_NONE (Chrome's own for a click outside a
 * tab): this dispatch grants no activeTab, so Shorty cannot write the clipboard in the page, and copies
 * through its offscreen document, as for a page without focus. Tabs a real click granted: grantedTab.
 */
const articleTab = (): EventTab => ({ id: -1, url: `${origin}/article`, title: "Menu test page" });

/**
 * Fires the event in the worker as Chrome would for a click or keypress on `tab`: Shorty has no "tabs"
 * permission to look the tab up.
 */
async function dispatchInWorker(
	kind: "menu" | "command",
	payload: Record<string, unknown>,
	tab: EventTab = articleTab(),
): Promise<void> {
	await extension.worker.evaluate(
		({ kind, payload, tab }) => {
			type Dispatchable = { dispatch(...args: unknown[]): void };
			if (kind === "menu") (chrome.contextMenus.onClicked as unknown as Dispatchable).dispatch(payload, tab);
			else (chrome.commands.onCommand as unknown as Dispatchable).dispatch(payload.command, tab);
		},
		{ kind, payload, tab },
	);
}

/** A notification's id when its link was copied: not a failure, nor a link made but not copied. */
const COPIED = /^shorty-copied:/;

/** The newest Shorty notification, once one has appeared since `before`. */
async function nextNotification(before: string[]): Promise<string> {
	for (let attempt = 0; attempt < 100; attempt++) {
		const ids = await extension.worker.evaluate(async () => Object.keys(await chrome.notifications.getAll()));
		const fresh = ids.find((id) => !before.includes(id));
		if (fresh) return fresh;
		await new Promise((wait) => setTimeout(wait, 100));
	}
	throw new Error("no notification appeared");
}

/** Whether each of Shorty's menu items exists, once they all do or two seconds have passed. */
async function menuItemsExist(): Promise<boolean[]> {
	let exist: boolean[] = [];
	for (let attempt = 0; attempt < 20; attempt++) {
		exist = await extension.worker.evaluate(() =>
			Promise.all(
				["shorten-link", "shorten-page", "shorten-image"].map((id) =>
					chrome.contextMenus.update(id, {}).then(
						() => true,
						() => false,
					),
				),
			),
		);
		if (exist.every(Boolean)) break;
		await new Promise((wait) => setTimeout(wait, 100));
	}
	return exist;
}

const openDocuments = async () => (await clipboardDocuments(extension)).length;

/** Opens the clipboard document as the worker would, but told to close itself `closeAfterMs` after its last copy. */
async function openClipboardDocument(closeAfterMs: number): Promise<void> {
	await closeClipboardDocument(extension);
	await extension.worker.evaluate(
		({ document, parameter, closeAfterMs }) =>
			chrome.offscreen.createDocument({
				url: `${document}?${parameter}=${closeAfterMs}`,
				reasons: [chrome.offscreen.Reason.CLIPBOARD],
				justification: "A test of the document's own close.",
			}),
		{ document: OFFSCREEN_DOCUMENT, parameter: CLOSE_AFTER_PARAMETER, closeAfterMs },
	);
}

const shortenLink = (linkUrl: string, tab = articleTab()) =>
	dispatchInWorker("menu", { menuItemId: "shorten-link", linkUrl, pageUrl: tab.url, editable: false }, tab);

const grantedPages: Page[] = [];
afterEach(async () => {
	for (const granted of grantedPages.splice(0)) await granted.close();
});

/**
 * A new tab of the test site at `path`, in front, granted activeTab as a menu click or keypress grants it;
 * closed after the test.
 */
async function grantedTab(path: string): Promise<EventTab> {
	const tabPage = await extension.context.newPage();
	grantedPages.push(tabPage);
	await tabPage.goto(`${origin}${path}`);
	return grantActiveTab(extension, tabPage);
}

const notifications = () => extension.worker.evaluate(async () => Object.keys(await chrome.notifications.getAll()));

async function clipboardText(): Promise<string> {
	await page.bringToFront();
	return page.evaluate(() => navigator.clipboard.readText());
}

async function storedUrl(shortUrl: string): Promise<string> {
	const code = new URL(shortUrl).pathname.slice(1);
	const options = await extension.openPage("options/index.html");
	const reply = (await options.evaluate(
		(c) => chrome.runtime.sendMessage({ type: "getLink", code: c }),
		code,
	)) as Reply<"getLink">;
	await options.close();
	if (!reply.ok) throw new Error(JSON.stringify(reply.error));
	return reply.data.url;
}

describe("shortening without the popup", () => {
	it("creates its three menu items with stable ids on install", async () => {
		expect(await menuItemsExist()).toEqual([true, true, true]);
	});

	it("'Shorten link' on a link copies its short link and says so in a notification", async () => {
		const before = await notifications();
		await shortenLink(LINK_TARGET);
		const id = await nextNotification(before);
		expect(id).toMatch(/^shorty-copied:[A-Za-z0-9]{7}:/);
		const copied = await clipboardText();
		expect(copied).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[A-Za-z0-9]{7}$/);
		expect(await storedUrl(copied)).toBe(LINK_TARGET);
	});

	it("the keyboard command shortens the current tab the same way", async () => {
		const before = await notifications();
		await dispatchInWorker("command", { command: "shorten-current-tab" });
		await nextNotification(before);
		expect(await storedUrl(await clipboardText())).toBe(`${origin}/article`);
	});

	it.each([
		["shorten-page", { pageUrl: "PAGE" }, "PAGE"],
		[
			"shorten-image",
			{ srcUrl: "https://example.com/picture.png", mediaType: "image" },
			"https://example.com/picture.png",
		],
	])("'%s' shortens the right address", async (menuItemId, info, expected) => {
		const page = `${origin}/article`;
		const resolve = (value: string) => value.replace("PAGE", page);
		const before = await notifications();
		const fields = Object.fromEntries(Object.entries(info).map(([key, value]) => [key, resolve(value)]));
		await dispatchInWorker("menu", { menuItemId, pageUrl: page, editable: false, ...fields });
		await nextNotification(before);
		expect(await storedUrl(await clipboardText())).toBe(resolve(expected));
	});

	it("two clicks at once both make their link, sharing one clipboard document, which ends with the later one's", async () => {
		const before = await notifications();
		const later = "https://example.com/together/2";
		await Promise.all(["https://example.com/together/1", later].map((linkUrl) => shortenLink(linkUrl)));
		const first = await nextNotification(before);
		const second = await nextNotification([...before, first]);
		// The earlier click's link, when it comes second, is announced as made but not copied: the later one's
		// is on the clipboard already.
		expect([first, second].filter((id) => id.startsWith("shorty-error:"))).toEqual([]);
		expect([first, second].some((id) => COPIED.test(id))).toBe(true);
		expect(await storedUrl(await clipboardText())).toBe(later);
	});

	it("keeps its clipboard document after a copy, for the next copy while the worker is kept warm", async () => {
		const before = await notifications();
		await shortenLink("https://example.com/kept/1");
		const first = await nextNotification(before);
		expect(first).toMatch(COPIED);
		const [kept, ...others] = await clipboardDocuments(extension);
		expect(others).toEqual([]);
		expect(new URL(kept?.documentUrl ?? "").searchParams.get(CLOSE_AFTER_PARAMETER)).toBe(String(WARM_AFTER_USE_MS));
		// Longer than a copy needs to land: the document stays for the next shorten, not only for this copy.
		await new Promise((wait) => setTimeout(wait, COPY_SETTLE_MS + 500));

		await shortenLink("https://example.com/kept/2");
		expect(await nextNotification([...before, first])).toMatch(COPIED);
		expect(await clipboardDocuments(extension)).toEqual([kept]);
		expect(await storedUrl(await clipboardText())).toBe("https://example.com/kept/2");
	});

	it("lets the document close itself once it has gone as long as it was told without a copy, and opens another for the next", async () => {
		// Long enough for the shorten to come first on a slow machine, which the document's id below checks.
		await openClipboardDocument(3_000);
		const [opened] = await clipboardDocuments(extension);
		const before = await notifications();
		await shortenLink("https://example.com/before-the-close");
		const first = await nextNotification(before);
		expect(first).toMatch(COPIED);
		expect((await clipboardDocuments(extension)).map(({ documentId }) => documentId)).toEqual([opened?.documentId]);
		expect(await storedUrl(await clipboardText())).toBe("https://example.com/before-the-close");
		await expect.poll(openDocuments, { timeout: 10_000 }).toBe(0);

		await shortenLink("https://example.com/after-the-close");
		expect(await nextNotification([...before, first])).toMatch(COPIED);
		expect(await storedUrl(await clipboardText())).toBe("https://example.com/after-the-close");
		const [reopened] = await clipboardDocuments(extension);
		expect(reopened?.documentId).not.toBe(opened?.documentId);
	});

	it("opens its clipboard document while the link is being made, and copies nothing when that fails", async () => {
		await closeClipboardDocument(extension);
		// The worker's commits wait for the test, as if Firestore were far away, then fail as a dropped connection does.
		await extension.worker.evaluate(() => {
			const scope = globalThis as unknown as { realFetch?: typeof fetch; dropCommits?: () => void };
			const realFetch = fetch;
			let drop: () => void = () => undefined;
			const dropped = new Promise<void>((settle) => {
				drop = settle;
			});
			scope.realFetch = realFetch;
			scope.dropCommits = drop;
			globalThis.fetch = async (input, init) => {
				if (!String(input instanceof Request ? input.url : input).includes(":commit")) return realFetch(input, init);
				await dropped;
				throw new TypeError("Failed to fetch");
			};
		});
		const before = await notifications();
		let held = false;
		try {
			const previous = await clipboardText();
			await shortenLink("https://example.com/while-the-commit-is-out");
			held = true;
			await expect.poll(openDocuments, { timeout: 5_000 }).toBe(1);
			// None new: Chrome may drop an older one meanwhile, once its time on screen is over.
			expect((await notifications()).filter((id) => !before.includes(id))).toEqual([]);

			await extension.worker.evaluate(() => (globalThis as unknown as { dropCommits: () => void }).dropCommits());
			held = false;
			expect(await nextNotification(before)).toMatch(/^shorty-error:/);
			expect(await clipboardText()).toBe(previous);
		} finally {
			await extension.worker.evaluate(() => {
				// Optional: a worker Chrome restarted meanwhile has neither, and its own fetch.
				const scope = globalThis as unknown as { realFetch?: typeof fetch; dropCommits?: () => void };
				scope.dropCommits?.();
				if (scope.realFetch) globalThis.fetch = scope.realFetch;
				delete scope.realFetch;
				delete scope.dropCommits;
			});
			// A commit the failed test left held fails now: its notification comes here, not in the next test.
			if (held) await nextNotification(before).catch(() => undefined);
		}
	});

	it("shortens a private address too: the user picked that very address, and no notification can ask", async () => {
		const before = await notifications();
		const privateLink = "http://192.168.1.20/admin";
		await shortenLink(privateLink);
		expect(await nextNotification(before)).toMatch(COPIED);
		expect(await storedUrl(await clipboardText())).toBe(privateLink);
	});

	it.each([
		[
			"copies in the page it was used on, which the click granted activeTab on, and opens no clipboard document",
			"/granted",
			0,
		],
		["copies through its clipboard document from a page that forbids writing the clipboard", NO_CLIPBOARD_PAGE, 1],
	])("%s", async (_, path, documents) => {
		await closeClipboardDocument(extension);
		const tab = await grantedTab(path);
		const before = await notifications();
		const target = `https://example.com/copied-from${path}`;
		await shortenLink(target, tab);
		expect(await nextNotification(before)).toMatch(COPIED);
		expect(await storedUrl(await clipboardText())).toBe(target);
		expect(await openDocuments()).toBe(documents);
	});

	it("the keyboard command copies in the page too", async () => {
		await closeClipboardDocument(extension);
		const tab = await grantedTab("/granted-by-the-shortcut");
		const before = await notifications();
		await dispatchInWorker("command", { command: "shorten-current-tab" }, tab);
		expect(await nextNotification(before)).toMatch(COPIED);
		expect(await storedUrl(await clipboardText())).toBe(tab.url);
		expect(await openDocuments()).toBe(0);
	});

	it("the keyboard command pressed again on a page shows one notification for its link, the newer", async () => {
		const tab = await grantedTab("/pressed-twice");
		const before = await notifications();
		await dispatchInWorker("command", { command: "shorten-current-tab" }, tab);
		const first = await nextNotification(before);
		await dispatchInWorker("command", { command: "shorten-current-tab" }, tab);
		const second = await nextNotification([...before, first]);
		const code = new URL(await clipboardText()).pathname.slice(1);
		expect(second).toMatch(new RegExp(`^shorty-copied:${code}:\\d+$`));
		expect((await notifications()).filter((id) => id.includes(code))).toEqual([second]);
	});

	it("a link that cannot be shortened gives a failure notification and copies nothing new", async () => {
		const previous = await clipboardText();
		const before = await notifications();
		await shortenLink("javascript:alert(1)");
		const failure = await nextNotification(before);
		expect(failure).toMatch(/^shorty-error:/);
		expect(await clipboardText()).toBe(previous);

		// A shorten that works next makes the failure old news: its notification goes.
		await shortenLink("https://example.com/after-a-failure");
		expect(await nextNotification([...before, failure])).toMatch(COPIED);
		expect(await notifications()).not.toContain(failure);
	});

	it("after two updates in a row, its three menu items are all there and nothing was logged as an error", async () => {
		// A real chrome.runtime.reload() leaves an extension loaded with --load-extension blocked, so the
		// event an update fires is dispatched instead, twice, as two updates in a row would.
		const errorsBefore = extension.workerErrors.length;
		await extension.worker.evaluate(async () => {
			type Dispatchable = { dispatch(...args: unknown[]): void };
			const installed = chrome.runtime.onInstalled as unknown as Dispatchable;
			installed.dispatch({ reason: "update", previousVersion: "0.0.1" });
			installed.dispatch({ reason: "update", previousVersion: "0.0.1" });
			await new Promise((settle) => setTimeout(settle, 500));
		});
		const exist = await menuItemsExist();
		expect(exist).toEqual([true, true, true]);
		expect(extension.workerErrors.slice(errorsBefore)).toEqual([]);
	});

	// Last: it leaves the browser signed out.
	it("after an explicit sign-out, a menu click makes no account: it says so and copies nothing", async () => {
		const options = await extension.openPage("options/index.html");
		const ask = (message: Record<string, unknown>) => options.evaluate((m) => chrome.runtime.sendMessage(m), message);
		await ask({ type: "signOut" });
		const previous = await clipboardText();
		const before = await notifications();
		await shortenLink("https://example.com/after-signing-out");
		expect(await nextNotification(before)).toMatch(/^shorty-error:/);
		expect(await clipboardText()).toBe(previous);
		expect(await ask({ type: "session" })).toEqual({ ok: true, data: { user: null } });
		await options.close();
	});
});
