import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ShortyError } from "../../../src/errors";
import {
	gate,
	type LocalFirestore,
	type OptionsBackground,
	optionsBackground,
	startLocalFirestore,
} from "./localBackground";
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
		expect(rangeShown()).toBe("1–2 of 2");
		expect(within(toast()).getByText(`Deleted sho.rt/${first}`)).toBeTruthy();
		// Focus moves to the Delete button now in the removed row's place.
		expect(document.activeElement).toBe(screen.getByRole("button", { name: `Delete sho.rt/${second}` }));

		await userEvent.click(within(toast()).getByRole("button", { name: "Undo" }));
		expect(shownCodes()[0]).toBe(first);
		expect(rangeShown()).toBe("1–3 of 3");
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
		await waitFor(() => expect(rangeShown()).toBe("1–25 of 29"));
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
		await waitFor(async () => expect(await stillThere(background, first ?? "")).toBe(false));
		expect(await stillThere(background, second ?? "")).toBe(true);
	});

	it("sends the waiting delete when moving to another page", async () => {
		const background = await pageWith(30);
		const [first] = shownCodes();
		await userEvent.click(screen.getByRole("button", { name: `Delete sho.rt/${first}` }));
		await userEvent.click(screen.getByRole("button", { name: "Next" }));
		await waitFor(() => expect(deletes(background)).toEqual([{ type: "deleteLinks", codes: [first] }]));
		// Pages are numbered over the links that are left: page 2 holds the 26th to 29th.
		await waitFor(() => expect(rangeShown()).toBe("26–29 of 29"));
	});
});

