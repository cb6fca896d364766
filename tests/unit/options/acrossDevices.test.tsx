import { act, cleanup, fireEvent, waitFor } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type LocalFirestore, type OptionsBackground, optionsBackground, startLocalFirestore } from "./localBackground";
import { linksTable, rangeShown, renderOptions, resetPage, shownCodes } from "./renderOptions";

let firestore: LocalFirestore;
beforeAll(async () => {
	firestore = await startLocalFirestore();
});
afterAll(() => firestore.close());
afterEach(resetPage);

/** The page open on 5 links, with the worker's first fetch of them done. */
async function openOnFive(): Promise<OptionsBackground> {
	const background = await optionsBackground(firestore, { links: 5 });
	renderOptions(background);
	await waitFor(() => expect(rangeShown()).toBe("1–5 of 5"));
	return background;
}

/** The reader comes back to the tab: hidden a while, then shown again. */
function showTabAgain(): void {
	const visibility = (state: DocumentVisibilityState) => {
		Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
		fireEvent(document, new Event("visibilitychange"));
	};
	visibility("hidden");
	visibility("visible");
}

afterEach(() => {
	Reflect.deleteProperty(document, "visibilityState");
});

describe("links changed in another browser of the same account", () => {
	it("a link made there shows once the page's window is focused", async () => {
		const background = await openOnFive();
		const made = await background.elsewhere.shorten(background.uid, { url: "https://example.com/made-elsewhere" });
		act(() => {
			fireEvent.focus(window);
		});
		await waitFor(() => expect(rangeShown()).toBe("1–6 of 6"));
		expect(shownCodes()[0]).toBe(made.code);
	});

	it("a link deleted there leaves the table once the tab is shown again", async () => {
		const background = await openOnFive();
		const [gone, ...kept] = shownCodes();
		await background.elsewhere.removeMany(background.uid, [gone ?? ""]);
		act(showTabAgain);
		await waitFor(() => expect(rangeShown()).toBe("1–4 of 4"));
		expect(shownCodes()).toEqual(kept);
	});

	it("a target edited there shows its new address", async () => {
		const background = await openOnFive();
		const [code] = shownCodes();
		await background.elsewhere.updateTarget(code ?? "", "https://example.com/moved-elsewhere");
		act(() => {
			fireEvent.focus(window);
		});
		await waitFor(() => expect(linksTable().textContent).toContain("example.com/moved-elsewhere"));
		expect(shownCodes()[0]).toBe(code);
	});

	it("a link made there while no page was open shows when the page opens again", async () => {
		const background = await openOnFive();
		cleanup();
		const made = await background.elsewhere.shorten(background.uid, { url: "https://example.com/made-meanwhile" });
		renderOptions(background);
		await waitFor(() => expect(rangeShown()).toBe("1–6 of 6"));
		expect(shownCodes()[0]).toBe(made.code);
	});
});
