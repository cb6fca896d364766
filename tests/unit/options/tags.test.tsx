import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Handlers } from "../../../src/messages";
import {
	gate,
	type LocalFirestore,
	type OptionsBackground,
	optionsBackground,
	type PageHandlers,
	startLocalFirestore,
} from "./localBackground";
import { linksTable, rangeShown, renderOptions, resetPage, shownCodes } from "./renderOptions";

let firestore: LocalFirestore;
let background: OptionsBackground;
/** The five demo links' codes, newest first. */
let codes: string[];

/** The codes of `owner`'s links, newest first, read behind the page. */
async function codesOf(owner: OptionsBackground): Promise<string[]> {
	const page = await owner.store.listPage(owner.uid, { pageSize: 10 });
	return page.links.map((link) => link.code);
}

beforeAll(async () => {
	firestore = await startLocalFirestore();
	background = await optionsBackground(firestore, { links: 5 });
	codes = await codesOf(background);
	await background.store.setTags(codes[0] ?? "", ["react", "Reading list"]);
	await background.store.setTags(codes[2] ?? "", ["react"]);
	await background.store.setTags(codes[3] ?? "", ["work"]);
});
afterAll(() => firestore.close());
afterEach(resetPage);

const rowOf = (code: string) => screen.getByRole("row", { name: new RegExp(`sho\\.rt/${code}`) });
const tagSelect = () => screen.getByRole("combobox", { name: "Tag" });
const optionNames = (select: HTMLElement) =>
	within(select)
		.getAllByRole("option")
		.map((option) => option.textContent);

describe("tags in the links table", () => {
	it("shows each link's tags under its title, the whole list in a tooltip", async () => {
		renderOptions(background);
		await waitFor(() => expect(shownCodes()).toHaveLength(5));
		const chips = within(rowOf(codes[0] ?? "")).getByRole("list", { name: "Tags of this link" });
		expect(
			within(chips)
				.getAllByRole("button")
				.map((chip) => chip.textContent),
		).toEqual(["react", "Reading list"]);
		expect(chips.getAttribute("title")).toBe("react, Reading list");
		expect(within(rowOf(codes[1] ?? "")).queryByRole("list", { name: "Tags of this link" })).toBeNull();
	});

	it("lists only the links with a tag when its chip is pressed, from the first page, and says so", async () => {
		history.replaceState(null, "", "#size=25&page=1");
		renderOptions(background);
		await waitFor(() => expect(shownCodes()).toHaveLength(5));
		await userEvent.click(within(rowOf(codes[2] ?? "")).getByRole("button", { name: "Show the links tagged react" }));
		await waitFor(() => expect(shownCodes()).toEqual([codes[0], codes[2]]));
		expect(location.hash).toBe("#tag=react&size=25");
		expect(screen.getByRole("grid", { name: "Your links tagged “react”, newest first" })).toBeTruthy();
		expect(tagSelect()).toHaveProperty("value", "react");
	});

	it("keeps the arrow keys in their column whatever tags each row has", async () => {
		renderOptions(background);
		await waitFor(() => expect(shownCodes()).toHaveLength(5));
		const shortLink = (code = "") => within(rowOf(code)).getByRole("link", { name: `sho.rt/${code}` });
		shortLink(codes[1]).focus();
		// Up to a row with two tags, down past one with none to one with a tag: the short link each time.
		await userEvent.keyboard("{ArrowUp}");
		expect(document.activeElement).toBe(shortLink(codes[0]));
		await userEvent.keyboard("{ArrowDown}{ArrowDown}");
		expect(document.activeElement).toBe(shortLink(codes[2]));
		// Along a row the tags are stops of their own.
		await userEvent.keyboard("{ArrowUp}{ArrowUp}{ArrowLeft}");
		expect(document.activeElement).toBe(
			within(rowOf(codes[0] ?? "")).getByRole("button", { name: "Show the links tagged Reading list" }),
		);
		await userEvent.keyboard("{ArrowDown}");
		// Down to a row without tags, the nearest stop in that cell: the page's title.
		expect(document.activeElement).toBe(rowOf(codes[1] ?? "").querySelector(".link-page__title"));
	});
});

