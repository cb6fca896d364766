import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type LocalFirestore, type OptionsBackground, optionsBackground, startLocalFirestore } from "./localBackground";
import { rangeShown, renderOptions, resetPage, shownCodes } from "./renderOptions";

let firestore: LocalFirestore;
beforeAll(async () => {
	firestore = await startLocalFirestore();
});
afterAll(() => firestore.close());
afterEach(resetPage);

async function pageWith(links: number): Promise<OptionsBackground> {
	const background = await optionsBackground(firestore, { links });
	renderOptions(background);
	await waitFor(() => expect(shownCodes()).toHaveLength(Math.min(links, 25)));
	return background;
}

const deletes = (background: OptionsBackground) =>
	background.requests.filter((request) => request.type === "deleteLinks");
const toast = () => screen.getByText(/^Deleted /).closest(".toast") as HTMLElement;

async function stillThere(background: OptionsBackground, code: string): Promise<boolean> {
	return background.store.get(code).then(
		() => true,
		() => false,
	);
}

describe("deleting one link", () => {
	it("hides the row at once with an Undo toast, and Undo brings it back with nothing deleted", async () => {
		const background = await pageWith(3);
		const [first, second] = shownCodes();
		await userEvent.click(screen.getByRole("button", { name: `Delete sho.rt/${first}` }));
		expect(shownCodes()).not.toContain(first);
		expect(rangeShown()).toBe("1-2 of 2");
		expect(within(toast()).getByText(`Deleted sho.rt/${first}`)).toBeTruthy();
		// Focus moves to the Delete button now in the removed row's place.
		expect(document.activeElement).toBe(screen.getByRole("button", { name: `Delete sho.rt/${second}` }));

		await userEvent.click(within(toast()).getByRole("button", { name: "Undo" }));
		expect(shownCodes()[0]).toBe(first);
		expect(rangeShown()).toBe("1-3 of 3");
		expect(document.activeElement).toBe(screen.getByRole("button", { name: `Delete sho.rt/${first}` }));
		expect(deletes(background)).toEqual([]);
		expect(await stillThere(background, first ?? "")).toBe(true);
	});

	it("deletes for real once the toast closes, and the page fills up again", async () => {
		const background = await pageWith(30);
		const [first] = shownCodes();
		await userEvent.click(screen.getByRole("button", { name: `Delete sho.rt/${first}` }));
		expect(deletes(background)).toEqual([]);
		await userEvent.click(within(toast()).getByRole("button", { name: "Dismiss" }));
		await waitFor(() => expect(rangeShown()).toBe("1-25 of 29"));
		expect(deletes(background)).toEqual([{ type: "deleteLinks", codes: [first] }]);
		expect(await stillThere(background, first ?? "")).toBe(false);
	});

	it("sends a waiting delete when the page is hidden, so closing the tab loses nothing the user saw done", async () => {
		const background = await pageWith(3);
		const [first] = shownCodes();
		await userEvent.click(screen.getByRole("button", { name: `Delete sho.rt/${first}` }));
		Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
		try {
			act(() => {
				document.dispatchEvent(new Event("visibilitychange"));
			});
			await waitFor(async () => expect(await stillThere(background, first ?? "")).toBe(false));
		} finally {
			Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
		}
	});

	it("sends the waiting delete when another one starts: only the latest can be undone", async () => {
		const background = await pageWith(3);
		const [first, second] = shownCodes();
		await userEvent.click(screen.getByRole("button", { name: `Delete sho.rt/${first}` }));
		await userEvent.click(screen.getByRole("button", { name: `Delete sho.rt/${second}` }));
		await waitFor(() => expect(deletes(background)).toEqual([{ type: "deleteLinks", codes: [first] }]));
		await userEvent.click(within(toast()).getByRole("button", { name: "Undo" }));
		await waitFor(() => expect(shownCodes()).toEqual([second, shownCodes()[1]]));
		expect(await stillThere(background, second ?? "")).toBe(true);
		expect(await stillThere(background, first ?? "")).toBe(false);
	});

	it("sends the waiting delete when moving to another page", async () => {
		const background = await pageWith(30);
		const [first] = shownCodes();
		await userEvent.click(screen.getByRole("button", { name: `Delete sho.rt/${first}` }));
		await userEvent.click(screen.getByRole("button", { name: "Next" }));
		await waitFor(() => expect(deletes(background)).toEqual([{ type: "deleteLinks", codes: [first] }]));
		// Page 2 starts after the old page 1's last link, so it holds the 25th to 29th links now.
		await waitFor(() => expect(rangeShown()).toBe("25-29 of 29"));
	});
});

describe("deleting many links", () => {
	it("selects rows, asks with the count, and deletes them once the undo toast closes", async () => {
		const background = await pageWith(5);
		const codes = shownCodes();
		for (const code of codes.slice(0, 3)) {
			await userEvent.click(screen.getByRole("checkbox", { name: `Select sho.rt/${code}` }));
		}
		const selectPage = screen.getByRole("checkbox", { name: "Select all links on this page" }) as HTMLInputElement;
		expect(selectPage.indeterminate).toBe(true);
		expect(screen.getByText("3 selected")).toBeTruthy();

		await userEvent.click(screen.getByRole("button", { name: "Delete selected" }));
		const question = screen.getByRole("alertdialog", { name: "Delete 3 links? You can undo it for a few seconds." });
		expect(document.activeElement).toBe(within(question).getByRole("button", { name: "Cancel" }));
		await userEvent.keyboard("{Escape}");
		expect(screen.queryByRole("alertdialog")).toBeNull();
		expect(document.activeElement).toBe(screen.getByRole("button", { name: "Delete selected" }));
		expect(shownCodes()).toEqual(codes);

		await userEvent.click(screen.getByRole("button", { name: "Delete selected" }));
		await userEvent.click(screen.getByRole("button", { name: "Delete 3 links" }));
		expect(shownCodes()).toEqual(codes.slice(3));
		expect(screen.getByText("Deleted 3 links")).toBeTruthy();
		expect(deletes(background)).toEqual([]);
		await userEvent.click(within(toast()).getByRole("button", { name: "Dismiss" }));
		await waitFor(() => expect(rangeShown()).toBe("1-2 of 2"));
		expect(deletes(background)).toEqual([{ type: "deleteLinks", codes: codes.slice(0, 3) }]);
		for (const code of codes.slice(0, 3)) expect(await stillThere(background, code)).toBe(false);
	});

	it("selects the whole page with one checkbox, and Undo keeps them all", async () => {
		const background = await pageWith(30);
		await userEvent.click(screen.getByRole("checkbox", { name: "Select all links on this page" }));
		expect(screen.getByText("25 selected")).toBeTruthy();
		await userEvent.click(screen.getByRole("button", { name: "Delete selected" }));
		await userEvent.click(screen.getByRole("button", { name: "Delete 25 links" }));
		expect(screen.queryByRole("table")).toBeNull();
		await userEvent.click(within(toast()).getByRole("button", { name: "Undo" }));
		expect(shownCodes()).toHaveLength(25);
		expect(deletes(background)).toEqual([]);
	});
});
