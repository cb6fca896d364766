import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ShortyError } from "../../../src/errors";
import { checkTags } from "../../../src/links/tags";
import type { Link } from "../../../src/links/types";
import type { Handlers, RequestOf } from "../../../src/messages";
import { description } from "../account/renderWithAccounts";
import { findLink, linkFor, renderPopup } from "./renderPopup";

afterEach(cleanup);

const article = { url: "https://example.com/news/article?id=7", title: "An article" };

/** A worker that saves tags as the store does (tidied, duplicates folded) and knows the user's other tags. */
function tagsBackground({
	tags = [],
	known = ["reading", "React", "work"],
	setTags,
}: {
	tags?: string[];
	known?: string[];
	setTags?: Handlers["setTags"];
} = {}) {
	const saved: RequestOf<"setTags">[] = [];
	const listed: RequestOf<"listTags">[] = [];
	const handlers: Partial<Handlers> = {
		setTags: (request) => {
			saved.push(request);
			if (setTags) return setTags(request);
			const checked = checkTags(request.tags);
			if (!checked.ok) throw new ShortyError(checked.error.code, checked.error.detail);
			return { ...linkFor(article.url), tags: checked.value };
		},
		listTags: (request) => {
			listed.push(request);
			return { tags: known.map((tag) => ({ tag, count: 2 })), complete: true };
		},
	};
	const shorten: Handlers["shorten"] = ({ url }) => ({ ...linkFor(url), tags });
	return { handlers, shorten, saved, listed };
}

async function showTags(background = tagsBackground()) {
	const user = userEvent.setup();
	const rendered = renderPopup({ tab: article, shorten: background.shorten, handlers: background.handlers });
	await findLink("https://sho.rt/aB3dE5g");
	const field = screen.getByRole("combobox", { name: "Tags" });
	return { ...rendered, ...background, user, field };
}

/** The chips on the link, by their text. */
function chips(): string[] {
	const list = screen.queryByRole("list", { name: "Tags of this link" });
	return list
		? within(list)
				.queryAllByRole("listitem")
				.map((chip) => chip.querySelector("span")?.textContent ?? "")
		: [];
}

const status = () => screen.getByRole("status", { name: "Tags" });

