import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { appError } from "../../../src/errors";
import { errorText } from "../../../src/i18n/errorText";
import type { Handlers, Session } from "../../../src/messages";
import { type AccountFormMode, AccountForms } from "../../../src/ui/account/AccountForms";
import { announcement, description, renderWithAccounts } from "./renderWithAccounts";
import { TestAccounts } from "./testAccounts";

afterEach(() => {
	cleanup();
	vi.useRealTimers();
});

function renderForms(
	accounts: TestAccounts,
	initialMode: AccountFormMode = "sign-up",
	handlers: Partial<Handlers> = {},
) {
	const done: Session[] = [];
	renderWithAccounts(
		<AccountForms initialMode={initialMode} onDone={(session) => done.push(session)} />,
		accounts,
		handlers,
	);
	return { done, user: userEvent.setup() };
}

const email = () => screen.getByRole("textbox", { name: "Email" }) as HTMLInputElement;
// Password inputs have no ARIA role; their label finds them.
const password = () => screen.getByLabelText("Password") as HTMLInputElement;

describe("the sign-up form", () => {
	it("opens with the email field focused and a hint for the password", async () => {
		renderForms(new TestAccounts());
		expect(screen.getByRole("heading", { name: "Create an account" })).toBeTruthy();
		await vi.waitFor(() => expect(document.activeElement).toBe(email()));
		expect(description(password())).toBe("At least 6 characters.");
		expect(email().getAttribute("aria-invalid")).toBe("false");
	});

	it("checks a field as the user leaves it, announces the problem, and follows the fix as it is typed", async () => {
		const { user } = renderForms(new TestAccounts());
		await user.click(email());
		await user.tab();
		// Passing through an untouched field is not a mistake.
		expect(email().getAttribute("aria-invalid")).toBe("false");

		await user.type(email(), "me@example");
		expect(email().getAttribute("aria-invalid")).toBe("false");
		await user.tab();
		expect(email().getAttribute("aria-invalid")).toBe("true");
		expect(description(email())).toBe("That email address does not look right.");
		expect(announcement(email())).toBe("That email address does not look right.");

		// While typing the message follows the value, but nothing is read out per keystroke.
		await user.type(email(), ".com");
		expect(email().getAttribute("aria-invalid")).toBe("false");
		expect(description(email())).toBe("");
		expect(announcement(email())).toBe("That email address does not look right.");
		await user.type(email(), "{Backspace}{Backspace}{Backspace}{Backspace}x");
		expect(description(email())).toBe("That email address does not look right.");
		await user.tab();
		expect(announcement(email())).toBe("That email address does not look right.");
		await user.click(email());
		await user.type(email(), "{Backspace}.com");
		await user.tab();
		expect(announcement(email())).toBe("");

		await user.type(password(), "12345");
		await user.tab();
		expect(description(password())).toBe("Passwords need at least 6 characters.");
		expect(password().getAttribute("aria-invalid")).toBe("true");
	});

	it("on submit shows every problem, sends nothing, and puts focus on the first field to fix", async () => {
		const accounts = new TestAccounts();
		const { user } = renderForms(accounts);
		await user.click(screen.getByRole("button", { name: "Create account" }));
		expect(description(email())).toBe("Enter your email address.");
		expect(description(password())).toBe("Enter your password.");
		await vi.waitFor(() => expect(document.activeElement).toBe(email()));

		await user.type(email(), "me@example.com");
		await user.type(password(), "short{Enter}");
		await vi.waitFor(() => expect(document.activeElement).toBe(password()));
		expect(description(password())).toBe("Passwords need at least 6 characters.");
		expect(accounts.requests.filter((type) => type === "signUp")).toEqual([]);
	});

	it("says Creating account… and ignores presses while the request is out, then reports the account", async () => {
		const accounts = new TestAccounts();
		accounts.signInAnonymously(0);
		const anonymous = accounts.user?.uid;
		const { user, done } = renderForms(accounts);
		await user.type(email(), "me@example.com");
		await user.type(password(), "secret-enough");
		const release = accounts.hold();
		await user.click(screen.getByRole("button", { name: "Create account" }));
		const pending = await screen.findByRole("button", { name: "Creating account…" });
		expect(pending.getAttribute("aria-disabled")).toBe("true");
		await user.click(pending);
		await user.keyboard("{Enter}");
		await release();
		await vi.waitFor(() => expect(done).toHaveLength(1));
		expect(accounts.requests.filter((type) => type === "signUp")).toHaveLength(1);
		// From an anonymous session, the same user: its links stay.
		expect(done[0]?.user).toEqual({ uid: anonymous, email: "me@example.com", anonymous: false });
	});

	it("shows a taken email under the email field, focuses it, and clears the message on an edit", async () => {
		const accounts = new TestAccounts();
		accounts.addAccount("taken@example.com", "whatever1");
		const { user, done } = renderForms(accounts);
		await user.type(email(), "taken@example.com");
		await user.type(password(), "secret-enough{Enter}");
		await vi.waitFor(() => expect(description(email())).toBe(errorText(appError("auth/email-already-in-use"))));
		expect(announcement(email())).toBe(errorText(appError("auth/email-already-in-use")));
		expect(email().getAttribute("aria-invalid")).toBe("true");
		await vi.waitFor(() => expect(document.activeElement).toBe(email()));
		expect(done).toEqual([]);
		await user.type(email(), "x");
		expect(email().getAttribute("aria-invalid")).toBe("false");
	});

	it("tells an anonymous user with links that they move into the new account", async () => {
		const accounts = new TestAccounts();
		accounts.signInAnonymously(3);
		renderForms(accounts);
		expect(await screen.findByText("The 3 links you made without an account move into the new account.")).toBeTruthy();
	});

	it("gives up after 10 seconds with the timeout message and lets the user send again", async () => {
		const accounts = new TestAccounts();
		const { user } = renderForms(accounts);
		await user.type(email(), "me@example.com");
		await user.type(password(), "secret-enough");
		accounts.hold();
		// Only the wait is on the fake clock; typing ran on the real one.
		vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
		fireEvent.click(screen.getByRole("button", { name: "Create account" }));
		expect(screen.getByRole("button", { name: "Creating account…" })).toBeTruthy();
		await act(() => vi.advanceTimersByTimeAsync(9_999));
		expect(screen.getByRole("button", { name: "Creating account…" })).toBeTruthy();
		await act(() => vi.advanceTimersByTimeAsync(1));
		expect(screen.getByRole("alert").textContent).toBe(errorText(appError("timeout")));
		expect(screen.getByRole("button", { name: "Create account" }).getAttribute("aria-disabled")).toBe("false");
	});

	it("reports the account when a sign-up that timed out here goes through in the background after all", async () => {
		const accounts = new TestAccounts();
		accounts.signInAnonymously(0);
		const { user, done } = renderForms(accounts);
		await user.type(email(), "me@example.com");
		await user.type(password(), "secret-enough");
		const release = accounts.hold();
		vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
		fireEvent.click(screen.getByRole("button", { name: "Create account" }));
		await act(() => vi.advanceTimersByTimeAsync(10_000));
		expect(screen.getByRole("alert").textContent).toBe(errorText(appError("timeout")));
		expect(done).toEqual([]);

		await release();
		expect(done).toHaveLength(1);
		expect(done[0]?.user?.email).toBe("me@example.com");
	});
});

