import { act, cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ShortyError } from "../../../src/errors";
import { TestAccounts } from "../account/testAccounts";
import { findLink, linkField, linkFor, renderPopup } from "./renderPopup";

afterEach(cleanup);

const article = { url: "https://example.com/news/article?id=7", title: "An article" };

function accountLine(): HTMLElement {
	return screen.getByRole("region", { name: "Account" });
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
		// The link was the account's: its alias and tags could no longer be saved.
		expect(await screen.findByRole("region", { name: "You are signed out" })).toBeTruthy();
		expect(screen.queryByRole("textbox", { name: "Short link for this page" })).toBeNull();
	});

	it("signs out with its button, then offers the choice in place of the account's link, Sign in focused", async () => {
		const accounts = new TestAccounts();
		accounts.addAccount("me@example.com", "secret-enough");
		await accounts.announce({ uid: "user-1", email: "me@example.com", anonymous: false });
		const { clipboard, shortenRequests } = renderPopup({ tab: article, accounts });
		const user = userEvent.setup();
		await findLink("https://sho.rt/aB3dE5g");
		await user.click(await within(accountLine()).findByRole("button", { name: "Sign out" }));
		const choice = await screen.findByRole("region", { name: "You are signed out" });
		expect(accounts.user).toBeNull();
		expect(screen.queryByRole("textbox", { name: "Short link for this page" })).toBeNull();
		expect(screen.queryByRole("button", { name: "Custom alias" })).toBeNull();
		await vi.waitFor(() =>
			expect(document.activeElement).toBe(within(choice).getByRole("button", { name: "Sign in" })),
		);
		// Nothing is sent for the signed-out page until the user chooses.
		expect(shortenRequests).toHaveLength(1);
		clipboard.text = "";
		await user.click(within(choice).getByRole("button", { name: "Shorten without an account" }));
		await findLink("https://sho.rt/aB3dE5g");
		expect(shortenRequests.at(-1)).toMatchObject({ allowAnonymous: true });
		await vi.waitFor(() => expect(clipboard.text).toBe("https://sho.rt/aB3dE5g"));
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
		expect(linkField().textContent).toBe("https://sho.rt/aB3dE5g");
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
		expect(linkField().textContent).toBe("https://sho.rt/aB3dE5g");
	});

	it("leaves keyboard focus where the user went when a sign-up they closed the forms on answers", async () => {
		const { user, accounts } = renderFirstRun();
		await screen.findByText("Copied");
		await user.click(within(accountLine()).getByRole("button", { name: "Create an account" }));
		await user.type(screen.getByRole("textbox", { name: "Email" }), "me@example.com");
		await user.type(screen.getByLabelText("Password"), "secret-enough");
		const release = accounts.hold();
		await user.keyboard("{Enter}");
		await user.keyboard("{Escape}");
		const tags = screen.getByRole("combobox", { name: "Tags" });
		await user.click(tags);
		await release();

		await within(accountLine()).findByText(/^Signed in as/);
		expect(document.activeElement).toBe(tags);
	});

	it("closes when an account is signed in elsewhere meanwhile (or by a request that timed out here)", async () => {
		const { user, accounts } = renderFirstRun();
		await screen.findByText("Copied");
		await user.click(within(accountLine()).getByRole("button", { name: "sign in" }));
		await accounts.announce({ uid: "user-9", email: "me@example.com", anonymous: false });
		expect(screen.queryByRole("region", { name: "Account forms" })).toBeNull();
		expect(within(accountLine()).getByText(/^Signed in as/).textContent).toBe("Signed in as me@example.com");
	});

	it("after another account signs in, waits for Shorten this page, and leaves the clipboard alone meanwhile", async () => {
		const { user, accounts, shortenRequests, clipboard } = renderFirstRun();
		await findLink("https://sho.rt/aB3dE5g");
		// Signing up keeps the anonymous user, and with it the link.
		await user.click(within(accountLine()).getByRole("button", { name: "Create an account" }));
		await user.type(screen.getByRole("textbox", { name: "Email" }), "me@example.com");
		await user.type(screen.getByLabelText("Password"), "secret-enough{Enter}");
		await within(accountLine()).findByText(/^Signed in as/);
		expect(shortenRequests).toHaveLength(1);
		expect(linkField().textContent).toBe("https://sho.rt/aB3dE5g");

		clipboard.text = "something the user copied since";
		await accounts.announce({ uid: "user-9", email: "other@example.com", anonymous: false });
		const shorten = await screen.findByRole("button", { name: "Shorten this page" });
		// The last account's link is gone, and nothing was made or copied for the new one.
		expect(screen.queryByRole("textbox", { name: "Short link for this page" })).toBeNull();
		await act(async () => {});
		expect(shortenRequests).toHaveLength(1);
		expect(clipboard.text).toBe("something the user copied since");

		await user.click(shorten);
		await findLink("https://sho.rt/aB3dE5g");
		expect(shortenRequests).toHaveLength(2);
		expect(shortenRequests[1]).toEqual(shortenRequests[0]);
	});
});