describe("tags in the popup", () => {
	it("adds a tag on Enter and on a comma, each saved at once, and keeps focus in the field", async () => {
		const { user, field, saved } = await showTags();
		await user.click(field);
		await user.keyboard("  Work   notes {Enter}");
		expect(chips()).toEqual(["Work notes"]);
		expect(field).toHaveProperty("value", "");
		await user.keyboard("reading,");
		expect(chips()).toEqual(["Work notes", "reading"]);
		expect(document.activeElement).toBe(field);
		expect(saved.map((request) => request.tags)).toEqual([["Work notes"], ["Work notes", "reading"]]);
		expect(saved.every((request) => request.code === "aB3dE5g")).toBe(true);
		await vi.waitFor(() => expect(status().textContent).toBe("Saved."));
	});

	it("shows the link's tags, and adds each part of a pasted list", async () => {
		const { user, field, saved } = await showTags(tagsBackground({ tags: ["news"] }));
		expect(chips()).toEqual(["news"]);
		await user.click(field);
		await user.paste("a, b,c");
		expect(chips()).toEqual(["news", "a", "b", "c"]);
		expect(saved.map((request) => request.tags)).toEqual([["news", "a", "b", "c"]]);
	});

	it("does not send a tag the link has already, in another spelling", async () => {
		const { user, field, saved } = await showTags(tagsBackground({ tags: ["React"] }));
		await user.click(field);
		await user.keyboard(" react {Enter}");
		expect(chips()).toEqual(["React"]);
		expect(field).toHaveProperty("value", "");
		expect(saved).toEqual([]);
	});

	it("removes a tag by its button, focus going back to the field, and the last one by Backspace in the empty field", async () => {
		const { user, field, saved } = await showTags(tagsBackground({ tags: ["news", "react", "work"] }));
		await user.click(screen.getByRole("button", { name: "Remove tag react" }));
		expect(chips()).toEqual(["news", "work"]);
		expect(document.activeElement).toBe(field);
		await user.keyboard("x{Backspace}");
		// The first Backspace only takes the letter typed.
		expect(chips()).toEqual(["news", "work"]);
		await user.keyboard("{Backspace}");
		expect(chips()).toEqual(["news"]);
		expect(saved.map((request) => request.tags)).toEqual([["news", "work"], ["news"]]);
	});

	it("keeps the tags when Backspace, held to clear what was typed, repeats past the empty field", async () => {
		const { user, field, saved } = await showTags(tagsBackground({ tags: ["news", "work"] }));
		await user.click(field);
		await user.keyboard("mkt{Backspace>6/}");
		expect(field).toHaveProperty("value", "");
		expect(chips()).toEqual(["news", "work"]);
		expect(saved).toEqual([]);
	});

	it("works from the keyboard alone: Tab reaches the field and each chip's remove button", async () => {
		const { user, field, saved } = await showTags(tagsBackground({ tags: ["news"] }));
		field.focus();
		await user.keyboard("later{Enter}");
		await user.tab({ shift: true });
		expect(document.activeElement).toBe(screen.getByRole("button", { name: "Remove tag later" }));
		await user.keyboard("{Enter}");
		expect(chips()).toEqual(["news"]);
		expect(document.activeElement).toBe(field);
		expect(saved.at(-1)?.tags).toEqual(["news"]);
	});

	it("suggests the user's other tags, leaving out those on the link", async () => {
		const { field, listed } = await showTags(tagsBackground({ tags: ["react"] }));
		const list = field.getAttribute("list");
		await vi.waitFor(() => {
			const options = [...(document.getElementById(list ?? "")?.querySelectorAll("option") ?? [])];
			expect(options.map((option) => option.value)).toEqual(["reading", "work"]);
		});
		expect(listed).toHaveLength(1);
	});

	it("adds a suggestion as soon as it is picked from the list, and a typed one only on Enter", async () => {
		const { user, field, saved } = await showTags();
		await vi.waitFor(() =>
			expect(field.getAttribute("list") && document.querySelector("datalist option")).toBeTruthy(),
		);
		// What the browser does when a suggestion is picked: the whole value replaced, as one input.
		fireEvent.input(field, { target: { value: "reading" }, inputType: "insertReplacementText" });
		expect(chips()).toEqual(["reading"]);
		expect(field).toHaveProperty("value", "");
		await user.type(field, "work");
		expect(chips()).toEqual(["reading"]);
		expect(saved.map((request) => request.tags)).toEqual([["reading"]]);
	});

	it("explains a bad tag as it is typed and sends nothing", async () => {
		const { user, field, saved } = await showTags();
		await user.click(field);
		await user.keyboard("docs{Enter}");
		await vi.waitFor(() => expect(status().textContent).toBe("Saved."));
		await user.keyboard("c++");
		// Not "Saved." beside the refusal, as if the refused tag were saved.
		expect(status().textContent).toBe("");
		expect(field.getAttribute("aria-invalid")).toBe("true");
		expect(description(field)).toBe(
			"Tags are letters, digits, spaces, hyphens, underscores or dots. “+” is not allowed.",
		);
		await user.keyboard("{Enter}");
		expect(chips()).toEqual(["docs"]);
		expect(field).toHaveProperty("value", "c++");
		await user.clear(field);
		await user.keyboard("x".repeat(33));
		expect(description(field)).toBe("Tags are at most 32 characters.");
		await user.keyboard("{Backspace}");
		expect(field.getAttribute("aria-invalid")).toBe("false");
		expect(description(field)).toBe("");
		// Put away by typing, "Saved." comes back only with a save, not each time the field is valid again.
		expect(status().textContent).toBe("");
		expect(saved.map((request) => request.tags)).toEqual([["docs"]]);
	});

	it("says the limit at 10 tags and refuses an 11th", async () => {
		const ten = Array.from({ length: 10 }, (_, index) => `tag${index + 1}`);
		const { user, field, saved } = await showTags(tagsBackground({ tags: ten }));
		expect(description(field)).toBe("A link can have at most 10 tags.");
		expect(field.getAttribute("aria-invalid")).toBe("false");
		await user.click(field);
		await user.keyboard("eleven{Enter}");
		expect(chips()).toEqual(ten);
		expect(field).toHaveProperty("value", "eleven");
		expect(field.getAttribute("aria-invalid")).toBe("true");
		expect(saved).toEqual([]);
		// Taking one off makes room again.
		await user.click(screen.getByRole("button", { name: "Remove tag tag3" }));
		await user.click(field);
		await user.keyboard("{Enter}");
		expect(chips()).toEqual([...ten.filter((tag) => tag !== "tag3"), "eleven"]);
	});

	it("keeps the chips when a save fails and says why", async () => {
		const { user, field } = await showTags(
			tagsBackground({
				tags: ["news"],
				setTags: () => {
					throw new ShortyError("firestore/unavailable");
				},
			}),
		);
		await user.click(field);
		await user.keyboard("later{Enter}");
		await vi.waitFor(() =>
			expect(status().textContent).toBe(
				"Not saved: Shorty could not reach its database. Check your connection and try again.",
			),
		);
		expect(chips()).toEqual(["news", "later"]);
	});

	it("shows Saving… until the worker answers", async () => {
		let answer: (link: Link) => void = () => {};
		const { user, field } = await showTags(
			tagsBackground({ setTags: () => new Promise<Link>((resolve) => (answer = resolve)) }),
		);
		await user.click(field);
		await user.keyboard("later{Enter}");
		await vi.waitFor(() => expect(status().textContent).toBe("Saving…"));
		answer({ ...linkFor(article.url), tags: ["Later"] });
		await vi.waitFor(() => expect(status().textContent).toBe("Saved."));
		// The tags as the worker saved them.
		expect(chips()).toEqual(["Later"]);
	});

	it("asks for the user's tags only once the link is on screen", async () => {
		const background = tagsBackground();
		let shorten: () => void = () => {};
		const shortened = new Promise<void>((resolve) => (shorten = resolve));
		renderPopup({
			tab: article,
			shorten: async (request) => {
				await shortened;
				return background.shorten(request);
			},
			handlers: background.handlers,
		});
		await screen.findByText("Shortening this page…");
		expect(background.listed).toEqual([]);
		shorten();
		await findLink("https://sho.rt/aB3dE5g");
		await vi.waitFor(() => expect(background.listed).toHaveLength(1));
	});
});
