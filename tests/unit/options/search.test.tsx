import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type LocalFirestore, type OptionsBackground, optionsBackground, startLocalFirestore } from "./localBackground";
import { rangeShown, renderOptions, resetPage, shownCodes } from "./renderOptions";

let firestore: LocalFirestore;
let background: OptionsBackground;

beforeAll(async () => {
	firestore = await startLocalFirestore();
	// The demo links cycle through ten sites: 60 links, 6 to each.
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

describe("searching", () => {
	it("narrows the table to one site once typing pauses, with a single request for the whole word", async () => {
		renderOptions(background);
		await waitFor(() => expect(rangeShown()).toBe("1-25 of 63"));
		background.requests.length = 0;
		await userEvent.type(await searchBox(), "react.dev");
		await waitFor(() => expect(rangeShown()).toBe("1-6 of 6"));
		expect(background.pageRequests()).toEqual([{ type: "searchLinks", term: "react.dev", pageSize: 25 }]);
		const table = screen.getByRole("grid", { name: "Links to react.dev, newest first" });
		const targets = within(table)
			.getAllByRole("link")
			.map((link) => new URL(link.getAttribute("href") ?? ""))
			.filter((url) => url.host !== "sho.rt");
		expect(targets).toHaveLength(6);
		expect(targets.every((url) => url.host === "react.dev")).toBe(true);
		expect(location.hash).toContain("q=react.dev");
	});

	it("finds codes and aliases by their start, in code order, and pages through them", async () => {
		renderOptions(background);
		await userEvent.type(await searchBox(), "launch-");
		await waitFor(() => expect(rangeShown()).toBe("1-3 of 3"));
		expect(shownCodes()).toEqual(["launch-a", "launch-b", "launch-c"]);
		const table = screen.getByRole("grid", { name: "Links whose code starts with “launch-”, in code order" });
		expect(within(table).getByRole("columnheader", { name: "Short link" }).getAttribute("aria-sort")).toBe("ascending");
	});

	it("pages through a site's links the same way as all links", async () => {
		renderOptions(background);
		await userEvent.selectOptions(await screen.findByRole("combobox", { name: "Rows per page" }), "10");
		await userEvent.type(await searchBox(), "example.com");
		await waitFor(() => expect(rangeShown()).toBe("1-3 of 3"));
		await userEvent.clear(await searchBox());
		await userEvent.type(await searchBox(), "github.com");
		await waitFor(() => expect(rangeShown()).toBe("1-6 of 6"));
	});

	it("clears with Escape and shows every link again", async () => {
		renderOptions(background);
		await userEvent.type(await searchBox(), "react.dev");
		await waitFor(() => expect(rangeShown()).toBe("1-6 of 6"));
		await userEvent.keyboard("{Escape}");
		expect(await searchBox()).toHaveProperty("value", "");
		await waitFor(() => expect(rangeShown()).toBe("1-25 of 63"));
		expect(location.hash).not.toContain("q=");
	});

	it("says when nothing matches, with a way back to every link", async () => {
		renderOptions(background);
		await userEvent.type(await searchBox(), "nowhere.example");
		expect(await screen.findByText("No links match “nowhere.example”.")).toBeTruthy();
		await userEvent.click(screen.getByRole("button", { name: "Clear search" }));
		await waitFor(() => expect(rangeShown()).toBe("1-25 of 63"));
	});

	it("keeps the search in the address, so a reload searches again", async () => {
		history.replaceState(null, "", "#q=react.dev&size=25");
		renderOptions(background);
		await waitFor(() => expect(rangeShown()).toBe("1-6 of 6"));
		expect(await searchBox()).toHaveProperty("value", "react.dev");
	});
});
