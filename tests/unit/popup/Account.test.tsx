import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ShortyError } from "../../../src/errors";
import { TestAccounts } from "../account/testAccounts";
import { linkFor, renderPopup } from "./renderPopup";

afterEach(cleanup);

const article = { url: "https://example.com/news/article?id=7", title: "An article" };

function accountLine(): HTMLElement {
	return screen.getByRole("region", { name: "Account" });
}

function linkField(): HTMLInputElement {
	return screen.getByRole("textbox", { name: "Short link for this page" });
}

/** A popup whose first shorten makes an anonymous session with `links` links, as the background does. */
function renderFirstRun(links = 1) {
	const accounts = new TestAccounts();
	const rendered = renderPopup({
		tab: article,
		accounts,
		shorten: async ({ url }) => {
			if (!accounts.user) {
				accounts.signInAnonymously(links);
				await accounts.announce(accounts.user);
			}
			return linkFor(url);
		},
	});
	return { ...rendered, accounts, user: userEvent.setup() };
}

describe("the popup's account line", () => {
	it("shortens at once on a first run, then offers to save the links with an account", async () => {
		const { accounts } = renderFirstRun();
		await screen.findByText("Copied");
		expect(accounts.user?.anonymous).toBe(true);
		expect(accountLine().textContent).toBe("Save your links: Create an account or sign in");
		// The line comes after the link and its tools, so the link is the first thing on the page.
		expect(linkField().compareDocumentPosition(accountLine()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
	});

	it("holds its place, empty, until the background says who is signed in", async () => {
		const accounts = new TestAccounts();
		const release = accounts.hold();
		renderPopup({ tab: article, accounts });
		await screen.findByText("Copied");
		expect(accountLine().textContent).toBe("");
		await release();
		expect(accountLine().textContent).toBe("Save your links: Create an account or sign in");
	});

	it("says the account is unavailable when the background cannot tell, and Retry asks again", async () => {
		const accounts = new TestAccounts();
		const session = accounts.handlers().session;
		let failures = 1;
		renderPopup({
			tab: article,
			accounts,
			handlers: {
				session: (request) => {
					if (failures-- > 0) throw new ShortyError("firestore/unavailable");
					return session(request);
				},
			},
		});
		const retry = await within(accountLine()).findByRole("button", { name: "Retry" });
		expect(accountLine().textContent).toBe("Account unavailable · Retry");
		await userEvent.setup().click(retry);
		await within(accountLine()).findByRole("button", { name: "Create an account" });
		expect(document.activeElement).toBe(accountLine());
	});

	it("shows the account's email and Sign out when signed in, and follows sign-in and sign-out made elsewhere", async () => {
		const { accounts } = renderFirstRun();
		await screen.findByText("Copied");
		await accounts.announce({ uid: "user-9", email: "me@example.com", anonymous: false });
		expect(within(accountLine()).getByText(/^Signed in as/).textContent).toBe("Signed in as me@example.com");
		expect(within(accountLine()).getByRole("button", { name: "Sign out" })).toBeTruthy();
		await accounts.announce(null);
		expect(accountLine().textContent).toBe("Save your links: Create an account or sign in");
	});

	it("signs out with its button, then offers an account again, with focus on the line", async () => {
		const accounts = new TestAccounts();
		accounts.addAccount("me@example.com", "secret-enough");
		await accounts.announce({ uid: "user-1", email: "me@example.com", anonymous: false });
		renderPopup({ tab: article, accounts });
		const user = userEvent.setup();
		await user.click(await within(accountLine()).findByRole("button", { name: "Sign out" }));
		await within(accountLine()).findByRole("button", { name: "Create an account" });
		expect(accounts.user).toBeNull();
		expect(document.activeElement).toBe(accountLine());
	});
});

describe("the popup's account panel", () => {
	it("opens in place of the link with the email focused; Escape closes it and returns focus to the entry", async () => {
		const { user } = renderFirstRun();
		await screen.findByText("Copied");
		const entry = within(accountLine()).getByRole("button", { name: "Create an account" });
		await user.click(entry);

		const panel = screen.getByRole("region", { name: "Account forms" });
		expect(within(panel).getByRole("heading", { name: "Create an account" })).toBeTruthy();
		await vi.waitFor(() => expect(document.activeElement).toBe(within(panel).getByRole("textbox", { name: "Email" })));
		// The link is hidden, not gone: it is all still there when the panel closes.
		expect(screen.queryByRole("textbox", { name: "Short link for this page" })).toBeNull();

		await user.keyboard("{Escape}");
		expect(screen.queryByRole("region", { name: "Account forms" })).toBeNull();
		expect(document.activeElement).toBe(entry);
		expect(linkField().value).toBe("https://sho.rt/aB3dE5g");
	});

	it("opens on the sign-in form from 'sign in', and its Close button, after the forms, closes it", async () => {
		const { user } = renderFirstRun();
		await screen.findByText("Copied");
		const entry = within(accountLine()).getByRole("button", { name: "sign in" });
		await user.click(entry);
		const heading = screen.getByRole("heading", { name: "Sign in" });
		const close = screen.getByRole("button", { name: "Close account forms" });
		const createAccount = screen.getByRole("button", { name: "Create an account" });
		// Read after the heading and the form: the last stop before leaving the panel.
		expect(heading.compareDocumentPosition(close) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
		expect(createAccount.compareDocumentPosition(close) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
		await user.click(close);
		expect(screen.queryByRole("heading", { name: "Sign in" })).toBeNull();
		expect(document.activeElement).toBe(entry);
	});

	it("turns the anonymous session into an account that keeps its links, then shows the email", async () => {
		const { user, accounts } = renderFirstRun(2);
		await screen.findByText("Copied");
		const anonymous = accounts.user?.uid;
		await user.click(within(accountLine()).getByRole("button", { name: "Create an account" }));
		expect(await screen.findByText("The 2 links you made without an account move into the new account.")).toBeTruthy();
		await user.type(screen.getByRole("textbox", { name: "Email" }), "me@example.com");
		await user.type(screen.getByLabelText("Password"), "secret-enough{Enter}");

		await within(accountLine()).findByText(/^Signed in as/);
		expect(accounts.user).toEqual({ uid: anonymous, email: "me@example.com", anonymous: false });
		expect(screen.queryByRole("region", { name: "Account forms" })).toBeNull();
		await vi.waitFor(() => expect(document.activeElement).toBe(accountLine()));
		expect(linkField().value).toBe("https://sho.rt/aB3dE5g");
	});

	it("closes when an account is signed in elsewhere meanwhile (or by a request that timed out here)", async () => {
		const { user, accounts } = renderFirstRun();
		await screen.findByText("Copied");
		await user.click(within(accountLine()).getByRole("button", { name: "sign in" }));
		await accounts.announce({ uid: "user-9", email: "me@example.com", anonymous: false });
		expect(screen.queryByRole("region", { name: "Account forms" })).toBeNull();
		expect(within(accountLine()).getByText(/^Signed in as/).textContent).toBe("Signed in as me@example.com");
	});

	it("shortens again for an account signed in to after the link was made, and keeps it across a sign-up", async () => {
		const { user, accounts, shortenRequests } = renderFirstRun();
		await screen.findByDisplayValue("https://sho.rt/aB3dE5g");
		// Signing up keeps the anonymous user, and with it the link.
		await user.click(within(accountLine()).getByRole("button", { name: "Create an account" }));
		await user.type(screen.getByRole("textbox", { name: "Email" }), "me@example.com");
		await user.type(screen.getByLabelText("Password"), "secret-enough{Enter}");
		await within(accountLine()).findByText(/^Signed in as/);
		expect(shortenRequests).toHaveLength(1);

		await accounts.announce({ uid: "user-9", email: "other@example.com", anonymous: false });
		await vi.waitFor(() => expect(shortenRequests).toHaveLength(2));
		expect(shortenRequests[1]).toEqual(shortenRequests[0]);
	});
});