describe("the undo and the delete it holds", () => {
	it("takes Undo off the toast once the delete has been sent by moving on", async () => {
		const background = await pageWith(30);
		const [first] = shownCodes();
		await userEvent.click(screen.getByRole("button", { name: `Delete sho.rt/${first}` }));
		await userEvent.click(screen.getByRole("button", { name: "Next" }));
		await waitFor(() => expect(deletes(background)).toHaveLength(1));
		expect(within(toast()).getByText(`Deleted sho.rt/${first}`)).toBeTruthy();
		expect(within(toast()).queryByRole("button", { name: "Undo" })).toBeNull();
	});

	it("keeps deleted rows hidden while the delete is on its way, and after", async () => {
		const { opened: held, open: release } = gate();
		const background = await optionsBackground(firestore, {
			links: 3,
			overrides: (real) => ({
				async deleteLinks(request) {
					await held;
					return real.deleteLinks(request);
				},
			}),
		});
		renderOptions(background);
		await waitFor(() => expect(shownCodes()).toHaveLength(3));
		const [first] = shownCodes();
		await userEvent.click(screen.getByRole("button", { name: `Delete sho.rt/${first}` }));
		await userEvent.click(within(toast()).getByRole("button", { name: "Dismiss" }));
		await waitFor(() => expect(deletes(background)).toHaveLength(1));
		expect(shownCodes()).not.toContain(first);
		release();
		await waitFor(async () => expect(await stillThere(background, first ?? "")).toBe(false));
		await waitFor(() => expect(rangeShown()).toBe("1–2 of 2"));
		expect(shownCodes()).not.toContain(first);
	});

	it("shows a link made afterwards with the deleted alias: the code is free again, and the new link is not the old", async () => {
		const background = await pageWith(2);
		const made = await background.call({ type: "shorten", url: "https://example.com/spring-sale", alias: "promo" });
		expect(made.ok).toBe(true);
		await waitFor(() => expect(shownCodes()).toContain("promo"));
		await userEvent.click(screen.getByRole("button", { name: "Delete sho.rt/promo" }));
		await userEvent.click(within(toast()).getByRole("button", { name: "Dismiss" }));
		await waitFor(async () => expect(await stillThere(background, "promo")).toBe(false));
		await waitFor(() => expect(rangeShown()).toBe("1–2 of 2"));

		const again = await background.call({ type: "shorten", url: "https://example.com/autumn-sale", alias: "promo" });
		expect(again.ok).toBe(true);
		await waitFor(() => expect(shownCodes()).toContain("promo"));
		expect(rangeShown()).toBe("1–3 of 3");
		expect(screen.getAllByText(/autumn-sale/).length).toBeGreaterThan(0);
	});

	it("keeps the next delete's Undo when the one before it fails: it comes back once the failure is read", async () => {
		const { opened: failing, open: fail } = gate();
		const background = await optionsBackground(firestore, {
			links: 3,
			overrides: (real) => ({
				async deleteLinks(request) {
					if (deletes(background).length > 1) return real.deleteLinks(request);
					await failing;
					throw new ShortyError("timeout");
				},
			}),
		});
		renderOptions(background);
		await waitFor(() => expect(shownCodes()).toHaveLength(3));
		const [first, second] = shownCodes();
		await userEvent.click(screen.getByRole("button", { name: `Delete sho.rt/${first}` }));
		await userEvent.click(screen.getByRole("button", { name: `Delete sho.rt/${second}` }));
		fail();
		const notice = (await screen.findByText(/^The delete did not finish/)).closest(".toast") as HTMLElement;
		await waitFor(() => expect(shownCodes()).toContain(first));
		await userEvent.click(within(notice).getByRole("button", { name: "Dismiss" }));

		expect(within(toast()).getByText(`Deleted sho.rt/${second}`)).toBeTruthy();
		await userEvent.click(within(toast()).getByRole("button", { name: "Undo" }));
		await waitFor(() => expect(shownCodes()).toContain(second));
		expect(deletes(background)).toEqual([{ type: "deleteLinks", codes: [first] }]);
		expect(await stillThere(background, second ?? "")).toBe(true);
	});

	it("sends a waiting delete before signing out, so it is made for the user who made it", async () => {
		const background = await optionsBackground(firestore, {
			links: 3,
			overrides: () => ({ signOut: () => ({ user: null }) }),
		});
		renderOptions(background);
		await waitFor(() => expect(shownCodes()).toHaveLength(3));
		const [first] = shownCodes();
		await userEvent.click(screen.getByRole("button", { name: `Delete sho.rt/${first}` }));
		await userEvent.click(screen.getByRole("button", { name: "Sign out" }));
		expect(await screen.findByText("Nobody is signed in, so there are no links to show.")).toBeTruthy();
		const sent = background.requests.map((request) => request.type);
		expect(sent.indexOf("deleteLinks")).toBeGreaterThan(-1);
		expect(sent.indexOf("deleteLinks")).toBeLessThan(sent.indexOf("signOut"));
		expect(await stillThere(background, first ?? "")).toBe(false);
	});

	it("does not send a waiting delete once another account is signed in elsewhere, and says so", async () => {
		const background = await pageWith(3);
		const [first] = shownCodes();
		await userEvent.click(screen.getByRole("button", { name: `Delete sho.rt/${first}` }));
		act(() =>
			background.hub.announce({
				type: "session-changed",
				session: { user: { uid: "someone-else", email: "other@shorty.test", anonymous: false } },
			}),
		);
		expect(await screen.findByText(/^Nothing was deleted: another account was signed in/)).toBeTruthy();
		expect(deletes(background)).toEqual([]);
		expect(await stillThere(background, first ?? "")).toBe(true);
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
		const question = screen.getByRole("alertdialog", { name: "Delete 3 links?" });
		expect(question.getAttribute("aria-describedby")).toBeTruthy();
		expect(document.getElementById(question.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
			"You can undo it until you do something else here or leave the page.",
		);
		const cancel = within(question).getByRole("button", { name: "Cancel" });
		expect(document.activeElement).toBe(cancel);
		// Tab stays between the two answers while the question is open.
		await userEvent.tab();
		expect(document.activeElement).toBe(within(question).getByRole("button", { name: "Delete 3 links" }));
		await userEvent.tab();
		expect(document.activeElement).toBe(cancel);
		await userEvent.tab({ shift: true });
		expect(document.activeElement).toBe(within(question).getByRole("button", { name: "Delete 3 links" }));
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
		await waitFor(() => expect(rangeShown()).toBe("1–2 of 2"));
		expect(deletes(background)).toEqual([{ type: "deleteLinks", codes: codes.slice(0, 3) }]);
		for (const code of codes.slice(0, 3)) {
			await waitFor(async () => expect(await stillThere(background, code)).toBe(false));
		}
	});

	it("selects the whole page with one checkbox, keeps the table saying so while Undo is open, and Undo keeps them all", async () => {
		const background = await pageWith(30);
		await userEvent.click(screen.getByRole("checkbox", { name: "Select all links on this page" }));
		expect(screen.getByText("25 selected")).toBeTruthy();
		await userEvent.click(screen.getByRole("button", { name: "Delete selected" }));
		await userEvent.click(screen.getByRole("button", { name: "Delete 25 links" }));
		expect(within(screen.getByRole("grid")).getByRole("cell", { name: "25 links deleted." })).toBeTruthy();
		expect(screen.queryByText("No links yet.")).toBeNull();
		expect(rangeShown()).toBe("0 of 5");
		// The question and the rows are gone; focus goes to the search box, not to the top of the document.
		expect(document.activeElement).toBe(screen.getByRole("searchbox", { name: "Search links" }));
		await userEvent.click(within(toast()).getByRole("button", { name: "Undo" }));
		expect(shownCodes()).toHaveLength(25);
		expect(deletes(background)).toEqual([]);
		expect(document.activeElement).toBe(screen.getByRole("checkbox", { name: "Select all links on this page" }));
	});

	it("Clear selection unselects every row and leaves focus on the page's select-all box", async () => {
		await pageWith(4);
		await userEvent.click(screen.getByRole("checkbox", { name: "Select all links on this page" }));
		await userEvent.click(screen.getByRole("button", { name: "Clear selection" }));
		expect(screen.queryByText("4 selected")).toBeNull();
		const selectPage = screen.getByRole("checkbox", { name: "Select all links on this page" }) as HTMLInputElement;
		expect(selectPage.checked).toBe(false);
		expect(document.activeElement).toBe(selectPage);
	});

	it("after deleting a whole page, shows the rest of the links once the delete has gone", async () => {
		const background = await pageWith(30);
		const rest = (await background.store.listPage(background.uid, { pageSize: 100 })).links.slice(25);
		await userEvent.click(screen.getByRole("checkbox", { name: "Select all links on this page" }));
		await userEvent.click(screen.getByRole("button", { name: "Delete selected" }));
		await userEvent.click(screen.getByRole("button", { name: "Delete 25 links" }));
		await userEvent.click(within(toast()).getByRole("button", { name: "Dismiss" }));
		await waitFor(() => expect(rangeShown()).toBe("1–5 of 5"));
		expect(shownCodes()).toEqual(rest.map((link) => link.code));
	});

	it("emptying the last page shows the page before it, with its own number", async () => {
		const background = await pageWith(60);
		const all = (await background.store.listPage(background.uid, { pageSize: 100 })).links.map((link) => link.code);
		await userEvent.click(screen.getByRole("button", { name: "Next" }));
		await waitFor(() => expect(rangeShown()).toBe("26–50 of 60"));
		await userEvent.click(screen.getByRole("button", { name: "Next" }));
		await waitFor(() => expect(rangeShown()).toBe("51–60 of 60"));
		await userEvent.click(screen.getByRole("checkbox", { name: "Select all links on this page" }));
		await userEvent.click(screen.getByRole("button", { name: "Delete selected" }));
		await userEvent.click(screen.getByRole("button", { name: "Delete 10 links" }));
		await userEvent.click(within(toast()).getByRole("button", { name: "Dismiss" }));
		await waitFor(() => expect(rangeShown()).toBe("26–50 of 50"));
		expect(shownCodes()).toEqual(all.slice(25, 50));
		await waitFor(() => expect(location.hash).toBe("#size=25&page=2"));
		await userEvent.click(screen.getByRole("button", { name: "Previous" }));
		await waitFor(() => expect(rangeShown()).toBe("1–25 of 50"));
	});
});
