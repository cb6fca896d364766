import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
	type LocalFirestore,
	type OptionsBackground,
	optionsBackground,
	startLocalFirestore,
	writeDayCounts,
} from "./localBackground";
import { linksTable, rangeShown, renderOptions, resetPage, shownCodes } from "./renderOptions";

let firestore: LocalFirestore;
let background: OptionsBackground;

beforeAll(async () => {
	firestore = await startLocalFirestore();
	// The demo links cycle through ten sites and their page titles: 60 links, 6 to each.
	background = await optionsBackground(firestore, { links: 60 });
	for (const suffix of ["a", "b", "c"]) {
		await background.store.shorten(background.uid, {
			url: `https://example.com/launch/${suffix}`,
			alias: `launch-${suffix}`,
		});
	}
});
afterAll(() => firestore.close());
afterEach(resetPage);

const searchBox = () => screen.findByRole("searchbox", { name: "Search links" });
const sortBy = () => screen.getByRole("combobox", { name: "Sort" });
const show = () => screen.getByRole("combobox", { name: "Show" });

/** Each row's page title, top to bottom. */
function shownTitles(): string[] {
	return [...linksTable().querySelectorAll(".link-page__title")].map((title) => title.textContent ?? "");
}

/** An error said in the links section, if any (the account form keeps an empty alert of its own). */
const linksAlert = () => within(screen.getByRole("region", { name: "Your links" })).queryByRole("alert");