/** A popup opened after the user signed out on purpose: the background makes no account unasked. */
function renderAfterSignOut(shortenOnOpen = true) {
	const accounts = new TestAccounts();
	accounts.addAccount("me@example.com", "secret-enough");
	const rendered = renderPopup({
		tab: article,
		accounts,
		shortenOnOpen,
		shorten: async ({ url, allowAnonymous }) => {
			if (!accounts.user) {
				if (!allowAnonymous) throw new ShortyError("signed-out-by-user");
				accounts.signInAnonymously(0);
				await accounts.announce(accounts.user);
			}
			return linkFor(url, accounts.user?.anonymous ? "anon001" : "acct001");
		},
	});
	return { ...rendered, accounts, user: userEvent.setup() };
}

describe("the popup after an explicit sign-out", () => {
	it("offers Sign in, Create an account and Shorten without an account, and makes no account by itself", async () => {
		const { accounts, clipboard, shortenRequests } = renderAfterSignOut();
		const choice = await screen.findByRole("region", { name: "You are signed out" });
		const signIn = within(choice).getByRole("button", { name: "Sign in" });
		await vi.waitFor(() => expect(document.activeElement).toBe(signIn));
		expect(within(choice).getByRole("button", { name: "Create an account" })).toBeTruthy();
		expect(within(choice).getByRole("button", { name: "Shorten without an account" })).toBeTruthy();
		// The line would only repeat the offer.
		expect(screen.queryByRole("region", { name: "Account" })).toBeNull();
		expect(accounts.user).toBeNull();
		expect(shortenRequests).toEqual([{ type: "shorten", url: article.url, title: "An article" }]);
		expect(clipboard.text).toBe("");
		expect(screen.queryByRole("textbox", { name: "Short link for this page" })).toBeNull();
	});

	it("shortens without an account when asked, on a new anonymous session, and copies the link", async () => {
		const { accounts, clipboard, shortenRequests, user } = renderAfterSignOut();
		const choice = await screen.findByRole("region", { name: "You are signed out" });
		await user.click(within(choice).getByRole("button", { name: "Shorten without an account" }));
		await findLink("https://sho.rt/anon001");
		expect(shortenRequests.at(-1)).toEqual({
			type: "shorten",
			url: article.url,
			title: "An article",
			allowAnonymous: true,
		});
		expect(accounts.user?.anonymous).toBe(true);
		await screen.findByText("Copied");
		expect(clipboard.text).toBe("https://sho.rt/anon001");
		expect(accountLine().textContent).toBe("Save your links: Create an account or sign in");
	});

	it("after signing in from the choice, waits for Shorten this page, then shortens for the account", async () => {
		const { accounts, clipboard, shortenRequests, user } = renderAfterSignOut();
		const choice = await screen.findByRole("region", { name: "You are signed out" });
		await user.click(within(choice).getByRole("button", { name: "Sign in" }));
		await user.type(screen.getByRole("textbox", { name: "Email" }), "me@example.com");
		await user.type(screen.getByLabelText("Password"), "secret-enough{Enter}");
		const shorten = await screen.findByRole("button", { name: "Shorten this page" });
		expect(accounts.user?.email).toBe("me@example.com");
		expect(shortenRequests).toHaveLength(1);
		expect(clipboard.text).toBe("");
		await user.click(shorten);
		await findLink("https://sho.rt/acct001");
		expect(shortenRequests).toHaveLength(2);
	});

	it("with shortenOnOpen off, offers the choice once Shorten this page is pressed", async () => {
		const { user } = renderAfterSignOut(false);
		await user.click(await screen.findByRole("button", { name: "Shorten this page" }));
		expect(await screen.findByRole("region", { name: "You are signed out" })).toBeTruthy();
	});
});
