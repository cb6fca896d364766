import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type LocalFirestore, type OptionsBackground, optionsBackground, startLocalFirestore } from "./localBackground";
import { linksTable, rangeShown, renderOptions, resetPage, shownCodes } from "./renderOptions";

// A hundred rows make every accessible-name lookup in jsdom slow: allow for it.
vi.setConfig({ testTimeout: 60_000 });

let firestore: LocalFirestore;
let background: OptionsBackground;

beforeAll(async () => {
	firestore = await startLocalFirestore();
	background = await optionsBackground(firestore, { links: 130 });
});
afterAll(() => firestore.close());
afterEach(resetPage);

async function hundredRows() {
	history.replaceState(null, "", "#size=100");
	renderOptions(background);
	await waitFor(() => expect(rangeShown()).toBe("1–100 of 130"));
}

const focused = () => document.activeElement;
/** A row by its code, found directly: a lookup by accessible name over a hundred rows takes seconds in jsdom. */
const row = (code: string | undefined) =>
	linksTable().querySelector<HTMLElement>(`tr[data-code="${code}"]`) ?? document.body;

describe("the links table from the keyboard", () => {
	it("is one tab stop however many rows it has: from the search box, Next is a few presses away", async () => {
		await hundredRows();
		screen.getByRole("searchbox", { name: "Search links" }).focus();
		const next = screen.getByRole("button", { name: "Next" });
		let presses = 0;
		while (focused() !== next && presses < 40) {
			await userEvent.tab();
			presses++;
		}
		// Sort, Show, Tag, Manage tags, select all, the rows, rows per page, Previous, the page numbers, Next.
		expect(presses).toBeLessThanOrEqual(12);
		await userEvent.keyboard("{Enter}");
		await waitFor(() => expect(rangeShown()).toBe("101–130 of 130"));
	});

	it("moves between rows with the arrow keys, and Tab leaves the rows from where it was", async () => {
		await hundredRows();
		const codes = shownCodes();
		screen.getByRole("checkbox", { name: "Select all links on this page" }).focus();
		await userEvent.tab();
		expect(focused()).toBe(within(row(codes[0])).getByRole("checkbox"));

		await userEvent.keyboard("{ArrowDown}{ArrowDown}");
		expect(focused()).toBe(within(row(codes[2])).getByRole("checkbox"));
		await userEvent.keyboard("{ArrowRight}{ArrowRight}");
		expect(focused()).toBe(within(row(codes[2])).getByRole("link", { name: `sho.rt/${codes[2]}` }));
		await userEvent.keyboard("{ArrowUp}");
		expect(focused()).toBe(within(row(codes[1])).getByRole("link", { name: `sho.rt/${codes[1]}` }));
		await userEvent.keyboard("{End}");
		expect(focused()).toBe(within(row(codes[1])).getByRole("button", { name: `Delete sho.rt/${codes[1]}` }));
		await userEvent.keyboard("{Control>}{End}{/Control}");
		expect(focused()).toBe(within(row(codes[99])).getByRole("button", { name: `Delete sho.rt/${codes[99]}` }));
		await userEvent.keyboard("{Home}");
		expect(focused()).toBe(within(row(codes[99])).getByRole("checkbox"));
		// Space still ticks the checkbox it is on.
		await userEvent.keyboard(" ");
		expect(screen.getByText("1 selected")).toBeTruthy();

		await userEvent.tab();
		expect(focused()).toBe(screen.getByRole("combobox", { name: "Rows per page" }));
		await userEvent.tab({ shift: true });
		expect(focused()).toBe(within(row(codes[99])).getByRole("checkbox"));
		expect(
			within(linksTable())
				.getAllByRole("checkbox")
				.filter((box) => box.tabIndex === 0),
		).toHaveLength(2);
	});

	it("keeps the place in the rows through an edit: the editor's fields take Tab, Escape goes back to Edit", async () => {
		await hundredRows();
		const [, second] = shownCodes();
		await userEvent.click(within(row(second)).getByRole("button", { name: `Edit target of sho.rt/${second}` }));
		const field = within(row(second)).getByRole("textbox", { name: `New target for sho.rt/${second}` });
		expect(focused()).toBe(field);
		// The arrow keys belong to the field while it is open.
		await userEvent.keyboard("{ArrowDown}");
		expect(focused()).toBe(field);
		await userEvent.tab();
		expect(focused()).toBe(within(row(second)).getByRole("button", { name: "Save" }));
		await userEvent.keyboard("{Escape}");
		const edit = within(row(second)).getByRole("button", { name: `Edit target of sho.rt/${second}` });
		expect(focused()).toBe(edit);
		expect(edit.tabIndex).toBe(0);
	});
});
