import { act, cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ShortyError } from "../../../src/errors";
import type { Link } from "../../../src/links/types";
import type { Handlers, RequestOf } from "../../../src/messages";
import { description } from "../account/renderWithAccounts";
import { expectSelected, findLink, linkField, linkFor, renderPopup } from "./renderPopup";

afterEach(cleanup);

const article = { url: "https://example.com/news/article?id=7", title: "An article" };

/** Aliases some other link holds already, as the background's store knows them. */
const TAKEN = new Set(["taken", "taken-2", "taken-article"]);

/** A background that refuses a taken alias and makes any other, as the link store does. */
const shortenWithAliases: Handlers["shorten"] = ({ url, title, alias }) => {
	if (alias !== undefined && TAKEN.has(alias)) throw new ShortyError("alias-taken");
	return { ...linkFor(url, alias ?? "aB3dE5g"), title: title ?? "", custom: alias !== undefined };
};

async function openAliasForm(
	shorten: Handlers["shorten"] = shortenWithAliases,
	suggestAliases: Handlers["suggestAliases"] = () => ({ aliases: ["taken-news", "taken-3", "taken-4"] }),
) {
	const user = userEvent.setup();
	const suggestRequests: RequestOf<"suggestAliases">[] = [];
	const rendered = renderPopup({
		tab: article,
		shorten,
		handlers: {
			suggestAliases: (request) => {
				suggestRequests.push(request);
				return suggestAliases(request);
			},
		},
	});
	await screen.findByText("Copied");
	const button = screen.getByRole("button", { name: "Custom alias" });
	await user.click(button);
	const form = await screen.findByRole("form", { name: "Custom alias" });
	const field = within(form).getByRole("textbox", { name: "Alias" });
	return { ...rendered, user, button, form, field, suggestRequests };
}

/** What a screen reader was told unasked about the alias: the form's live region. */
function announcement(form: HTMLElement): string | null | undefined {
	return form.querySelector("[aria-live]")?.textContent;
}

