// @vitest-environment node
import { describe, expect, it } from "vitest";
import type { PendingCopy } from "../../background/offscreenCopies";
import { type PageClipboard, pageFirstCopies } from "../../background/pageFirstCopies";
import { ShortyError } from "../../src/errors";

/** A turn of the event loop: each call to the browser takes one, as Chrome's do. */
const turn = () => new Promise<void>((settle) => setTimeout(settle, 0));

type PageState =
	| "takes copies"
	| "not ready"
	| "not scriptable"
	| "never answering"
	| "refuses the write"
	| "closed before the copy"
	| "busy by the copy";

/** How long the stand-in page has to answer: short, as the test waits it out. */
const ANSWER_WITHIN_MS = 20;

/**
 * Chrome's side as the copies meet it: one tab's page in `state`, and the offscreen document's copies,
 * recorded from the moment one is started (which opens the document) to each text it copies.
 */
function browserWithPage(state: PageState, { documentRefuses = false } = {}) {
	const clipboard: string[] = [];
	const events: string[] = [];
	const page = (tabId: number): PageClipboard => ({
		async ready() {
			await turn();
			events.push(`page ${tabId} asked`);
			if (state === "not scriptable") throw new Error("Cannot access contents of the page.");
			// Held by a long task or an alert: Chrome's call answers once the page is free.
			if (state === "never answering") await new Promise(() => undefined);
			return state !== "not ready";
		},
		async copy(text, withinMs) {
			await turn();
			expect(withinMs).toBe(ANSWER_WITHIN_MS);
			if (state === "closed before the copy") throw new Error(`No tab with id: ${tabId}.`);
			if (state === "busy by the copy") await new Promise(() => undefined);
			if (state !== "takes copies") return false;
			clipboard.push(text);
			events.push("copied in the page");
			return true;
		},
	});
	const throughDocument = (): PendingCopy => {
		events.push("document opening");
		return {
			async copy(text) {
				await turn();
				if (documentRefuses) throw new ShortyError("clipboard-failed");
				clipboard.push(text);
				events.push("copied through the document");
			},
		};
	};
	return { clipboard, events, startCopy: pageFirstCopies(page, throughDocument, ANSWER_WITHIN_MS) };
}

/** Long enough for every step started at the click to have run, the text being a round trip away. */
const shortenRoundTrip = () => new Promise<void>((settle) => setTimeout(settle, 2 * ANSWER_WITHIN_MS));

describe("copies from the menu or the shortcut", () => {
	it("are made in the page the user acted on when it can take them, and open no document", async () => {
		const { clipboard, events, startCopy } = browserWithPage("takes copies");
		const pending = startCopy(7);
		await shortenRoundTrip();
		await pending.copy("https://s.example/in-the-page");
		expect(clipboard).toEqual(["https://s.example/in-the-page"]);
		expect(events).toEqual(["page 7 asked", "copied in the page"]);
	});

	it("are made in the page when the text comes before the page's answer", async () => {
		const { clipboard, events, startCopy } = browserWithPage("takes copies");
		await startCopy(7).copy("https://s.example/at-once");
		expect(clipboard).toEqual(["https://s.example/at-once"]);
		expect(events).toEqual(["page 7 asked", "copied in the page"]);
	});

	it.each<PageState>(["not ready", "not scriptable", "never answering"])(
		"open the document at the click, before the text, when the page is %s",
		async (state) => {
			const { clipboard, events, startCopy } = browserWithPage(state);
			const pending = startCopy(7);
			await shortenRoundTrip();
			expect(events).toEqual(["page 7 asked", "document opening"]);
			await pending.copy("https://s.example/through-the-document");
			expect(clipboard).toEqual(["https://s.example/through-the-document"]);
			expect(events).toEqual(["page 7 asked", "document opening", "copied through the document"]);
		},
	);

	it.each([
		["no tab is known", undefined],
		["the click was outside a tab (Chrome's TAB_ID_NONE)", -1],
	])("open the document at the click when %s, and ask no page", async (_, tabId) => {
		const { clipboard, events, startCopy } = browserWithPage("takes copies");
		const pending = startCopy(tabId);
		await shortenRoundTrip();
		expect(events).toEqual(["document opening"]);
		await pending.copy("https://s.example/no-tab");
		expect(clipboard).toEqual(["https://s.example/no-tab"]);
	});

	it.each<PageState>(["refuses the write", "closed before the copy", "busy by the copy"])(
		"go through the document, opened only then, when the page seemed ready but %s",
		async (state) => {
			const { clipboard, events, startCopy } = browserWithPage(state);
			const pending = startCopy(7);
			await shortenRoundTrip();
			expect(events).toEqual(["page 7 asked"]);
			await pending.copy("https://s.example/refused-by-the-page");
			expect(clipboard).toEqual(["https://s.example/refused-by-the-page"]);
			expect(events).toEqual(["page 7 asked", "document opening", "copied through the document"]);
		},
	);

	it("report the document's failure when neither the page nor the document could copy", async () => {
		const { clipboard, startCopy } = browserWithPage("refuses the write", { documentRefuses: true });
		const pending = startCopy(7);
		await shortenRoundTrip();
		await expect(pending.copy("https://s.example/nowhere")).rejects.toMatchObject({ code: "clipboard-failed" });
		expect(clipboard).toEqual([]);
	});

	it("need nothing more when the text never comes (the shorten failed)", async () => {
		const { events, startCopy } = browserWithPage("takes copies");
		startCopy(7);
		await shortenRoundTrip();
		expect(events).toEqual(["page 7 asked"]);
	});
});