describe("the Tag filter", () => {
	it("offers any tag and each of the user's tags with its count, by name", async () => {
		renderOptions(background);
		await waitFor(() =>
			expect(optionNames(tagSelect())).toEqual(["Any tag", "react (2)", "Reading list (1)", "work (1)"]),
		);
	});

	it("lists the links with the chosen tag, and every link again with Any tag", async () => {
		renderOptions(background);
		await waitFor(() => expect(optionNames(tagSelect())).toContain("work (1)"));
		await userEvent.selectOptions(tagSelect(), "work");
		await waitFor(() => expect(shownCodes()).toEqual([codes[3]]));
		expect(rangeShown()).toBe("1–1 of 1");
		expect(location.hash).toContain("tag=work");
		await userEvent.selectOptions(tagSelect(), "");
		await waitFor(() => expect(shownCodes()).toHaveLength(5));
		expect(location.hash).not.toContain("tag=");
	});

	it("counts a tag added elsewhere once the links change", async () => {
		const own = await optionsBackground(firestore, { links: 2 });
		renderOptions(own);
		await waitFor(() => expect(optionNames(tagSelect())).toEqual(["Any tag"]));
		const [code = ""] = await codesOf(own);
		// Through the worker, as the popup tags a link.
		await own.call({ type: "setTags", code, tags: ["later"] });
		await waitFor(() => expect(optionNames(tagSelect())).toEqual(["Any tag", "later (1)"]));
	});

	it("says when no link has the tag of the address, with a way back to every link", async () => {
		history.replaceState(null, "", "#tag=gone&size=25");
		renderOptions(background);
		expect(await screen.findByText("No links are tagged “gone”.")).toBeTruthy();
		expect(tagSelect()).toHaveProperty("value", "gone");
		await userEvent.click(screen.getByRole("button", { name: "Show all links" }));
		await waitFor(() => expect(shownCodes()).toHaveLength(5));
		expect(location.hash).toBe("#size=25");
		expect(linksTable()).toBeTruthy();
	});

	it("says the filter and the tag together left nothing, not that no link has the tag", async () => {
		history.replaceState(null, "", "#show=custom&tag=work&size=25");
		renderOptions(background);
		expect(await screen.findByText("No links match both this filter and the tag “work”.")).toBeTruthy();
		await userEvent.click(screen.getByRole("button", { name: "Show all links" }));
		await waitFor(() => expect(shownCodes()).toHaveLength(5));
		expect(location.hash).toBe("#size=25");
	});
});

