import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { targetText } from "../targetText";
import { type LocalFirestore, type OptionsBackground, optionsBackground, startLocalFirestore } from "./localBackground";
import { renderOptions, resetPage, shownCodes } from "./renderOptions";

let firestore: LocalFirestore;
beforeAll(async () => {
	firestore = await startLocalFirestore();
});
afterAll(() => firestore.close());
afterEach(resetPage);

/** The page with three links, and the first row's code. */
async function pageWithLinks(): Promise<{ background: OptionsBackground; code: string }> {
	const background = await optionsBackground(firestore, { links: 3 });
	renderOptions(background);
	await waitFor(() => expect(shownCodes()).toHaveLength(3));
	return { background, code: shownCodes()[0] ?? "" };
}

const editButton = (code: string) => screen.getByRole("button", { name: `Edit target of sho.rt/${code}` });
const targetField = (code: string) => screen.getByRole("textbox", { name: `New target for sho.rt/${code}` });
/** The error next to the field of `code`'s editor. */
const editorError = (code: string) =>
	within(screen.getByRole("row", { name: new RegExp(`sho\\.rt/${code}`) })).findByRole("alert");
const updates = (background: OptionsBackground) =>
	background.requests.filter((request) => request.type === "updateLink");

describe("editing a target in place", () => {
	it("saves on Enter, shows the new target, and keeps it in the background", async () => {
		const { background, code } = await pageWithLinks();
		await userEvent.click(editButton(code));
		const field = targetField(code);
		expect(document.activeElement).toBe(field);
		await userEvent.clear(field);
		await userEvent.type(field, "https://example.com/moved{Enter}");
		const row = screen.getByRole("row", { name: new RegExp(`sho\\.rt/${code}`) });
		expect(await within(row).findByText(targetText("example.com/moved"))).toBeTruthy();
		expect(
			within(row)
				.getAllByRole("link")
				.map((link) => link.getAttribute("href")),
		).toContain("https://example.com/moved");
		expect((await background.store.get(code)).url).toBe("https://example.com/moved");
		// Back where editing started.
		expect(document.activeElement).toBe(editButton(code));
	});

	it("refuses an address that cannot be shortened before sending anything, and keeps what was typed", async () => {
		const { background, code } = await pageWithLinks();
		const before = (await background.store.get(code)).url;
		await userEvent.click(editButton(code));
		const field = targetField(code);
		await userEvent.clear(field);
		await userEvent.type(field, "javascript:alert(1){Enter}");
		expect((await editorError(code)).textContent).toMatch(/^That is not a web address Shorty can shorten\./);
		expect(field.getAttribute("aria-invalid")).toBe("true");
		expect(field).toHaveProperty("value", "javascript:alert(1)");
		expect(updates(background)).toEqual([]);
		expect((await background.store.get(code)).url).toBe(before);

		await userEvent.clear(field);
		await userEvent.type(field, "https://example.org/fixed{Enter}");
		await waitFor(async () => expect((await background.store.get(code)).url).toBe("https://example.org/fixed"));
	});

	it("refuses a target on the short-link site under its other names, before sending anything", async () => {
		const { background, code } = await pageWithLinks();
		await userEvent.click(editButton(code));
		const field = targetField(code);
		await userEvent.clear(field);
		await userEvent.type(field, "https://sho-rt.firebaseapp.com/abc1234{Enter}");
		expect((await editorError(code)).textContent).toMatch(/^That is already a Shorty link\./);
		expect(updates(background)).toEqual([]);
	});

	it("explains an address without http:// itself, rather than leaving it to the browser's own check", async () => {
		const { background, code } = await pageWithLinks();
		await userEvent.click(editButton(code));
		const field = targetField(code);
		await userEvent.clear(field);
		await userEvent.type(field, "example.com{Enter}");
		expect((await editorError(code)).textContent).toBe(
			"That is not a web address Shorty can shorten. Add https:// or http:// in front.",
		);
		expect(updates(background)).toEqual([]);
	});

	it("cancels with Escape: nothing sent, the old target back, focus on Edit", async () => {
		const { background, code } = await pageWithLinks();
		const before = (await background.store.get(code)).url;
		await userEvent.click(editButton(code));
		await userEvent.type(targetField(code), "/more");
		await userEvent.keyboard("{Escape}");
		expect(screen.queryByRole("textbox", { name: `New target for sho.rt/${code}` })).toBeNull();
		expect(screen.getByText(targetText(before.replace("https://", "")))).toBeTruthy();
		expect(document.activeElement).toBe(editButton(code));
		expect(updates(background)).toEqual([]);
	});

	it("shows the background's refusal next to the field, with the text kept", async () => {
		const { background, code } = await pageWithLinks();
		// Deleted from another browser meanwhile, which this page does not hear of.
		await background.elsewhere.removeMany(background.uid, [code]);
		await userEvent.click(editButton(code));
		const field = targetField(code);
		await userEvent.clear(field);
		await userEvent.type(field, "https://example.com/too-late{Enter}");
		expect((await editorError(code)).textContent).toBe("That link no longer exists.");
		expect(field).toHaveProperty("value", "https://example.com/too-late");
	});
});
