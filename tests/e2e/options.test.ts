/**
 * The options page in real Chromium against the e2e backend, signed in (through the extension) to an
 * account seeded with 253 links: page sizes, walking every page, search, sort and filter, edit and delete that survive a
 * reload, the CSV download, live updates from another page, signing out and back in, and a delete sent as
 * the tab closes.
 */
import { readFile } from "node:fs/promises";
import Papa from "papaparse";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { seedAccount } from "../../local/seed";
import type { AnyRequest, Reply } from "../../src/messages";
import { accessibilityViolations, type Extension, launchExtension } from "./extension";

const LINKS = 253;
const account = { email: `options-${Date.now()}@shorty.test`, password: "options-e2e" };

let extension: Extension;
let page: Page;

async function send<T>(on: Page, request: AnyRequest): Promise<T> {
	const reply: Reply<AnyRequest["type"]> = await on.evaluate((message) => chrome.runtime.sendMessage(message), request);
	if (!reply.ok) throw new Error(`${request.type} failed: ${reply.error.code} ${reply.error.detail ?? ""}`);
	return reply.data as T;
}

/** The short links of the rows shown, as their names read ("127.0.0.1:5000/abc1234"): only the code shows. */
const shortLinks = () => page.locator("tbody th a").allTextContents();

/** Waits until the range reads exactly `text` ("26–50 of 253"), which is when that page's rows are shown. */
async function expectRange(text: string) {
	await page
		.getByRole("navigation", { name: "Pages of links" })
		.locator(".pagination__range")
		.filter({ hasText: new RegExp(`^${text}$`) })
		.waitFor({ timeout: 10_000 });
}

/** Every link's code, newest first, as the background lists them. */
async function allCodes(): Promise<string[]> {
	const codes: string[] = [];
	let after: string | null = null;
	do {
		const data: { links: { code: string }[]; next: string | null } = await send(page, {
			type: "listLinks",
			pageSize: 100,
			...(after ? { after } : {}),
		});
		codes.push(...data.links.map((link) => link.code));
		after = data.next;
	} while (after);
	return codes;
}

const codeOf = (shortLink: string) => shortLink.slice(shortLink.lastIndexOf("/") + 1);

beforeAll(async () => {
	await seedAccount(inject("backend"), account, LINKS);
	extension = await launchExtension();
	page = await extension.openPage("options/index.html");
	await send(page, { type: "signIn", ...account });
	await page.reload();
	await expectRange(`1–25 of ${LINKS}`);
});

afterAll(async () => {
	await extension?.close();
});

