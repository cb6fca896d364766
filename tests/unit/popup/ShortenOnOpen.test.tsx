import { act, cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { targetText } from "../targetText";
import { findLink, linkField, renderPopup, unreadableSettings } from "./renderPopup";

afterEach(cleanup);

const article = { url: "https://example.com/news/article?id=7", title: "An article" };

describe("the popup with shortenOnOpen off", () => {
	it("shows the page and a focused Shorten this page button, and sends nothing until it is pressed", async () => {
		const { shortenRequests, clipboard } = renderPopup({ tab: article, shortenOnOpen: false });
		const button = await screen.findByRole("button", { name: "Shorten this page" });
		await vi.waitFor(() => expect(document.activeElement).toBe(button));
		expect(screen.getByRole("region", { name: "An article" })).toBeTruthy();
		expect(screen.getByText(targetText("example.com/news/article?id=7")).getAttribute("title")).toBe(article.url);
		expect(shortenRequests).toEqual([]);
		expect(clipboard.text).toBe("");

		// Enter on the focused button, as a keyboard user would press it.
		await userEvent.setup().keyboard("{Enter}");
		await screen.findByText("Copied");
		// The same request as on open, so the background's same-address lookup returns an existing link.
		expect(shortenRequests).toEqual([{ type: "shorten", url: article.url, title: "An article" }]);
		const field = linkField();
		expect(field.textContent).toBe("https://sho.rt/aB3dE5g");
		expect(document.activeElement).toBe(field);
		expect(clipboard.text).toBe("https://sho.rt/aB3dE5g");
	});

	it("names an untitled page by its host", async () => {
		renderPopup({ tab: { url: "https://example.com/untitled", title: "" }, shortenOnOpen: false });
		expect(await screen.findByRole("region", { name: "example.com" })).toBeTruthy();
	});

	it("still explains a page that cannot be shortened, with no button", async () => {
		renderPopup({ tab: { url: "chrome://settings/", title: "" }, shortenOnOpen: false });
		await screen.findByRole("heading", { name: "This page cannot be shortened" });
		expect(screen.queryByRole("button", { name: "Shorten this page" })).toBeNull();
	});

	it("shows the skeleton, and sends nothing, until the settings are known", async () => {
		let answer: (stored: Record<string, unknown>) => void = () => {};
		const { shortenRequests } = renderPopup({
			tab: article,
			settingsStorage: {
				get: () =>
					new Promise((resolve) => {
						answer = resolve;
					}),
			},
		});
		await vi.waitFor(() => expect(screen.getByText("Shortening this page…")).toBeTruthy());
		await act(async () => {});
		expect(shortenRequests).toEqual([]);
		answer({ autoCopy: true, shortenOnOpen: false });
		expect(await screen.findByRole("button", { name: "Shorten this page" })).toBeTruthy();
		expect(shortenRequests).toEqual([]);
	});

	it("asks first, and copies nothing, when the settings cannot be read", async () => {
		const { shortenRequests, clipboard } = renderPopup({
			tab: article,
			settingsStorage: unreadableSettings,
		});
		await userEvent.setup().click(await screen.findByRole("button", { name: "Shorten this page" }));
		await findLink("https://sho.rt/aB3dE5g");
		expect(shortenRequests).toHaveLength(1);
		expect(clipboard.text).toBe("");
	});
});
