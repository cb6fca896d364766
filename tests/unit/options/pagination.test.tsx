import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type LocalFirestore, type OptionsBackground, optionsBackground, startLocalFirestore } from "./localBackground";
import { rangeShown, renderOptions, resetPage, shownCodes } from "./renderOptions";

let firestore: LocalFirestore;
let background: OptionsBackground;
/** Every link of the 253, newest first, as the store lists them. */
let allCodes: string[];

beforeAll(async () => {
	firestore = await startLocalFirestore();
	background = await optionsBackground(firestore, { links: 253 });
	allCodes = [];
	let page = await background.store.listPage(background.uid, { pageSize: 100 });
	for (;;) {
		allCodes.push(...page.links.map((link) => link.code));
		if (!page.next) break;
		page = await background.store.listPage(background.uid, { pageSize: 100, after: page.next });
	}
});
afterAll(() => firestore.close());
afterEach(resetPage);

const button = (name: string) => screen.getByRole("button", { name });
const rowsPerPage = () => screen.getByRole("combobox", { name: "Rows per page" });

async function showsRange(range: string) {
	await waitFor(() => expect(rangeShown()).toBe(range));
}

describe("pagination", () => {
	it.each([
		[10, "1–10 of 253"],
		[25, "1–25 of 253"],
		[50, "1–50 of 253"],
		[100, "1–100 of 253"],
	])("shows %i rows per page when asked, with the range", async (size, range) => {
		renderOptions(background);
		await showsRange("1–25 of 253");
		await userEvent.selectOptions(rowsPerPage(), String(size));
		await showsRange(range);
		expect(shownCodes()).toEqual(allCodes.slice(0, size));
		expect(location.hash).toContain(`size=${size}`);
	});

	// Eleven pages of fifty rows, each found by name in jsdom: slow on a busy machine.
	it("walks next to the end and back, showing every link exactly once each way", async () => {
		renderOptions(background);
		await showsRange("1–25 of 253");
		await userEvent.selectOptions(rowsPerPage(), "50");
		await showsRange("1–50 of 253");
		expect(button("Page 1").getAttribute("aria-current")).toBe("page");
		expect(button("Previous").getAttribute("aria-disabled")).toBe("true");

		const forward: string[] = [...shownCodes()];
		for (const range of ["51–100", "101–150", "151–200", "201–250", "251–253"]) {
			await userEvent.click(button("Next"));
			await showsRange(`${range} of 253`);
			forward.push(...shownCodes());
		}
		expect(forward).toEqual(allCodes);
		expect(button("Next").getAttribute("aria-disabled")).toBe("true");
		// Focus stays on Next at the end rather than dropping to the top of the document.
		expect(document.activeElement).toBe(button("Next"));

		const backward: string[] = [...shownCodes()];
		for (const range of ["201–250", "151–200", "101–150", "51–100", "1–50"]) {
			await userEvent.click(button("Previous"));
			await showsRange(`${range} of 253`);
			backward.unshift(...shownCodes());
		}
		expect(backward).toEqual(allCodes);
	}, 60_000);

	it("numbers the pages, marks the one shown, and jumps to any of them with one request", async () => {
		renderOptions(background);
		await showsRange("1–25 of 253");
		const pages = () => screen.getByRole("navigation", { name: "Pages of links" });
		const numbers = () =>
			within(pages())
				.getAllByRole("button", { name: /^Page / })
				.map((page) => page.textContent);
		expect(numbers()).toEqual(["1", "2", "3", "4", "5", "11"]);
		expect(within(pages()).getByText("…")).toBeTruthy();
		expect(button("Page 1").getAttribute("aria-current")).toBe("page");

		background.requests.length = 0;
		await userEvent.click(button("Page 11"));
		await showsRange("251–253 of 253");
		expect(shownCodes()).toEqual(allCodes.slice(250));
		expect(button("Page 11").getAttribute("aria-current")).toBe("page");
		expect(button("Page 1").getAttribute("aria-current")).toBeNull();
		expect(numbers()).toEqual(["1", "7", "8", "9", "10", "11"]);
		expect(background.pageRequests()).toEqual([
			{ type: "searchLinks", term: "", sort: "newest", filter: "all", pageSize: 25, page: 11 },
		]);
		expect(location.hash).toBe("#size=25&page=11");

		await userEvent.click(button("Page 8"));
		await showsRange("176–200 of 253");
		expect(shownCodes()).toEqual(allCodes.slice(175, 200));
		await userEvent.click(button("Page 1"));
		await showsRange("1–25 of 253");
		expect(shownCodes()).toEqual(allCodes.slice(0, 25));

		await act(async () => history.back());
		await showsRange("176–200 of 253");
		expect(shownCodes()).toEqual(allCodes.slice(175, 200));
	}, 60_000);

	it("opens page 3 of 25-row pages straight from the address", async () => {
		history.replaceState(null, "", "#size=25&page=3");
		renderOptions(background);
		await showsRange("51–75 of 253");
		expect(shownCodes()).toEqual(allCodes.slice(50, 75));
		expect(button("Page 3").getAttribute("aria-current")).toBe("page");
	});

	it("keeps the page and its size in the address: a reload comes back to the same rows", async () => {
		renderOptions(background);
		await showsRange("1–25 of 253");
		await userEvent.selectOptions(rowsPerPage(), "10");
		await showsRange("1–10 of 253");
		await userEvent.click(button("Next"));
		await showsRange("11–20 of 253");
		await userEvent.click(button("Next"));
		await showsRange("21–30 of 253");
		expect(location.hash).toBe("#size=10&page=3");

		cleanup();
		renderOptions(background);
		await showsRange("21–30 of 253");
		expect(shownCodes()).toEqual(allCodes.slice(20, 30));
	});

	it("goes back and forward through the pages with the browser's history", async () => {
		renderOptions(background);
		await showsRange("1–25 of 253");
		await userEvent.click(button("Next"));
		await showsRange("26–50 of 253");
		await userEvent.click(button("Next"));
		await showsRange("51–75 of 253");

		await act(async () => history.back());
		await showsRange("26–50 of 253");
		expect(shownCodes()).toEqual(allCodes.slice(25, 50));
		await act(async () => history.back());
		await showsRange("1–25 of 253");
		await act(async () => history.forward());
		await showsRange("26–50 of 253");
	});

	it("remembers the rows per page for the next visit", async () => {
		renderOptions(background);
		await showsRange("1–25 of 253");
		await userEvent.selectOptions(rowsPerPage(), "100");
		await showsRange("1–100 of 253");
		cleanup();
		history.replaceState(null, "", "/");
		renderOptions(background);
		await showsRange("1–100 of 253");
	});

	it("shows the last page for a page number past the end, and the address takes its number", async () => {
		history.replaceState(null, "", "#size=25&page=40");
		renderOptions(background);
		await showsRange("251–253 of 253");
		expect(shownCodes()).toEqual(allCodes.slice(250));
		await waitFor(() => expect(location.hash).toBe("#size=25&page=11"));
	});

	it("reads a malformed address as the first page", async () => {
		history.replaceState(null, "", "#size=7&page=x");
		renderOptions(background);
		await showsRange("1–25 of 253");
	});
});
