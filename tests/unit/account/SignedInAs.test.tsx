import { act, cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ShortyError } from "../../../src/errors";
import { SignedInAs } from "../../../src/ui/account/SignedInAs";
import { useSession } from "../../../src/ui/account/useSession";
import { renderWithAccounts } from "./renderWithAccounts";
import { TestAccounts } from "./testAccounts";

afterEach(cleanup);

/** SignedInAs for whoever the session says, as a page shows it; "Signed out" once nobody is. */
function Account({ onSignedOut }: { onSignedOut: () => void }) {
	const { session } = useSession();
	if (!session) return null;
	return session.user ? <SignedInAs user={session.user} onSignedOut={onSignedOut} /> : <p>Signed out</p>;
}

function renderAccount(accounts: TestAccounts, handlers = {}) {
	const signedOut: string[] = [];
	renderWithAccounts(<Account onSignedOut={() => signedOut.push("signed out")} />, accounts, handlers);
	return { signedOut, user: userEvent.setup() };
}

/** An anonymous session with `links` links, shown once its count of them is in. */
async function anonymousWith(links: number) {
	const accounts = new TestAccounts();
	accounts.signInAnonymously(links);
	const { user } = renderAccount(accounts);
	await screen.findByText("Using Shorty without an account");
	await vi.waitFor(() => expect(accounts.requests).toContain("searchLinks"));
	// Lets the count's answer arrive.
	await act(async () => {});
	return { accounts, user };
}

describe("who is signed in", () => {
	it("shows the account's email, and Sign out signs out at once: the links stay with the account", async () => {
		const accounts = new TestAccounts();
		accounts.addAccount("me@example.com", "secret-enough", 12);
		await accounts.announce({ uid: "user-1", email: "me@example.com", anonymous: false });
		const { user, signedOut } = renderAccount(accounts);
		expect((await screen.findByText(/^Signed in as/)).textContent).toBe("Signed in as me@example.com");
		await user.click(screen.getByRole("button", { name: "Sign out" }));
		await screen.findByText("Signed out");
		expect(accounts.user).toBeNull();
		expect(signedOut).toEqual(["signed out"]);
	});

	it("asks before signing out of an anonymous session with links, saying they are lost, and Cancel keeps it", async () => {
		const accounts = new TestAccounts();
		accounts.signInAnonymously(2);
		const { user } = renderAccount(accounts);
		expect(await screen.findByText("Using Shorty without an account")).toBeTruthy();
		await vi.waitFor(() => expect(accounts.requests).toContain("searchLinks"));
		await user.click(screen.getByRole("button", { name: "Sign out" }));

		const confirm = screen.getByRole("button", { name: "Sign out and lose them" });
		expect(document.activeElement).toBe(confirm);
		expect(confirm.getAttribute("aria-describedby")).toBeTruthy();
		expect(document.getElementById(confirm.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
			"Signing out loses the 2 links you made without an account: nobody can sign back in to them. Create an account first to keep them.",
		);
		await user.click(screen.getByRole("button", { name: "Cancel" }));
		expect(document.activeElement).toBe(screen.getByRole("button", { name: "Sign out" }));
		expect(accounts.requests).not.toContain("signOut");

		await user.click(screen.getByRole("button", { name: "Sign out" }));
		await user.click(screen.getByRole("button", { name: "Sign out and lose them" }));
		await screen.findByText("Signed out");
	});

	it("signs an anonymous session without links out without asking", async () => {
		const { user } = await anonymousWith(0);
		await user.click(screen.getByRole("button", { name: "Sign out" }));
		await screen.findByText("Signed out");
	});

	it("counts the links made since an earlier count that answers late, and so still asks before signing out", async () => {
		const accounts = new TestAccounts();
		accounts.signInAnonymously(0);
		// The first count, of no links, is answered only after the count asked once a link was made elsewhere.
		let answerFirst = () => {};
		const totals: Promise<number>[] = [
			new Promise((resolve) => {
				answerFirst = () => resolve(0);
			}),
		];
		let answered = 0;
		const { user } = renderAccount(accounts, {
			searchLinks: async () => {
				const total = await (totals.shift() ?? accounts.linkCount("user-1"));
				answered += 1;
				return { links: [], total, page: 1, tooLong: false, complete: true, held: total, clicks: {} };
			},
		});
		await screen.findByText("Using Shorty without an account");
		await accounts.addLinks(1);
		await vi.waitFor(() => expect(answered).toBe(1));
		await act(async () => answerFirst());
		await user.click(screen.getByRole("button", { name: "Sign out" }));
		expect(screen.getByRole("button", { name: "Sign out and lose it" })).toBeTruthy();
		expect(accounts.user).not.toBeNull();
	});

	it("asks before signing out while the links are counted again after a count of none", async () => {
		const { accounts, user } = await anonymousWith(0);
		// A link made elsewhere: its count is on its way when the user signs out.
		accounts.hold();
		await accounts.addLinks(1);
		await user.click(screen.getByRole("button", { name: "Sign out" }));
		expect(screen.getByRole("button", { name: "Sign out and lose them" })).toBeTruthy();
		expect(accounts.requests).not.toContain("signOut");
	});

	it("takes its question back once the links it warned of are gone, and then signs out without asking", async () => {
		const { accounts, user } = await anonymousWith(2);
		await user.click(screen.getByRole("button", { name: "Sign out" }));
		expect(screen.getByRole("button", { name: "Sign out and lose them" })).toBeTruthy();

		await accounts.deleteLinks(2);
		await vi.waitFor(() => expect(screen.queryByRole("button", { name: /^Sign out and lose/ })).toBeNull());
		expect(screen.queryByText(/loses the 0 links/)).toBeNull();
		expect(document.activeElement).toBe(screen.getByRole("button", { name: "Sign out" }));
		await user.click(screen.getByRole("button", { name: "Sign out" }));
		await screen.findByText("Signed out");
	});

	it("says when signing out fails, and stays signed in", async () => {
		const accounts = new TestAccounts();
		accounts.addAccount("me@example.com", "secret-enough");
		await accounts.announce({ uid: "user-1", email: "me@example.com", anonymous: false });
		const { user } = renderAccount(accounts, {
			signOut: () => {
				throw new ShortyError("auth/network-request-failed");
			},
		});
		await user.click(await screen.findByRole("button", { name: "Sign out" }));
		expect((await screen.findByRole("alert")).textContent).toBe(
			"Shorty could not reach the sign-in service. Check your connection and try again.",
		);
		expect(screen.getByText(/^Signed in as/)).toBeTruthy();
	});
});

describe("the session a page follows", () => {
	it("changes when the background announces a sign-in or sign-out made elsewhere", async () => {
		const accounts = new TestAccounts();
		renderAccount(accounts);
		await screen.findByText("Signed out");
		await accounts.announce({ uid: "u1", email: "elsewhere@example.com", anonymous: false });
		expect(screen.getByText(/^Signed in as/).textContent).toBe("Signed in as elsewhere@example.com");
		await accounts.announce(null);
		expect(screen.getByText("Signed out")).toBeTruthy();
	});

	it("keeps an announcement that arrives before the answer to its first question", async () => {
		const accounts = new TestAccounts();
		const release = accounts.hold();
		renderAccount(accounts);
		await vi.waitFor(() => expect(accounts.requests).toEqual(["session"]));
		await accounts.announce({ uid: "u1", email: "newer@example.com", anonymous: false });
		// The held answer was read before the announcement; it must not undo it.
		accounts.user = null;
		await release();
		expect(screen.getByText(/^Signed in as/).textContent).toBe("Signed in as newer@example.com");
	});
});