describe("editing a link's tags in its row", () => {
	const tagsButton = (code: string) => screen.getByRole("button", { name: `Edit tags of sho.rt/${code}` });
	const editor = (code: string) => screen.getByRole("form", { name: `Tags of sho.rt/${code}` });
	const tagsSent = (owner: OptionsBackground) => owner.requests.filter((request) => request.type === "setTags");

	it("adds a tag on Enter, saves it at once, and shows it as a chip once done", async () => {
		const own = await optionsBackground(firestore, { links: 2 });
		renderOptions(own);
		await waitFor(() => expect(shownCodes()).toHaveLength(2));
		const [code = ""] = shownCodes();
		await userEvent.click(tagsButton(code));
		const field = within(editor(code)).getByRole("combobox", { name: "Tags" });
		expect(document.activeElement).toBe(field);
		await userEvent.type(field, "news{Enter}");
		await waitFor(() => expect(within(editor(code)).getByRole("status", { name: "Tags" }).textContent).toBe("Saved."));
		await userEvent.click(within(editor(code)).getByRole("button", { name: "Done" }));
		expect(document.activeElement).toBe(tagsButton(code));
		await waitFor(() =>
			expect(within(rowOf(code)).getByRole("button", { name: "Show the links tagged news" })).toBeTruthy(),
		);
		expect((await own.store.get(code))?.tags).toEqual(["news"]);
		await waitFor(() => expect(optionNames(tagSelect())).toEqual(["Any tag", "news (1)"]));
	});

	it("explains a tag that breaks a rule, sends nothing, and closes with Escape", async () => {
		const own = await optionsBackground(firestore, { links: 1 });
		renderOptions(own);
		await waitFor(() => expect(shownCodes()).toHaveLength(1));
		const [code = ""] = shownCodes();
		await userEvent.click(tagsButton(code));
		await userEvent.type(within(editor(code)).getByRole("combobox", { name: "Tags" }), "c++{Enter}");
		const field = within(editor(code)).getByRole("combobox", { name: "Tags" });
		expect(field.getAttribute("aria-invalid")).toBe("true");
		expect(document.getElementById(field.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
			"Tags are letters, digits, spaces, hyphens, underscores or dots. “+” is not allowed.",
		);
		expect(tagsSent(own)).toEqual([]);
		await userEvent.keyboard("{Escape}");
		expect(screen.queryByRole("form", { name: `Tags of sho.rt/${code}` })).toBeNull();
		expect(document.activeElement).toBe(tagsButton(code));
		expect(within(rowOf(code)).queryByRole("list", { name: "Tags of this link" })).toBeNull();
	});
});

describe("renaming and deleting a tag across its links", () => {
	/**
	 * A user whose two newest links are tagged "react", the second "work" too, with the page open and the panel
	 * unfolded; `overrides` replaces the background's handlers, as optionsBackground's does.
	 */
	async function openPanel(
		hash = "#size=25",
		overrides: (real: PageHandlers) => Partial<Handlers> = () => ({}),
	): Promise<{ own: OptionsBackground; owned: string[] }> {
		const own = await optionsBackground(firestore, { links: 3, overrides });
		const owned = await codesOf(own);
		await own.store.setTags(owned[0] ?? "", ["react"]);
		await own.store.setTags(owned[1] ?? "", ["react", "work"]);
		history.replaceState(null, "", hash);
		renderOptions(own);
		await userEvent.click(await screen.findByText("Manage tags"));
		await screen.findByRole("button", { name: "Rename tag react" });
		return { own, owned };
	}

	it("renames a tag on all its links, says how many changed, and a list filtered by it follows", async () => {
		const { own, owned } = await openPanel("#tag=react&size=25");
		await userEvent.click(screen.getByRole("button", { name: "Rename tag react" }));
		const field = screen.getByRole("textbox", { name: "New name for react" });
		await userEvent.clear(field);
		await userEvent.type(field, "front end{Enter}");
		expect(await screen.findByText("Renamed “react” to “front end” on 2 links.")).toBeTruthy();
		await waitFor(() => expect(location.hash).toBe("#tag=front+end&size=25"));
		await waitFor(() => expect(shownCodes()).toEqual([owned[0], owned[1]]));
		expect((await own.store.get(owned[1] ?? ""))?.tags).toEqual(["front end", "work"]);
		await waitFor(() => expect(optionNames(tagSelect())).toEqual(["Any tag", "front end (2)", "work (1)"]));
		// Focus follows the tag to its new name, rather than falling to the page when the old row goes.
		await waitFor(() =>
			expect(document.activeElement).toBe(screen.getByRole("button", { name: "Rename tag front end" })),
		);
	});

	it("shows a rename in a row's open tags editor, so the next tag added there keeps the new name", async () => {
		const { own, owned } = await openPanel();
		const code = owned[1] ?? "";
		await userEvent.click(await screen.findByRole("button", { name: `Edit tags of sho.rt/${code}` }));
		const editor = () => screen.getByRole("form", { name: `Tags of sho.rt/${code}` });
		await userEvent.click(screen.getByRole("button", { name: "Rename tag react" }));
		const field = screen.getByRole("textbox", { name: "New name for react" });
		await userEvent.clear(field);
		await userEvent.type(field, "front end{Enter}");
		await screen.findByText("Renamed “react” to “front end” on 2 links.");
		await waitFor(() => expect(within(editor()).getByRole("button", { name: /front end/ })).toBeTruthy());

		await userEvent.type(within(editor()).getByRole("combobox", { name: "Tags" }), "urgent{Enter}");
		await waitFor(() => expect(within(editor()).getByRole("status", { name: "Tags" }).textContent).toBe("Saved."));
		expect((await own.store.get(code))?.tags).toEqual(["front end", "work", "urgent"]);
	});

	it("explains a name that breaks a rule, and renames nothing", async () => {
		const { own } = await openPanel();
		await userEvent.click(screen.getByRole("button", { name: "Rename tag react" }));
		const field = screen.getByRole("textbox", { name: "New name for react" });
		await userEvent.type(field, "!{Enter}");
		expect(field.getAttribute("aria-invalid")).toBe("true");
		expect(document.getElementById(field.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
			"Tags are letters, digits, spaces, hyphens, underscores or dots. “!” is not allowed.",
		);
		expect(own.requests.filter((request) => request.type === "renameTag")).toEqual([]);
		await userEvent.keyboard("{Escape}");
		expect(document.activeElement).toBe(screen.getByRole("button", { name: "Rename tag react" }));
	});

	it("deletes a tag from all its links once confirmed, and the links stay", async () => {
		const { own, owned } = await openPanel();
		await userEvent.click(screen.getByRole("button", { name: "Delete tag react" }));
		expect(screen.getByText("Take “react” off 2 links? The links stay.")).toBeTruthy();
		expect(document.activeElement).toBe(screen.getByRole("button", { name: "Cancel" }));
		await userEvent.click(screen.getByRole("button", { name: "Delete" }));
		expect(await screen.findByText("Took “react” off 2 links.")).toBeTruthy();
		expect((await own.store.get(owned[1] ?? ""))?.tags).toEqual(["work"]);
		await waitFor(() => expect(optionNames(tagSelect())).toEqual(["Any tag", "work (1)"]));
		expect(shownCodes()).toHaveLength(3);
		// Focus moves to the next tag, and to the panel's summary once none is left.
		expect(document.activeElement).toBe(screen.getByRole("button", { name: "Rename tag work" }));
		await userEvent.click(screen.getByRole("button", { name: "Delete tag work" }));
		await userEvent.click(screen.getByRole("button", { name: "Delete" }));
		expect(await screen.findByText("Took “work” off 1 link.")).toBeTruthy();
		expect(await screen.findByText("No tags yet.", { exact: false })).toBeTruthy();
		await waitFor(() => expect(document.activeElement?.textContent).toBe("Manage tags"));
	});

	it("keeps focus in the panel when the list drops a deleted tag before the worker's reply", async () => {
		const { opened: sent, open: send } = gate();
		const { opened: replied, open: reply } = gate();
		await openPanel("#size=25", (real) => ({
			async deleteTag(request) {
				await sent;
				const done = await real.deleteTag(request);
				await replied;
				return done;
			},
		}));
		await userEvent.click(screen.getByRole("button", { name: "Delete tag react" }));
		await userEvent.click(screen.getByRole("button", { name: "Delete" }));
		// An impatient second click, which does nothing more, must not drop the hold either.
		await userEvent.click(screen.getByRole("button", { name: "Delete" }));
		send();
		// The links-changed of the delete reloads the tags, which takes react's row and its question away.
		await waitFor(() => expect(optionNames(tagSelect())).toEqual(["Any tag", "work (1)"]));
		expect(screen.queryByRole("button", { name: "Cancel" })).toBeNull();
		await waitFor(() => expect(document.activeElement?.textContent).toBe("Manage tags"));
		reply();
		expect(await screen.findByText("Took “react” off 2 links.")).toBeTruthy();
		await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Rename tag work" })));
	});
});