describe("searching", () => {
	it("finds every link whose title has the word, once typing pauses, with one request for the whole word", async () => {
		renderOptions(background);
		await waitFor(() => expect(rangeShown()).toBe("1–25 of 63"));
		background.requests.length = 0;
		await userEvent.type(await searchBox(), "react");
		await waitFor(() => expect(rangeShown()).toBe("1–6 of 6"));
		expect(background.pageRequests()).toEqual([
			{ type: "searchLinks", term: "react", sort: "newest", filter: "all", pageSize: 25, page: 1 },
		]);
		expect(screen.getByRole("grid", { name: "Your links matching “react”, newest first" })).toBeTruthy();
		expect(shownTitles().every((target) => target === "useEffect – React")).toBe(true);
		expect(location.hash).toContain("q=react");
	});

	it("narrows with every further word, in any case", async () => {
		renderOptions(background);
		await userEvent.type(await searchBox(), "docs");
		// Four of the ten sites have /docs/ in their address.
		await waitFor(() => expect(rangeShown()).toBe("1–24 of 24"));
		await userEvent.type(await searchBox(), " FIRESTORE");
		await waitFor(() => expect(rangeShown()).toBe("1–6 of 6"));
		expect(shownTitles().every((target) => target === "Paginate data with query cursors")).toBe(true);
	});

	it("finds an alias by a piece of it", async () => {
		renderOptions(background);
		await userEvent.type(await searchBox(), "launch");
		await waitFor(() => expect(rangeShown()).toBe("1–3 of 3"));
		expect([...shownCodes()].sort()).toEqual(["launch-a", "launch-b", "launch-c"]);
	});

	it("clears with Escape and shows every link again", async () => {
		renderOptions(background);
		await userEvent.type(await searchBox(), "react");
		await waitFor(() => expect(rangeShown()).toBe("1–6 of 6"));
		await userEvent.keyboard("{Escape}");
		expect(await searchBox()).toHaveProperty("value", "");
		await waitFor(() => expect(rangeShown()).toBe("1–25 of 63"));
		expect(location.hash).not.toContain("q=");
	});

	it.each(["nowhere", "(.*)[", "🦄"])("says when nothing matches %j, with a way back to every link", async (term) => {
		renderOptions(background);
		await userEvent.type(
			await searchBox(),
			term.replace(/[[{]/g, (bracket) => bracket + bracket),
		);
		expect(await screen.findByText(`No links match “${term}”.`)).toBeTruthy();
		expect(linksAlert()).toBeNull();
		await userEvent.click(screen.getByRole("button", { name: "Clear search" }));
		await waitFor(() => expect(rangeShown()).toBe("1–25 of 63"));
	});

	it("says a pasted search that is far too long was not looked for, without an error", async () => {
		history.replaceState(null, "", `#q=${"react ".repeat(400)}&size=25`);
		renderOptions(background);
		expect(
			await screen.findByText(
				"That search is longer than 2,048 characters, so nothing was looked for. Shorten it to find your links.",
			),
		).toBeTruthy();
		expect(linksAlert()).toBeNull();
		expect(screen.queryByRole("grid")).toBeNull();
	});

	it("keeps the search in the address, so a reload searches again", async () => {
		history.replaceState(null, "", "#q=react&size=25");
		renderOptions(background);
		await waitFor(() => expect(rangeShown()).toBe("1–6 of 6"));
		expect(await searchBox()).toHaveProperty("value", "react");
	});
});

describe("sorting and filtering", () => {
	it("sorts by title from A to Z, starting again at page 1, and says so", async () => {
		history.replaceState(null, "", "#size=25&page=2");
		renderOptions(background);
		await waitFor(() => expect(rangeShown()).toBe("26–50 of 63"));
		await userEvent.selectOptions(sortBy(), "Title A–Z");
		await waitFor(() => expect(rangeShown()).toBe("1–25 of 63"));
		const table = screen.getByRole("grid", { name: "Your links, by title, A to Z" });
		expect(within(table).getByRole("columnheader", { name: "Target" }).getAttribute("aria-sort")).toBe("ascending");
		const titles = shownTitles();
		expect(titles.slice(0, 6).every((title) => title.startsWith("Ask HN"))).toBe(true);
		expect(titles[6]).toMatch(/^Building for Production/);
		expect(location.hash).toBe("#sort=title&size=25");
	});

	it("sorts oldest first", async () => {
		renderOptions(background);
		await waitFor(() => expect(rangeShown()).toBe("1–25 of 63"));
		const newest = shownCodes();
		await userEvent.selectOptions(sortBy(), "Oldest");
		await waitFor(() => expect(screen.getByRole("grid", { name: "Your links, oldest first" })).toBeTruthy());
		expect(shownCodes()).not.toContain(newest[0]);
		expect(screen.getByRole("columnheader", { name: "Created" }).getAttribute("aria-sort")).toBe("ascending");
	});

	it("shows aliases only, or generated codes only, and offers every link back when none fit", async () => {
		renderOptions(background);
		await waitFor(() => expect(rangeShown()).toBe("1–25 of 63"));
		await userEvent.selectOptions(show(), "Aliases only");
		await waitFor(() => expect(rangeShown()).toBe("1–3 of 3"));
		expect([...shownCodes()].sort()).toEqual(["launch-a", "launch-b", "launch-c"]);
		expect(screen.getByRole("grid", { name: "Your aliases, newest first" })).toBeTruthy();
		expect(location.hash).toContain("show=custom");
		await userEvent.selectOptions(show(), "Generated only");
		await waitFor(() => expect(rangeShown()).toBe("1–25 of 60"));
		await userEvent.type(await searchBox(), "launch");
		expect(await screen.findByText("No links match “launch”.")).toBeTruthy();
	});

	it("sorts by most clicks and shows only the links people followed, with the totals the worker synced", async () => {
		const counted = await optionsBackground(firestore);
		const shorten = (path: string) => counted.store.shorten(counted.uid, { url: `https://example.com/clicks/${path}` });
		const few = await shorten("few");
		const many = await shorten("many");
		const none = await shorten("none");
		await writeDayCounts(firestore, counted.uid, few.code, "2026-03-01-0", { day: "2026-03-01", people: 2, bots: 90 });
		await writeDayCounts(firestore, counted.uid, many.code, "2026-03-01-2", { day: "2026-03-01", people: 40 });
		await writeDayCounts(firestore, counted.uid, many.code, "2026-03-02-2", { day: "2026-03-02", people: 5 });
		await writeDayCounts(firestore, counted.uid, none.code, "2026-03-02-0", { day: "2026-03-02", bots: 3 });
		history.replaceState(null, "", "#size=25");
		renderOptions(counted);
		await waitFor(() => expect(shownCodes()).toEqual([none.code, many.code, few.code]));

		await userEvent.selectOptions(sortBy(), "Most clicks");
		await waitFor(() => expect(shownCodes()).toEqual([many.code, few.code, none.code]));
		const table = screen.getByRole("grid", { name: "Your links, most clicks first" });
		expect(within(table).getByRole("columnheader", { name: "Clicks" }).getAttribute("aria-sort")).toBe("descending");
		const clicks = [...table.querySelectorAll("tbody .links-table__clicks")].map((cell) => cell.textContent);
		expect(clicks).toEqual(["45", "2", "0"]);

		await userEvent.selectOptions(show(), "With clicks");
		await waitFor(() => expect(rangeShown()).toBe("1–2 of 2"));
		expect(shownCodes()).toEqual([many.code, few.code]);
		expect(screen.getByRole("grid", { name: "Your links with clicks, most clicks first" })).toBeTruthy();
		expect(location.hash).toBe("#sort=clicks&show=clicked&size=25");
	});

	it("says no link has clicks yet, with a way back to every link", async () => {
		const quiet = await optionsBackground(firestore);
		await quiet.store.shorten(quiet.uid, { url: "https://example.com/never-followed" });
		history.replaceState(null, "", "#show=clicked&size=25");
		renderOptions(quiet);
		expect(await screen.findByText("None of your links has been clicked yet.")).toBeTruthy();
		await userEvent.click(screen.getByRole("button", { name: "Show all links" }));
		await waitFor(() => expect(rangeShown()).toBe("1–1 of 1"));
	});

	it("says there are no aliases yet, with a way back to every link", async () => {
		const plain = await optionsBackground(firestore, { links: 3 });
		history.replaceState(null, "", "#show=custom&size=25");
		renderOptions(plain);
		expect(await screen.findByText("You have no aliases yet.")).toBeTruthy();
		await userEvent.click(screen.getByRole("button", { name: "Show all links" }));
		await waitFor(() => expect(rangeShown()).toBe("1–3 of 3"));
	});
});