describe("the options page with 253 links", () => {
	it.each([
		["10", "1–10 of 253", 10],
		["50", "1–50 of 253", 50],
		["100", "1–100 of 253", 100],
		["25", "1–25 of 253", 25],
	])("shows %s rows per page with the range", async (size, text, rows) => {
		await page.getByLabel("Rows per page").selectOption(size);
		await expectRange(text);
		expect(await shortLinks()).toHaveLength(rows);
	});

	it("walks next to the end and back, visiting every link exactly once each way", async () => {
		const expected = await allCodes();
		const forward = [...(await shortLinks())];
		for (let first = 26; first <= LINKS; first += 25) {
			await page.getByRole("button", { name: "Next" }).click();
			await expectRange(`${first}–${Math.min(first + 24, LINKS)} of ${LINKS}`);
			forward.push(...(await shortLinks()));
		}
		expect(await page.getByRole("button", { name: "Next" }).getAttribute("aria-disabled")).toBe("true");
		expect(forward.map(codeOf)).toEqual(expected);

		const backward = [...(await shortLinks())];
		for (let first = 226; first >= 1; first -= 25) {
			await page.getByRole("button", { name: "Previous" }).click();
			await expectRange(`${first}–${first + 24} of ${LINKS}`);
			backward.unshift(...(await shortLinks()));
		}
		expect(backward.map(codeOf)).toEqual(expected);
	});

	it("keeps the place on reload and goes back with the browser", async () => {
		await page.getByRole("button", { name: "Next" }).click();
		await expectRange(`26–50 of ${LINKS}`);
		await page.getByRole("button", { name: "Next" }).click();
		await expectRange(`51–75 of ${LINKS}`);
		const shown = await shortLinks();
		await page.reload();
		await expectRange(`51–75 of ${LINKS}`);
		expect(await shortLinks()).toEqual(shown);
		await page.goBack();
		await expectRange(`26–50 of ${LINKS}`);
		await page.getByRole("button", { name: "Page 1", exact: true }).click();
		await expectRange(`1–25 of ${LINKS}`);
	});

	it("jumps to a page by its number, and back", async () => {
		const pages = page.getByRole("navigation", { name: "Pages of links" });
		expect(await pages.getByRole("button", { name: /^Page / }).allTextContents()).toEqual([
			"1",
			"2",
			"3",
			"4",
			"5",
			"11",
		]);
		await pages.getByRole("button", { name: "Page 11", exact: true }).click();
		await expectRange(`251–253 of ${LINKS}`);
		expect(await pages.getByRole("button", { name: "Page 11", exact: true }).getAttribute("aria-current")).toBe("page");
		expect((await shortLinks()).map(codeOf)).toEqual((await allCodes()).slice(250));
		await pages.getByRole("button", { name: "Page 8", exact: true }).click();
		await expectRange(`176–200 of ${LINKS}`);
		await page.goBack();
		await expectRange(`251–253 of ${LINKS}`);
		await pages.getByRole("button", { name: "Page 1", exact: true }).click();
		await expectRange(`1–25 of ${LINKS}`);
	});

	it("takes one tab stop for all its rows, moved through with the arrow keys", async () => {
		await page.getByLabel("Rows per page").selectOption("100");
		await expectRange(`1–100 of ${LINKS}`);
		await page.getByRole("searchbox", { name: "Search links" }).focus();
		let presses = 0;
		while (presses < 20 && !(await page.evaluate(() => document.activeElement?.textContent?.startsWith("Next")))) {
			await page.keyboard.press("Tab");
			presses++;
		}
		// Sort, Show, Tag, Manage tags, select all, the rows, rows per page, Previous, the page numbers, Next.
		expect(presses).toBeLessThanOrEqual(12);
		const [first, second] = (await shortLinks()).map(codeOf);
		// Into the rows, to the first, then down a row and along it to its short link.
		await page.getByRole("checkbox", { name: "Select all links on this page" }).focus();
		await page.keyboard.press("Tab");
		await page.keyboard.press("Control+Home");
		await page.keyboard.press("ArrowDown");
		await page.keyboard.press("ArrowRight");
		await page.keyboard.press("ArrowRight");
		expect(await page.evaluate(() => document.activeElement?.getAttribute("href"))).toMatch(new RegExp(`/${second}$`));
		await page.keyboard.press("ArrowUp");
		expect(await page.evaluate(() => document.activeElement?.getAttribute("href"))).toMatch(new RegExp(`/${first}$`));
		await page.getByLabel("Rows per page").selectOption("25");
		await expectRange(`1–25 of ${LINKS}`);
	});

	it("finds links by every word typed, as you type", async () => {
		const search = page.getByRole("searchbox", { name: "Search links" });
		await search.fill("react");
		// The seed cycles through ten sites; react.dev, titled "useEffect – React", is every tenth link.
		await expectRange("1–25 of 25");
		const targets = await page
			.locator("tbody .link-page__title")
			.evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).host));
		expect(new Set(targets)).toEqual(new Set(["react.dev"]));
		expect(await page.getByRole("grid", { name: "Your links matching “react”, newest first" }).count()).toBe(1);
		await search.fill("docs firestore");
		await expectRange("1–25 of 26");
		await search.press("Escape");
		await expectRange(`1–25 of ${LINKS}`);
	});

	it("keeps the end of a target cut by a narrow column in view, where links to one page differ", async () => {
		await page.setViewportSize({ width: 800, height: 720 });
		const search = page.getByRole("searchbox", { name: "Search links" });
		try {
			// developer.chrome.com/docs/extensions/develop/concepts/service-workers, then with ?ref=10, ?ref=20…
			await search.fill("service workers");
			await expectRange("1–25 of 26");
			const targets = await page.locator("tbody .link-page__target").evaluateAll((shown) =>
				shown.map((target) => {
					const whole = (part: Element | undefined) => !!part && part.scrollWidth <= part.clientWidth;
					const [start, end] = target.children;
					return { cut: !whole(start), end: whole(end) ? end?.textContent : null };
				}),
			);
			expect(targets.every((target) => target.cut)).toBe(true);
			expect(targets.map((target) => target.end)).toContain("/service-workers?ref=10");
			expect(new Set(targets.map((target) => target.end)).size).toBe(25);
		} finally {
			await search.press("Escape");
			await expectRange(`1–25 of ${LINKS}`);
			await page.setViewportSize({ width: 1280, height: 720 });
		}
	});

	it("sorts by title and filters by kind, from the address too", async () => {
		await page.getByLabel("Sort").selectOption({ label: "Title A–Z" });
		await expect.poll(() => page.locator("tbody .link-page__title").first().textContent()).toMatch(/^Ask HN/);
		expect(new URL(page.url()).hash).toBe("#sort=title&size=25");
		await page.getByLabel("Show").selectOption({ label: "Aliases only" });
		await page.getByText("You have no aliases yet.").waitFor();
		await page.getByRole("button", { name: "Show all links" }).click();
		await expectRange(`1–25 of ${LINKS}`);
		await page.getByLabel("Sort").selectOption({ label: "Newest" });
		await expect.poll(() => new URL(page.url()).hash).toBe("#size=25");
	});

	it("exports a CSV of every link", async () => {
		const download = page.waitForEvent("download");
		await page.getByRole("button", { name: "Export CSV" }).click();
		const file = await download;
		expect(file.suggestedFilename()).toMatch(/^shorty-links-\d{4}-\d{2}-\d{2}\.csv$/);
		const rows = Papa.parse<string[]>(await readFile(await file.path(), "utf8"), { skipEmptyLines: true }).data;
		expect(rows[0]).toEqual(["code", "short URL", "target", "title", "tags", "created", "clicks"]);
		expect(rows).toHaveLength(LINKS + 1);
		expect(rows.slice(1).map((row) => row[0])).toEqual(await allCodes());
		await expect.poll(() => page.getByText(`Exported 253 links to ${file.suggestedFilename()}.`).count()).toBe(1);
	});

	it("edits a target and deletes a link, and both hold after a reload", async () => {
		const [edited, deleted] = (await shortLinks()).map(codeOf);
		// Where the field is narrower than the address, it opens on its start, the site, all of it selected.
		await page.setViewportSize({ width: 820, height: 720 });
		await page.getByRole("button", { name: new RegExp(`^Edit target of .*/${edited}$`) }).click();
		const field = page.getByRole("textbox", { name: new RegExp(`^New target for .*/${edited}$`) });
		const opened = await field.evaluate((input: HTMLInputElement) => ({
			cut: input.scrollWidth > input.clientWidth,
			scrolled: input.scrollLeft,
			selected: input.selectionEnd === input.value.length && input.selectionStart === 0,
		}));
		await page.setViewportSize({ width: 1280, height: 720 });
		expect(opened).toEqual({ cut: true, scrolled: 0, selected: true });
		await field.fill("https://example.com/edited-in-e2e");
		await field.press("Enter");
		await expect.poll(() => page.getByText("example.com/edited-in-e2e", { exact: true }).count()).toBe(1);

		await page.getByRole("button", { name: new RegExp(`^Delete .*/${deleted}$`) }).click();
		await page.locator(".toast").getByRole("button", { name: "Dismiss" }).click();
		await expectRange(`1–25 of ${LINKS - 1}`);

		await page.reload();
		await expectRange(`1–25 of ${LINKS - 1}`);
		const codes = (await shortLinks()).map(codeOf);
		expect(codes[0]).toBe(edited);
		expect(codes).not.toContain(deleted);
		expect(await page.getByText("example.com/edited-in-e2e", { exact: true }).count()).toBe(1);
	});

	it("shows a link shortened on another page at once, without a reload", async () => {
		const other = await extension.openPage("popup/index.html");
		try {
			const made = await send<{ code: string }>(other, { type: "shorten", url: "https://example.com/live-in-e2e" });
			await page.bringToFront();
			await expectRange(`1–25 of ${LINKS}`);
			expect((await shortLinks()).map(codeOf)[0]).toBe(made.code);
		} finally {
			await other.close();
		}
	});

	it("shows the tags that fit on their line and +N for the rest, which shows them all", async () => {
		const code = codeOf((await shortLinks())[2] ?? "");
		// The last is as long as a tag may be: wider than the column at 820 px, so shown whole on its own line
		// it must still end inside it.
		const tags = [
			"reading-list",
			"javascript",
			"frontend",
			"performance",
			"accessibility",
			"typescript",
			"later",
			"progressive-enhancement-patterns",
		];
		try {
			await send(page, { type: "setTags", code, tags });
			const row = page.locator(`tr[data-code="${code}"]`);
			const more = row.getByRole("button", { name: /^Show \d+ more tags?$/ });
			await more.waitFor();
			/** The chips a reader sees, whole, and the number "+N" says. */
			const line = () =>
				row.locator(".link-tag-chips").evaluate((list) => {
					const edge = list.getBoundingClientRect().right;
					const shown = [...list.querySelectorAll("li:not([inert]) button")].filter(
						(chip) => chip.getBoundingClientRect().right <= edge && getComputedStyle(chip).visibility === "visible",
					);
					return {
						seen: shown.map((chip) => chip.textContent),
						inert: list.querySelectorAll("li[inert]").length,
					};
				});
			/** The rows' tab stops: one, however the tags change. */
			const tabStops = () =>
				page
					.locator("tbody")
					.evaluate(
						(body) =>
							[...body.querySelectorAll<HTMLElement>("a[href], button, input")].filter(
								(control) => control.tabIndex === 0 && !control.closest("[inert]"),
							).length,
					);
			const wide = await line();
			expect(wide.seen.at(-1)).toBe(`+${wide.inert}`);
			expect(wide.seen.slice(0, -1)).toEqual(tags.slice(0, tags.length - wide.inert));
			expect(await tabStops()).toBe(1);

			// A focused tag that the narrower column cuts off passes its focus to "+N".
			const lastSeen = wide.seen.at(-2) ?? "";
			await row.getByRole("button", { name: `Show the links tagged ${lastSeen}` }).focus();
			await page.setViewportSize({ width: 820, height: 720 });
			await expect.poll(async () => (await line()).inert).toBeGreaterThan(wide.inert);
			const narrow = await line();
			expect(narrow.seen).toEqual([...tags.slice(0, tags.length - narrow.inert), `+${narrow.inert}`]);
			expect(await more.evaluate((button) => button === document.activeElement)).toBe(true);
			expect(await tabStops()).toBe(1);

			// Along the row the arrow keys pass over the hidden tags: from the title, the tags seen, "+N", the short link.
			await row.locator(".link-page__title").focus();
			for (let press = 0; press < narrow.seen.length; press++) await page.keyboard.press("ArrowRight");
			expect(await more.evaluate((button) => button === document.activeElement)).toBe(true);
			await page.keyboard.press("ArrowRight");
			expect(await page.evaluate(() => document.activeElement?.getAttribute("href"))).toMatch(new RegExp(`/${code}$`));

			await more.click();
			expect(await more.count()).toBe(0);
			expect(await line()).toEqual({ seen: tags, inert: 0 });
			const longest = row.getByRole("button", { name: `Show the links tagged ${tags.at(-1)}` });
			expect(await longest.evaluate((chip) => chip.scrollWidth > chip.clientWidth)).toBe(true);
			const firstShown = tags[tags.length - narrow.inert];
			expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(firstShown);
		} finally {
			await page.setViewportSize({ width: 1280, height: 720 });
			await send(page, { type: "setTags", code, tags: [] });
		}
	});

	// Asked to confirm a delete, the question may take a second line: the pointer is on its answers then.
	it("moves no row when a first box is ticked, at either width: the selection's actions take the caption's place", async () => {
		const [first, second] = (await shortLinks()).map(codeOf);
		const box = (code: string | undefined) => page.getByRole("checkbox", { name: new RegExp(`^Select .*/${code}$`) });
		try {
			for (const width of [1280, 820]) {
				await page.setViewportSize({ width, height: 720 });
				const before = await box(second).boundingBox();
				await box(first).check();
				await page.getByRole("button", { name: "Delete selected" }).waitFor();
				expect(await box(second).boundingBox(), `at ${width} px`).toEqual(before);
				await page.getByRole("button", { name: "Clear selection" }).click();
				expect(await box(second).boundingBox(), `cleared at ${width} px`).toEqual(before);
			}
		} finally {
			await page.setViewportSize({ width: 1280, height: 720 });
		}
	});

	it("passes axe's checks in light and dark, with a row being edited and an undo toast showing", async () => {
		const [first, second] = (await shortLinks()).map(codeOf);
		await page.getByRole("button", { name: new RegExp(`^Edit target of .*/${first}$`) }).click();
		await page.getByRole("checkbox", { name: new RegExp(`^Select .*/${second}$`) }).check();
		await page.getByRole("button", { name: new RegExp(`^Delete .*/${second}$`) }).click();
		for (const colorScheme of ["light", "dark"] as const) {
			await page.emulateMedia({ colorScheme });
			expect(await accessibilityViolations(page), colorScheme).toEqual([]);
		}
		await page.locator(".toast").getByRole("button", { name: "Undo" }).click();
		await page.getByRole("textbox", { name: new RegExp(`^New target for .*/${first}$`) }).press("Escape");
		await page.emulateMedia({ colorScheme: null });
	});

	it("signs out and back in from its account section", async () => {
		const section = page.getByRole("region", { name: "Account" });
		await section.getByRole("button", { name: "Sign out" }).click();
		await page.getByText("Nobody is signed in, so there are no links to show.").waitFor();
		// The button sits in its sentence like a word: its full stop follows it with no space between.
		const gap = await page.getByRole("button", { name: "sign in to your account" }).evaluate((button) => {
			const words = document.createRange();
			words.selectNodeContents(button);
			const stop = document.createRange();
			stop.setStart(button.nextSibling as Text, 0);
			stop.setEnd(button.nextSibling as Text, 1);
			return stop.getBoundingClientRect().left - words.getBoundingClientRect().right;
		});
		expect(gap).toBeLessThan(1);
		const form = section.getByRole("form", { name: "Sign in" });
		await form.getByRole("textbox", { name: "Email" }).fill(account.email);
		await form.getByLabel("Password").fill(account.password);
		await form.getByRole("button", { name: "Sign in", exact: true }).click();
		await expectRange(`1–25 of ${LINKS}`);
		await section.getByText(account.email).waitFor();
	});

	it("sends a waiting delete when the tab closes, so the link stays deleted", async () => {
		const [doomed] = (await shortLinks()).map(codeOf);
		await page.getByRole("button", { name: new RegExp(`^Delete .*/${doomed}$`) }).click();
		await expect.poll(() => page.locator(".toast").count()).toBe(1);
		await page.close({ runBeforeUnload: true });
		page = await extension.openPage("options/index.html");
		await expect.poll(async () => (await allCodes()).includes(doomed ?? ""), { timeout: 10_000 }).toBe(false);
		await expectRange(`1–25 of ${LINKS - 1}`);
	});
});
