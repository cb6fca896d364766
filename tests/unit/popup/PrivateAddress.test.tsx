import { act, cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { findLink, renderPopup } from "./renderPopup";

afterEach(cleanup);

describe("the popup on a private address", () => {
	it.each([
		["this computer", "http://localhost:3000/admin", "localhost:3000 is this computer."],
		["a private network", "http://192.168.1.20/router", "192.168.1.20 is on a private network."],
		["an intranet name", "https://wiki.corp/Payroll", "wiki.corp is a name only a local network knows."],
	])("asks before shortening %s, and sends nothing until asked", async (_, url, why) => {
		const { shortenRequests, clipboard } = renderPopup({ tab: { url, title: "Admin" } });
		const question = await screen.findByRole("region", { name: "This looks like a private address" });
		expect(question.textContent).toContain(why);
		expect(question.textContent).toContain("Anyone with its short link could read this address.");
		expect(within(question).getByText(url)).toBeTruthy();
		// The question has focus, not the button: a stray Enter publishes nothing.
		await vi.waitFor(() =>
			expect(document.activeElement).toBe(
				within(question).getByRole("heading", { name: "This looks like a private address" }),
			),
		);
		await userEvent.setup().keyboard("{Enter}");
		await act(async () => {});
		expect(shortenRequests).toEqual([]);
		expect(clipboard.text).toBe("");
		expect(screen.queryByRole("textbox", { name: "Short link for this page" })).toBeNull();
	});

	it("shortens and copies after Shorten anyway", async () => {
		const url = "http://10.0.0.5:8080/dashboard";
		const { shortenRequests, clipboard } = renderPopup({ tab: { url, title: "Dashboard" } });
		await userEvent.setup().click(await screen.findByRole("button", { name: "Shorten anyway" }));
		await findLink("https://sho.rt/aB3dE5g");
		expect(shortenRequests).toEqual([{ type: "shorten", url: `${url}`, title: "Dashboard" }]);
		await screen.findByText("Copied");
		expect(clipboard.text).toBe("https://sho.rt/aB3dE5g");
	});

	it("asks the same question when shortenOnOpen is off", async () => {
		renderPopup({ tab: { url: "http://nas/photos", title: "" }, shortenOnOpen: false });
		expect(await screen.findByRole("region", { name: "This looks like a private address" })).toBeTruthy();
		expect(screen.getByRole("button", { name: "Shorten anyway" })).toBeTruthy();
		expect(screen.queryByRole("button", { name: "Shorten this page" })).toBeNull();
	});

	it("shortens a public address on open, as always", async () => {
		const { shortenRequests } = renderPopup({ tab: { url: "https://example.com/local-news", title: "" } });
		await findLink("https://sho.rt/aB3dE5g");
		expect(shortenRequests).toHaveLength(1);
		expect(screen.queryByRole("region", { name: "This looks like a private address" })).toBeNull();
	});
});
