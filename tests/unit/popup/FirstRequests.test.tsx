import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ShortyError } from "../../../src/errors";
import { REQUEST_TIMEOUT_MS } from "../../../src/messages";
import { expectSelected, findLink, linkField, linkFor, popupSetup, unreadableSettings } from "./renderPopup";
import { TestNetwork } from "./testNetwork";

afterEach(cleanup);

const article = { url: "https://example.com/news/article?id=7", title: "An article" };
const shortUrl = "https://sho.rt/aB3dE5g";
const articleShorten = { type: "shorten", url: article.url, title: "An article" };

/** Lets every reply already on its way land (the in-process background answers within a few ticks). */
const repliesLanded = () => new Promise((settle) => setTimeout(settle, 0));

describe("the popup's first requests, sent before the page renders", () => {
	it("shortens the tab before the page exists, and the page shows that link without asking again", async () => {
		const popup = popupSetup({ tab: article });
		await vi.waitFor(() => expect(popup.shortenRequests).toEqual([articleShorten]));
		popup.render();
		await findLink(shortUrl);
		expect(popup.shortenRequests).toEqual([articleShorten]);
	});

	it("shows a link that arrived before the first render in that render, with no skeleton, copied", async () => {
		const popup = popupSetup({ tab: article });
		await vi.waitFor(() => expect(popup.shortenRequests).toHaveLength(1));
		await repliesLanded();
		popup.render();
		expect(screen.queryByText("Shortening this page…")).toBeNull();
		expect(linkField().textContent).toBe(shortUrl);
		await vi.waitFor(() => expect(popup.clipboard.text).toBe(shortUrl));
		expectSelected(linkField());
		expect(popup.shortenRequests).toHaveLength(1);
	});

	it("sends no shorten when the popup waits to be asked, and one when asked", async () => {
		const popup = popupSetup({ tab: article, shortenOnOpen: false });
		await repliesLanded();
		expect(popup.shortenRequests).toEqual([]);
		popup.render();
		fireEvent.click(await screen.findByRole("button", { name: "Shorten this page" }));
		await findLink(shortUrl);
		expect(popup.shortenRequests).toEqual([articleShorten]);
	});

	it("never shortens a private address or a restricted page unasked, nor offline", async () => {
		const privatePage = popupSetup({ tab: { url: "http://192.168.1.20/router", title: "Router" } });
		const restricted = popupSetup({ tab: { url: "chrome://settings/", title: "Settings" } });
		const offline = popupSetup({ tab: article, network: new TestNetwork(false) });
		await repliesLanded();
		expect([privatePage, restricted, offline].map((popup) => popup.shortenRequests)).toEqual([[], [], []]);
	});

	it("sends no shorten when the settings cannot be read: the cautious choice waits to be asked", async () => {
		const popup = popupSetup({ tab: article, settingsStorage: unreadableSettings });
		await repliesLanded();
		popup.render();
		expect(await screen.findByRole("button", { name: "Shorten this page" })).toBeTruthy();
		expect(popup.shortenRequests).toEqual([]);
	});

	it("reads the settings from storage itself: a worker slow to answer for them holds nothing back", async () => {
		const popup = popupSetup({ tab: article, handlers: { getSettings: () => new Promise(() => {}) } });
		await vi.waitFor(() => expect(popup.shortenRequests).toEqual([articleShorten]));
		popup.render();
		await findLink(shortUrl);
	});

	it("gives up on a settings read that never ends, and then waits to be asked", async () => {
		vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
		try {
			const popup = popupSetup({ tab: article, settingsStorage: { get: () => new Promise(() => {}) } });
			popup.render();
			expect(screen.getByText("Shortening this page…")).toBeTruthy();
			await act(() => vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS));
			expect(screen.getByRole("button", { name: "Shorten this page" })).toBeTruthy();
			expect(popup.shortenRequests).toEqual([]);
		} finally {
			vi.useRealTimers();
		}
	});

	it("shows an early shorten's failure as the page's own, and Retry sends a new request", async () => {
		let failures = 1;
		const popup = popupSetup({
			tab: article,
			shorten: ({ url }) => {
				if (failures-- > 0) throw new ShortyError("firestore/unavailable");
				return linkFor(url);
			},
		});
		await vi.waitFor(() => expect(popup.shortenRequests).toHaveLength(1));
		await repliesLanded();
		popup.render();
		fireEvent.click(await screen.findByRole("button", { name: "Retry" }));
		await findLink(shortUrl);
		expect(popup.shortenRequests).toEqual([articleShorten, articleShorten]);
	});
});
