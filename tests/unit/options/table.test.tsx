import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { targetText } from "../targetText";
import {
	type LocalFirestore,
	optionsBackground,
	shortenInPopup,
	startLocalFirestore,
	writeDayCounts,
} from "./localBackground";
import { linksTable, rangeShown, renderOptions, resetPage, shownCodes } from "./renderOptions";

let firestore: LocalFirestore;
beforeAll(async () => {
	firestore = await startLocalFirestore();
});
afterAll(() => firestore.close());
afterEach(resetPage);

describe("the links table", () => {
	it("lists the newest 25 links first, as a captioned grid sorted by creation time", async () => {
		const background = await optionsBackground(firestore, { links: 30 });
		renderOptions(background);
		await waitFor(() => expect(rangeShown()).toBe("1–25 of 30"));
		const newest = (await background.store.listPage(background.uid, { pageSize: 25 })).links.map((link) => link.code);
		expect(shownCodes()).toEqual(newest);
		const table = screen.getByRole("grid", { name: "Your links, newest first" });
		const headers = within(table).getAllByRole("columnheader");
		expect(headers.map((header) => header.textContent)).toEqual([
			"Select",
			"Target",
			"Short link",
			"Created",
			"Clicks",
			"Actions",
		]);
		expect(headers.every((header) => header.getAttribute("scope") === "col")).toBe(true);
		expect(
			within(headers[0] as HTMLElement).getByRole("checkbox", { name: "Select all links on this page" }),
		).toBeTruthy();
		expect(within(table).getByRole("columnheader", { name: "Created" }).getAttribute("aria-sort")).toBe("descending");
	});

	it("shows each link's title over its target (whole on hover), its code as the short link, and creation time", async () => {
		const background = await optionsBackground(firestore, { links: 3 });
		renderOptions(background);
		await waitFor(() => expect(shownCodes()).toHaveLength(3));
		const [link] = (await background.store.listPage(background.uid, { pageSize: 10 })).links;
		if (!link) throw new Error("no link seeded");
		const row = screen.getByRole("row", { name: new RegExp(`sho\\.rt/${link.code}`) });
		const short = within(row).getByRole("link", { name: `sho.rt/${link.code}` });
		expect(short.getAttribute("href")).toBe(link.shortUrl);
		// The site is the same on every row, so only the code shows; the name says the whole short link.
		expect(short.textContent).toBe(`sho.rt/${link.code}`);
		expect(within(short).getByText("sho.rt/").className).toBe("visually-hidden");
		const title = within(row).getByRole("link", { name: link.title });
		expect(title.getAttribute("href")).toBe(link.url);
		const target = within(row).getByText(targetText(link.url.replace("https://", "")));
		expect(target.getAttribute("title")).toBe(link.url);
		const created = row.querySelector("time");
		expect(created?.getAttribute("datetime")).toBe(new Date(link.createdAt).toISOString());
		expect(created?.textContent).toMatch(/ago|now/);
		expect(created?.getAttribute("title")).toMatch(/\d{4}/);
	});

	it("shows each link's clicks with the page: the people over all its shards, bots left out", async () => {
		const background = await optionsBackground(firestore);
		const counted = await background.store.shorten(background.uid, { url: "https://example.com/counted" });
		const quiet = await background.store.shorten(background.uid, { url: "https://example.com/quiet" });
		const uid = background.uid;
		await writeDayCounts(firestore, uid, counted.code, "2026-01-01-0", { day: "2026-01-01", people: 1200, bots: 9 });
		await writeDayCounts(firestore, uid, counted.code, "2026-01-01-3", { day: "2026-01-01", people: 30 });
		await writeDayCounts(firestore, uid, counted.code, "2026-01-02-3", { day: "2026-01-02", people: 4 });
		await writeDayCounts(firestore, uid, counted.code, "2026-02-11-1", { day: "2026-02-11", bots: 5, prefetches: 2 });
		renderOptions(background);
		const clicksOf = (code: string) =>
			within(screen.getByRole("row", { name: new RegExp(`sho\\.rt/${code}`) })).getAllByRole("cell")[3]?.textContent;
		await waitFor(() => expect(clicksOf(counted.code)).toBe("1,234"));
		expect(clicksOf(quiet.code)).toBe("0");
		// The totals come with the page, from the worker's copy: no request per row.
		expect(background.requests.map((request) => request.type)).not.toContain("clickTotals");
	});

	it("copies a short link from its row and says so", async () => {
		const background = await optionsBackground(firestore, { links: 2 });
		const page = renderOptions(background);
		await waitFor(() => expect(shownCodes()).toHaveLength(2));
		const [code] = shownCodes();
		await userEvent.click(screen.getByRole("button", { name: `Copy sho.rt/${code}` }));
		expect(page.clipboard).toEqual([`https://sho.rt/${code}`]);
		expect(
			within(linksTable())
				.getAllByRole("status")
				.some((status) => status.textContent === "Copied"),
		).toBe(true);
	});

	it("while this browser fetches the links for the first time, says how many have come, then lists them", async () => {
		const background = await optionsBackground(firestore, { links: 30 });
		renderOptions(background);
		// A fresh browser's first answer comes before the fetch it starts: it covers what has arrived so far.
		const status = await screen.findByText(/^Loading your links from your account: [\d,]+ so far…$/);
		expect(status.getAttribute("role")).toBe("status");
		await waitFor(() => expect(rangeShown()).toBe("1–25 of 30"));
		expect(screen.queryByText(/Loading your links from your account/)).toBeNull();
		expect(screen.queryByText("No links yet.")).toBeNull();
	});

	it("says how to make a first link when there are none, with no pagination for nothing", async () => {
		renderOptions(await optionsBackground(firestore));
		expect(await screen.findByText("No links yet.")).toBeTruthy();
		expect(screen.getByText(/Click Shorty's toolbar button on any page/)).toBeTruthy();
		expect(screen.queryByRole("grid")).toBeNull();
		expect(screen.queryByRole("navigation", { name: "Pages of links" })).toBeNull();
		expect(screen.queryByRole("combobox", { name: "Rows per page" })).toBeNull();
	});

	it("with nobody signed in, leads to the sign-in form", async () => {
		const background = await optionsBackground(firestore, {
			overrides: () => ({ session: () => ({ user: null }) }),
		});
		renderOptions(background);
		await userEvent.click(await screen.findByRole("button", { name: "sign in to your account" }));
		const form = screen.getByRole("form", { name: "Sign in" });
		expect(document.activeElement).toBe(within(form).getByRole("textbox", { name: "Email" }));
		expect(background.requests.map((request) => request.type)).not.toContain("searchLinks");
	});
});

describe("live updates", () => {
	it("shows a link made in the popup at the top of the first page, without a reload", async () => {
		const background = await optionsBackground(firestore, { links: 5 });
		renderOptions(background);
		await waitFor(() => expect(rangeShown()).toBe("1–5 of 5"));
		const made = await act(() => shortenInPopup(background, "https://example.com/from-popup"));
		await waitFor(() => expect(rangeShown()).toBe("1–6 of 6"));
		expect(shownCodes()[0]).toBe(made.code);
	});

	it("further in, keeps the rows in place and offers the new links instead", async () => {
		const background = await optionsBackground(firestore, { links: 30 });
		renderOptions(background);
		await waitFor(() => expect(rangeShown()).toBe("1–25 of 30"));
		await userEvent.click(screen.getByRole("button", { name: "Next" }));
		await waitFor(() => expect(rangeShown()).toBe("26–30 of 30"));
		const before = shownCodes();
		const made = await act(() => shortenInPopup(background, "https://example.com/made-meanwhile"));
		expect(await screen.findByText(/1 new link since this page opened/)).toBeTruthy();
		expect(shownCodes()).toEqual(before);
		await userEvent.click(screen.getByRole("button", { name: "Show newest" }));
		await waitFor(() => expect(shownCodes()[0]).toBe(made.code));
		expect(rangeShown()).toBe("1–25 of 31");
		expect(before).not.toContain(made.code);
	});

	it("in a search further in, keeps the rows when a new link does not match, and counts nothing", async () => {
		const background = await optionsBackground(firestore);
		for (let i = 0; i < 12; i++) {
			await background.store.shorten(background.uid, { url: `https://example.com/live/${i}`, alias: `live-${i}` });
		}
		history.replaceState(null, "", "#q=live&size=10&page=2");
		renderOptions(background);
		await waitFor(() => expect(rangeShown()).toBe("11–12 of 12"));
		const before = shownCodes();
		await act(() => shortenInPopup(background, "https://example.com/elsewhere"));
		await waitFor(() => expect(background.pageRequests().length).toBeGreaterThan(1));
		expect(rangeShown()).toBe("11–12 of 12");
		expect(shownCodes()).toEqual(before);
		expect(screen.queryByText(/new link/)).toBeNull();
	});

	it("follows a sign-out announced by the background", async () => {
		const background = await optionsBackground(firestore, { links: 2 });
		renderOptions(background);
		await waitFor(() => expect(shownCodes()).toHaveLength(2));
		act(() => background.hub.announce({ type: "session-changed", session: { user: null } }));
		expect(await screen.findByText("Nobody is signed in, so there are no links to show.")).toBeTruthy();
		expect(screen.queryByRole("grid")).toBeNull();
	});
});
