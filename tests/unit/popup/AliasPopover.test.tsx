import { act, cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ShortyError } from "../../../src/errors";
import type { Link } from "../../../src/links/types";
import type { Handlers } from "../../../src/messages";
import { description } from "../account/renderWithAccounts";
import { linkFor, renderPopup } from "./renderPopup";

afterEach(cleanup);

const article = { url: "https://example.com/news/article?id=7", title: "An article" };

/** A background that knows one alias as taken and makes any other, as the link store does. */
const shortenWithAliases: Handlers["shorten"] = ({ url, title, alias }) => {
	if (alias === "taken") throw new ShortyError("alias-taken");
	return { ...linkFor(url, alias ?? "aB3dE5g"), title: title ?? "", custom: alias !== undefined };
};

async function openAliasPopover(shorten: Handlers["shorten"] = shortenWithAliases) {
	const user = userEvent.setup();
	const rendered = renderPopup({ tab: article, shorten });
	await screen.findByText("Copied");
	const button = screen.getByRole("button", { name: "Custom alias" });
	await user.click(button);
	const dialog = await screen.findByRole("dialog", { name: "Custom alias" });
	const field = within(dialog).getByRole("textbox", { name: "Alias" });
	return { ...rendered, user, button, dialog, field };
}

/** What a screen reader was told unasked about the alias: the form's live region. */
function announcement(dialog: HTMLElement): string | null | undefined {
	return dialog.querySelector("[aria-live]")?.textContent;
}

function linkField(): HTMLInputElement {
	return screen.getByRole("textbox", { name: "Short link for this page" });
}

describe("the custom alias popover", () => {
	it("opens with the alias field focused and checks the alias as it is typed", async () => {
		const { user, field, dialog, shortenRequests } = await openAliasPopover();
		expect(document.activeElement).toBe(field);
		expect(field.getAttribute("aria-invalid")).toBe("false");

		await user.type(field, "ab");
		expect(field.getAttribute("aria-invalid")).toBe("true");
		expect(description(field)).toBe(
			"Aliases are 3 to 64 letters, digits, hyphens or underscores. (too short: 2 characters, at least 3)",
		);
		// Shown as it is typed, but not read out per keystroke.
		expect(announcement(dialog)).toBe("");
		await user.type(field, "c");
		expect(field.getAttribute("aria-invalid")).toBe("false");
		await user.type(field, " d");
		expect(description(field)).toContain("spaces are not allowed");

		await user.clear(field);
		await user.type(field, "Admin");
		expect(description(field)).toBe("That alias is reserved. Please pick another.");
		await user.click(within(dialog).getByRole("button", { name: "Save" }));
		expect(shortenRequests).toHaveLength(1);
		expect(announcement(dialog)).toBe("That alias is reserved. Please pick another.");
	});

	it("saves with Enter, shows the alias link in place, copies it and puts focus on it, selected", async () => {
		const { user, field, clipboard, shortenRequests } = await openAliasPopover();
		await user.type(field, "my-article{Enter}");

		await screen.findByDisplayValue("https://sho.rt/my-article");
		expect(shortenRequests[1]).toEqual({ type: "shorten", url: article.url, title: "An article", alias: "my-article" });
		expect(screen.queryByRole("dialog")).toBeNull();
		await screen.findByText("Copied");
		expect(clipboard.text).toBe("https://sho.rt/my-article");
		const link = linkField();
		expect(link.value).toBe("https://sho.rt/my-article");
		// Radix hands focus back a tick after closing; it must land on the new link, not on the button.
		await vi.waitFor(() => expect(document.activeElement).toBe(link));
		expect([link.selectionStart, link.selectionEnd]).toEqual([0, link.value.length]);

		clipboard.text = "";
		await user.keyboard("{Enter}");
		await vi.waitFor(() => expect(clipboard.text).toBe("https://sho.rt/my-article"));
	});

	it("shows the server's alias-taken message inline and keeps the popover and the link", async () => {
		const { user, field, dialog } = await openAliasPopover();
		await user.type(field, "taken");
		await user.click(within(dialog).getByRole("button", { name: "Save" }));

		await vi.waitFor(() => expect(description(field)).toBe("That alias is already in use. Please pick another."));
		expect(field.getAttribute("aria-invalid")).toBe("true");
		expect(description(field)).toBe("That alias is already in use. Please pick another.");
		expect(announcement(dialog)).toBe("That alias is already in use. Please pick another.");
		expect(linkField().value).toBe("https://sho.rt/aB3dE5g");

		await user.type(field, "2");
		expect(field.getAttribute("aria-invalid")).toBe("false");
	});

	it("closes on Escape, returns focus to the button and leaves the link as it was", async () => {
		const { user, field, shortenRequests } = await openAliasPopover();
		await user.type(field, "never-saved");
		await user.keyboard("{Escape}");

		expect(screen.queryByRole("dialog")).toBeNull();
		// The popover loads on first use, so the focused button is its trigger: the same name, a new element.
		expect(document.activeElement).toBe(screen.getByRole("button", { name: "Custom alias" }));
		expect(linkField().value).toBe("https://sho.rt/aB3dE5g");
		expect(shortenRequests).toHaveLength(1);

		await user.keyboard("{Enter}");
		const reopened = await screen.findByRole("dialog", { name: "Custom alias" });
		expect(within(reopened).getByRole("textbox", { name: "Alias" })).toHaveProperty("value", "");
	});

	it("drops a save that answers after Escape: the link, the clipboard and later focus stay as they were", async () => {
		const answers: Array<() => void> = [];
		// The alias save waits until the test answers it; the first shorten answers at once.
		const { user, field, clipboard } = await openAliasPopover((request) =>
			request.alias === undefined
				? shortenWithAliases(request)
				: new Promise<Link>((resolve) => answers.push(() => resolve(shortenWithAliases(request)))),
		);
		await user.type(field, "late-one{Enter}");
		await vi.waitFor(() => expect(answers).toHaveLength(1));
		await user.keyboard("{Escape}");
		clipboard.text = "";
		await act(async () => answers[0]?.());

		expect(linkField().value).toBe("https://sho.rt/aB3dE5g");
		expect(clipboard.text).toBe("");
		// The next opening, closed with Escape, hands focus back to its button, not to the link.
		await user.click(screen.getByRole("button", { name: "Custom alias" }));
		await screen.findByRole("dialog", { name: "Custom alias" });
		await user.keyboard("{Escape}");
		await act(async () => {});
		expect(document.activeElement).toBe(screen.getByRole("button", { name: "Custom alias" }));
	});
});