describe("the sign-in form", () => {
	it("says 'Wrong email or password.' over the form, selects the password to retype, and changes nothing", async () => {
		const accounts = new TestAccounts();
		accounts.addAccount("me@example.com", "right-password");
		accounts.signInAnonymously(0);
		const before = accounts.user;
		const { user, done } = renderForms(accounts, "sign-in");
		await user.type(email(), "me@example.com");
		await user.type(password(), "wrong-password{Enter}");
		expect((await screen.findByRole("alert", { name: "" })).textContent).toBe("Wrong email or password.");
		await vi.waitFor(() => expect(document.activeElement).toBe(password()));
		expect([password().selectionStart, password().selectionEnd]).toEqual([0, "wrong-password".length]);
		expect(accounts.user).toBe(before);
		expect(done).toEqual([]);

		// Selected, so typing replaces it.
		await user.keyboard("right-password{Enter}");
		await vi.waitFor(() => expect(done).toHaveLength(1));
		expect(done[0]?.user?.email).toBe("me@example.com");
	});

	it("says the same for an email with no account as for a wrong password, so it tells no one who has one", async () => {
		const accounts = new TestAccounts();
		accounts.addAccount("me@example.com", "right-password");
		const { user, done } = renderForms(accounts, "sign-in");
		await user.type(email(), "nobody@example.com");
		await user.type(password(), "right-password{Enter}");
		expect((await screen.findByRole("alert", { name: "" })).textContent).toBe("Wrong email or password.");
		expect(description(email())).toBe("");
		expect(email().getAttribute("aria-invalid")).toBe("false");
		await vi.waitFor(() => expect(document.activeElement).toBe(password()));
		expect(done).toEqual([]);
	});

	it("says Signing in… while the request is out", async () => {
		const accounts = new TestAccounts();
		accounts.addAccount("me@example.com", "right-password");
		const { user } = renderForms(accounts, "sign-in");
		await user.type(email(), "me@example.com");
		await user.type(password(), "right-password");
		const release = accounts.hold();
		await user.keyboard("{Enter}");
		expect((await screen.findByRole("button", { name: "Signing in…" })).getAttribute("aria-disabled")).toBe("true");
		await release();
	});

	it("warns an anonymous user with links that signing in leaves them behind, and offers sign-up instead", async () => {
		const accounts = new TestAccounts();
		accounts.signInAnonymously(3);
		const { user } = renderForms(accounts, "sign-in");
		const warning = await screen.findByText(
			"Signing in to an existing account leaves the 3 links you made without an account behind: that account will not show them.",
		);
		// Before the button, where the user reads on their way to it.
		const signIn = screen.getByRole("button", { name: "Sign in" });
		expect(warning.compareDocumentPosition(signIn) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

		await user.type(email(), "me@example.com");
		await user.click(screen.getByRole("button", { name: "Create an account instead to keep them" }));
		expect(screen.getByRole("heading", { name: "Create an account" })).toBeTruthy();
		expect(email().value).toBe("me@example.com");
		expect(document.activeElement).toBe(email());
	});

	it("has no warning for an anonymous session without links, nor for someone signed out", async () => {
		const accounts = new TestAccounts();
		accounts.signInAnonymously(0);
		renderForms(accounts, "sign-in");
		await vi.waitFor(() => expect(accounts.requests).toContain("searchLinks"));
		await act(async () => {});
		expect(screen.queryByText(/leaves/)).toBeNull();
		cleanup();

		const signedOut = new TestAccounts();
		renderForms(signedOut, "sign-in");
		await vi.waitFor(() => expect(signedOut.requests).toContain("session"));
		await act(async () => {});
		expect(screen.queryByText(/leaves/)).toBeNull();
	});

	it("warns only once the count is known, not while it is being read", async () => {
		const accounts = new TestAccounts();
		accounts.signInAnonymously(3);
		let answer = () => {};
		const counted = new Promise<void>((resolve) => {
			answer = resolve;
		});
		const searchLinks = accounts.handlers().searchLinks;
		renderForms(accounts, "sign-in", { searchLinks: (request) => counted.then(() => searchLinks(request)) });
		await vi.waitFor(() => expect(accounts.requests).toContain("session"));
		await act(async () => {});
		expect(screen.queryByText(/leaves/)).toBeNull();
		await act(async () => answer());
		expect(screen.getByText(/leaves the 3 links you made/)).toBeTruthy();
	});

	it("warns as soon as the anonymous session makes its first links in another page", async () => {
		const accounts = new TestAccounts();
		accounts.signInAnonymously(0);
		renderForms(accounts, "sign-in");
		await vi.waitFor(() => expect(accounts.requests).toContain("searchLinks"));
		await act(async () => {});
		expect(screen.queryByText(/leaves/)).toBeNull();
		await accounts.addLinks(2);
		expect(await screen.findByText(/leaves the 2 links you made/)).toBeTruthy();
	});
});

describe("the reset-password form", () => {
	it("is reached from sign-in with the email carried over, and says where the link went", async () => {
		const accounts = new TestAccounts();
		accounts.addAccount("me@example.com", "forgotten");
		const { user } = renderForms(accounts, "sign-in");
		await user.type(email(), "me@example.com");
		await user.click(screen.getByRole("button", { name: "Forgot your password?" }));
		expect(screen.getByRole("heading", { name: "Reset your password" })).toBeTruthy();
		expect(email().value).toBe("me@example.com");

		await user.click(screen.getByRole("button", { name: "Send reset link" }));
		expect((await screen.findByRole("status")).textContent).toBe(
			"If me@example.com has an account, we sent it a link to choose a new password. Follow it, then sign in here with your new password.",
		);
		expect(accounts.resetsSentTo).toEqual(["me@example.com"]);
		const back = screen.getByRole("button", { name: "Back to sign in" });
		await vi.waitFor(() => expect(document.activeElement).toBe(back));
		await user.click(back);
		expect(screen.getByRole("heading", { name: "Sign in" })).toBeTruthy();
		expect(email().value).toBe("me@example.com");
	});

	it("answers an email with no account as one with an account, and sends nothing for a malformed one", async () => {
		const accounts = new TestAccounts();
		const { user } = renderForms(accounts, "reset-password");
		await user.type(email(), "nobody{Enter}");
		expect(description(email())).toBe("That email address does not look right.");
		expect(accounts.requests).not.toContain("resetPassword");

		await user.type(email(), "@example.com{Enter}");
		expect((await within(screen.getByRole("form")).findByRole("status")).textContent).toBe(
			"If nobody@example.com has an account, we sent it a link to choose a new password. Follow it, then sign in here with your new password.",
		);
		expect(accounts.resetsSentTo).toEqual([]);
	});
});