describe("the custom alias form", () => {
	it("opens under the tools with the alias field focused, after the link, and checks the alias as it is typed", async () => {
		const { user, button, field, form, shortenRequests } = await openAliasForm();
		expect(document.activeElement).toBe(field);
		expect(button.getAttribute("aria-expanded")).toBe("true");
		// In the page's flow, after the link and its tools: nothing is drawn over the link.
		expect(linkField().compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
		expect(button.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
		expect(screen.queryByRole("dialog")).toBeNull();
		expect(field.getAttribute("aria-invalid")).toBe("false");

		await user.type(field, "ab");
		expect(field.getAttribute("aria-invalid")).toBe("true");
		expect(description(field)).toBe(
			"Aliases are 3 to 64 letters, digits, hyphens or underscores. Yours has 2 characters; the minimum is 3.",
		);
		// Shown as it is typed, but not read out per keystroke.
		expect(announcement(form)).toBe("");
		await user.type(field, "c");
		expect(field.getAttribute("aria-invalid")).toBe("false");
		await user.type(field, " d");
		expect(description(field)).toContain("Spaces are not allowed.");

		await user.clear(field);
		await user.type(field, "Admin");
		expect(description(field)).toBe("That alias is reserved. Please pick another.");
		await user.click(within(form).getByRole("button", { name: "Save" }));
		expect(shortenRequests).toHaveLength(1);
		expect(announcement(form)).toBe("That alias is reserved. Please pick another.");
	});

	it("saves with Enter, shows the alias link in place, copies it and puts focus on it, selected", async () => {
		const { user, field, clipboard, shortenRequests } = await openAliasForm();
		await user.type(field, "my-article{Enter}");

		const link = await findLink("https://sho.rt/my-article");
		expect(shortenRequests[1]).toEqual({ type: "shorten", url: article.url, title: "An article", alias: "my-article" });
		expect(screen.queryByRole("form", { name: "Custom alias" })).toBeNull();
		expect(screen.getByRole("button", { name: "Custom alias" }).getAttribute("aria-expanded")).toBe("false");
		await screen.findByText("Copied");
		expect(clipboard.text).toBe("https://sho.rt/my-article");
		await vi.waitFor(() => expectSelected(link));

		clipboard.text = "";
		await user.keyboard("{Enter}");
		await vi.waitFor(() => expect(clipboard.text).toBe("https://sho.rt/my-article"));
	});

	it("saved again as the alias it shows, copies that link again and puts focus back on it", async () => {
		const { user, field, clipboard } = await openAliasForm();
		await user.type(field, "my-article{Enter}");
		const link = await findLink("https://sho.rt/my-article");
		await vi.waitFor(() => expect(clipboard.text).toBe("https://sho.rt/my-article"));

		clipboard.text = "";
		await user.click(screen.getByRole("button", { name: "Custom alias" }));
		await user.type(await screen.findByRole("textbox", { name: "Alias" }), "my-article{Enter}");
		await vi.waitFor(() => expect(clipboard.text).toBe("https://sho.rt/my-article"));
		expect(screen.queryByRole("form", { name: "Custom alias" })).toBeNull();
		await vi.waitFor(() => expectSelected(linkField()));
		expect(linkField().textContent).toBe(link.textContent);
	});

	it("offers free aliases when the one asked for is taken, and one click on one saves it", async () => {
		const { user, field, form, clipboard, suggestRequests } = await openAliasForm();
		await user.type(field, "taken{Enter}");

		const offered = await within(form).findByRole("group", { name: "Available aliases:" });
		expect(
			within(offered)
				.getAllByRole("button")
				.map((button) => button.textContent),
		).toEqual(["taken-news", "taken-3", "taken-4"]);
		expect(suggestRequests).toEqual([
			{ type: "suggestAliases", alias: "taken", url: article.url, title: "An article" },
		]);
		expect(description(field)).toBe("That alias is already in use. Please pick another.");
		expect(field.getAttribute("aria-invalid")).toBe("true");
		expect(announcement(form)).toBe(
			"That alias is already in use. Please pick another. Available aliases: taken-news, taken-3, taken-4.",
		);
		expect(linkField().textContent).toBe("https://sho.rt/aB3dE5g");

		await user.click(within(offered).getByRole("button", { name: "Use taken-3" }));
		await findLink("https://sho.rt/taken-3");
		await vi.waitFor(() => expect(clipboard.text).toBe("https://sho.rt/taken-3"));
	});

	it("says the alias is taken without offering any when the background finds none free", async () => {
		const { user, field, form } = await openAliasForm(shortenWithAliases, () => ({ aliases: [] }));
		await user.type(field, "taken{Enter}");
		await vi.waitFor(() => expect(description(field)).toBe("That alias is already in use. Please pick another."));
		expect(within(form).queryByRole("group")).toBeNull();
		await user.type(field, "2");
		expect(field.getAttribute("aria-invalid")).toBe("false");
	});

	it("closes on Escape, returns focus to the button and leaves the link as it was", async () => {
		const { user, button, field, shortenRequests } = await openAliasForm();
		await user.type(field, "never-saved");
		await user.keyboard("{Escape}");

		expect(screen.queryByRole("form", { name: "Custom alias" })).toBeNull();
		expect(document.activeElement).toBe(button);
		expect(linkField().textContent).toBe("https://sho.rt/aB3dE5g");
		expect(shortenRequests).toHaveLength(1);

		await user.keyboard("{Enter}");
		const reopened = await screen.findByRole("form", { name: "Custom alias" });
		expect(within(reopened).getByRole("textbox", { name: "Alias" })).toHaveProperty("value", "");
	});

	it("drops a save that answers after Escape: the link, the clipboard and focus stay as they were", async () => {
		const answers: Array<() => void> = [];
		// The alias save waits until the test answers it; the first shorten answers at once.
		const { user, button, field, clipboard } = await openAliasForm((request) =>
			request.alias === undefined
				? shortenWithAliases(request)
				: new Promise<Link>((resolve) => answers.push(() => resolve(shortenWithAliases(request)))),
		);
		await user.type(field, "late-one{Enter}");
		await vi.waitFor(() => expect(answers).toHaveLength(1));
		await user.keyboard("{Escape}");
		clipboard.text = "";
		await act(async () => answers[0]?.());

		expect(linkField().textContent).toBe("https://sho.rt/aB3dE5g");
		expect(clipboard.text).toBe("");
		expect(document.activeElement).toBe(button);
	});
});
