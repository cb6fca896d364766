import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import qrcode from "qrcode-generator";
import { afterEach, describe, expect, it } from "vitest";
import { findLink, linkFor, renderPopup } from "./renderPopup";

afterEach(cleanup);

const article = { url: "https://example.com/news/article?id=7", title: "An article" };

/** The dark modules a QR code of `text` has, counted by the library itself. */
function darkModules(text: string): number {
	const qr = qrcode(0, "M");
	qr.addData(text);
	qr.make();
	let dark = 0;
	for (let row = 0; row < qr.getModuleCount(); row++) {
		for (let column = 0; column < qr.getModuleCount(); column++) if (qr.isDark(row, column)) dark++;
	}
	return dark;
}

describe("the QR code", () => {
	it("is shown and hidden by a toggle, drawn from the short link with an accessible name", async () => {
		const user = userEvent.setup();
		renderPopup({ tab: article });
		await screen.findByText("Copied");
		const toggle = screen.getByRole("button", { name: "QR code" });
		expect(toggle.getAttribute("aria-expanded")).toBe("false");
		expect(screen.queryByRole("img", { name: /^QR code/ })).toBeNull();

		await user.click(toggle);
		expect(toggle.getAttribute("aria-expanded")).toBe("true");
		// The encoder loads on first use.
		const image = await screen.findByRole("img", { name: "QR code for https://sho.rt/aB3dE5g" });
		const squares =
			image
				.querySelector("path")
				?.getAttribute("d")
				?.match(/h1v1h-1z/g) ?? [];
		expect(squares).toHaveLength(darkModules("https://sho.rt/aB3dE5g"));
		expect(screen.getByRole("button", { name: "Download PNG" })).toBeTruthy();

		await user.click(toggle);
		expect(screen.queryByRole("img", { name: /^QR code/ })).toBeNull();
	});

	it("is reached with Tab after the link's own actions, and toggled with the keyboard", async () => {
		const user = userEvent.setup();
		renderPopup({ tab: article, autoCopy: false });
		await findLink("https://sho.rt/aB3dE5g");
		const names: string[] = [];
		for (let step = 0; step < 5; step++) {
			await user.tab();
			const focused = document.activeElement;
			names.push((focused instanceof HTMLInputElement ? focused.labels?.[0] : focused)?.textContent ?? "");
		}
		// The tags' field comes between the link and its tools.
		expect(names).toEqual(["Copy", "Open", "Tags", "Custom alias", "QR code"]);
		await user.keyboard(" ");
		expect(await screen.findByRole("img", { name: "QR code for https://sho.rt/aB3dE5g" })).toBeTruthy();
		await user.tab();
		expect(document.activeElement?.textContent).toBe("Recent links");
		await user.tab();
		expect(document.activeElement?.textContent).toBe("Download PNG");
	});

	it("follows the link when a custom alias replaces it", async () => {
		const user = userEvent.setup();
		renderPopup({ tab: article, shorten: ({ url, alias }) => linkFor(url, alias ?? "aB3dE5g") });
		await screen.findByText("Copied");
		await user.click(screen.getByRole("button", { name: "Custom alias" }));
		const form = await screen.findByRole("form", { name: "Custom alias" });
		await user.type(within(form).getByRole("textbox", { name: "Alias" }), "qr-alias{Enter}");
		await user.click(screen.getByRole("button", { name: "QR code" }));
		expect(await screen.findByRole("img", { name: "QR code for https://sho.rt/qr-alias" })).toBeTruthy();
	});
});
