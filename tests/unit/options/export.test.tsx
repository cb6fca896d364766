import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import Papa from "papaparse";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { gate, type LocalFirestore, optionsBackground, startLocalFirestore } from "./localBackground";
import { type OptionsPage, renderOptions, resetPage, shownCodes } from "./renderOptions";

let firestore: LocalFirestore;
beforeAll(async () => {
	firestore = await startLocalFirestore();
});
afterAll(() => firestore.close());
afterEach(resetPage);

async function savedRows(page: OptionsPage): Promise<string[][]> {
	const [saved] = page.saved;
	if (!saved) throw new Error("nothing was saved");
	return Papa.parse<string[]>(await saved.file.text(), { skipEmptyLines: true }).data;
}

describe("exporting CSV", () => {
	it("saves every link, a page of 100 at a time, with a header and one row each", async () => {
		const background = await optionsBackground(firestore, { links: 253 });
		const page = renderOptions(background);
		await waitFor(() => expect(shownCodes()).toHaveLength(25));
		background.requests.length = 0;
		await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));
		expect(
			await screen.findByText(/^Exported 253 links to shorty-links-\d{4}-\d{2}-\d{2}\.csv\.$/, undefined, {
				timeout: 30_000,
			}),
		).toBeTruthy();

		expect(page.saved.map((saved) => [saved.name.endsWith(".csv"), saved.file.type])).toEqual([
			[true, "text/csv;charset=utf-8"],
		]);
		const rows = await savedRows(page);
		expect(rows[0]).toEqual(["code", "short URL", "target", "title", "tags", "created", "clicks"]);
		expect(rows).toHaveLength(254);
		const [newest] = (await background.store.listPage(background.uid, { pageSize: 10 })).links;
		expect(rows[1]).toEqual([
			newest?.code,
			newest?.shortUrl,
			newest?.url,
			newest?.title,
			"",
			new Date(newest?.createdAt ?? 0).toISOString(),
			String(await background.clicksOf(newest?.code ?? "")),
		]);
		expect(new Set(rows.slice(1).map((row) => row[0])).size).toBe(253);
		const pages = background.requests.filter((request) => request.type === "listLinks");
		expect(pages).toEqual([
			{ type: "listLinks", pageSize: 100 },
			{ type: "listLinks", pageSize: 100, after: expect.any(String) },
			{ type: "listLinks", pageSize: 100, after: expect.any(String) },
		]);
	}, 60_000);

	it("defuses cells a spreadsheet would run as a formula", async () => {
		const background = await optionsBackground(firestore);
		await background.store.shorten(background.uid, {
			url: "https://example.com/formula",
			title: '=HYPERLINK("https://evil.example","Click")',
		});
		const page = renderOptions(background);
		await waitFor(() => expect(shownCodes()).toHaveLength(1));
		await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));
		await screen.findByText(/^Exported 1 link to .*\.csv\.$/);
		expect((await savedRows(page))[1]?.[3]).toBe(`'=HYPERLINK("https://evil.example","Click")`);
	});

	it("gives each link's tags in one cell, joined with a comma, a tag a spreadsheet would run defused", async () => {
		const background = await optionsBackground(firestore);
		const tagged = await background.store.shorten(background.uid, { url: "https://example.com/tagged" });
		await background.store.setTags(tagged.code, ["-draft", "work", "Q2 plans"]);
		await background.store.shorten(background.uid, { url: "https://example.com/untagged" });
		const page = renderOptions(background);
		await waitFor(() => expect(shownCodes()).toHaveLength(2));
		await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));
		await screen.findByText(/^Exported 2 links to .*\.csv\.$/);
		const tagsByCode = new Map((await savedRows(page)).slice(1).map((row) => [row[0], row[4]]));
		expect(tagsByCode.get(tagged.code)).toBe("'-draft, work, Q2 plans");
		expect([...tagsByCode.values()]).toContain("");
	});

	it("shows its progress, and Cancel stops it with nothing saved", async () => {
		const { opened: held, open: release } = gate();
		// The export's second page waits until the test has looked at the progress.
		const background = await optionsBackground(firestore, {
			links: 150,
			overrides: (real) => ({
				async listLinks(request) {
					if (request.pageSize === 100 && request.after) await held;
					return real.listLinks(request);
				},
			}),
		});
		const page = renderOptions(background);
		await waitFor(() => expect(shownCodes()).toHaveLength(25));
		await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));
		// Allow for a busy machine: the page's links, then their totals from the worker's copy.
		expect(await screen.findByText("Exported 100 of 150 links…", undefined, { timeout: 15_000 })).toBeTruthy();
		// The live region says that the export runs, not every step of it: the bar carries the count.
		const status = screen.getByText("Exporting your links…");
		expect(status.getAttribute("role")).toBe("status");
		expect(status.textContent).not.toMatch(/\d/);
		const progress = screen.getByRole("progressbar", { name: "Exporting links" });
		expect([progress.getAttribute("value"), progress.getAttribute("max")]).toEqual(["100", "150"]);

		await userEvent.click(screen.getByRole("button", { name: "Cancel export" }));
		release();
		expect(await screen.findByText("Export cancelled. Nothing was saved.")).toBeTruthy();
		expect(screen.queryByRole("progressbar")).toBeNull();
		expect(page.saved).toEqual([]);
		// The same button, so keyboard focus never left it.
		expect(document.activeElement).toBe(screen.getByRole("button", { name: "Export CSV" }));
	}, 60_000);
	it("saves nothing once another account is signed in while it runs: its links are not the page's any more", async () => {
		const { opened: held, open: release } = gate();
		const { opened: lastPageAnswered, open: lastPageAnswers } = gate();
		const background = await optionsBackground(firestore, {
			links: 150,
			overrides: (real) => ({
				async listLinks(request) {
					if (!(request.pageSize === 100 && request.after)) return real.listLinks(request);
					await held;
					const page = await real.listLinks(request);
					setTimeout(lastPageAnswers);
					return page;
				},
			}),
		});
		const page = renderOptions(background);
		await waitFor(() => expect(shownCodes()).toHaveLength(25));
		await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));
		await screen.findByText("Exported 100 of 150 links…", undefined, { timeout: 15_000 });
		act(() =>
			background.hub.announce({
				type: "session-changed",
				session: { user: { uid: "someone-else", email: "other@shorty.test", anonymous: false } },
			}),
		);
		const totalsAsked = () => background.requests.filter((request) => request.type === "clickTotals").length;
		const before = totalsAsked();
		release();
		// The page has had the last page's answer: an export still going would have asked for its totals.
		await lastPageAnswered;
		await new Promise((resolve) => setTimeout(resolve));
		expect(totalsAsked()).toBe(before);
		expect(page.saved).toEqual([]);
	}, 60_000);
});
