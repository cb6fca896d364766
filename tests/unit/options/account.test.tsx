import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Session } from "../../../src/messages";
import { type LocalFirestore, optionsBackground, startLocalFirestore } from "./localBackground";
import { renderOptions, resetPage, shownCodes } from "./renderOptions";

let firestore: LocalFirestore;
beforeAll(async () => {
	firestore = await startLocalFirestore();
});
afterAll(() => firestore.close());
afterEach(resetPage);

const accountSection = () => screen.getByRole("region", { name: "Account" });

describe("the account section", () => {
	it("shows who is signed in, offers a password reset, and signs out to the sign-in form", async () => {
		const reset: string[] = [];
		const background = await optionsBackground(firestore, {
			links: 2,
			overrides: () => ({
				signOut: () => ({ user: null }),
				resetPassword: ({ email }) => {
					reset.push(email);
					return { email };
				},
			}),
		});
		renderOptions(background);
		await waitFor(() => expect(shownCodes()).toHaveLength(2));
		const section = accountSection();
		expect(within(section).getByText("reader@shorty.test")).toBeTruthy();

		// On the account's address, focused; Escape closes it, back to its button.
		await userEvent.click(within(section).getByRole("button", { name: "Reset password" }));
		const email = within(section).getByRole("textbox", { name: "Email" });
		expect(email).toHaveProperty("value", "reader@shorty.test");
		expect(document.activeElement).toBe(email);
		await userEvent.keyboard("{Escape}");
		expect(within(section).queryByRole("form", { name: "Reset your password" })).toBeNull();
		expect(document.activeElement).toBe(within(section).getByRole("button", { name: "Reset password" }));

		// Sent, it closes with Close; never a sign-in form for a user signed in.
		await userEvent.keyboard("{Enter}{Enter}");
		// A new password ends this session: what follows is said, not "sign in here" to a user signed in.
		expect(
			await within(section).findByText(
				"We sent reader@shorty.test a link to choose a new password. Once you have chosen your new password, Shorty will ask you to sign in again with it.",
			),
		).toBeTruthy();
		expect(reset).toEqual(["reader@shorty.test"]);
		expect(within(section).queryByRole("button", { name: "Back to sign in" })).toBeNull();
		await userEvent.click(within(section).getByRole("button", { name: "Close" }));
		expect(within(section).queryByRole("form", { name: "Reset your password" })).toBeNull();
		expect(document.activeElement).toBe(within(section).getByRole("button", { name: "Reset password" }));
		// Sent to another address, the answer is the one anybody gets: whether it has an account is not said.
		await userEvent.click(within(section).getByRole("button", { name: "Reset password" }));
		await userEvent.clear(within(section).getByRole("textbox", { name: "Email" }));
		await userEvent.keyboard("someone@shorty.test{Enter}");
		expect(await within(section).findByText(/^If someone@shorty\.test has an account, we sent it a link/)).toBeTruthy();
		await userEvent.click(within(section).getByRole("button", { name: "Close" }));

		await userEvent.click(within(section).getByRole("button", { name: "Sign out" }));
		expect(await within(section).findByRole("form", { name: "Sign in" })).toBeTruthy();
		expect(document.activeElement).toBe(section);
		expect(screen.getByText("Nobody is signed in, so there are no links to show.")).toBeTruthy();
		// Said once, by the links; the account says what signing in gives.
		expect(screen.getAllByText(/Nobody is signed in/)).toHaveLength(1);
		expect(within(section).getByText(/An account keeps your links/)).toBeTruthy();
		await userEvent.click(within(section).getByRole("button", { name: "Forgot your password?" }));
		expect(within(section).getByRole("form", { name: "Reset your password" })).toBeTruthy();
	});

	it("signs in from the form, and the links of that account appear", async () => {
		let session: Session = { user: null };
		const background = await optionsBackground(firestore, {
			links: 3,
			overrides: () => ({
				session: () => session,
				signIn: ({ email }) => {
					session = { user: { uid: background.uid, email, anonymous: false } };
					return session;
				},
			}),
		});
		renderOptions(background);
		const form = await screen.findByRole("form", { name: "Sign in" });
		await userEvent.type(within(form).getByRole("textbox", { name: "Email" }), "reader@shorty.test");
		await userEvent.type(within(form).getByLabelText("Password"), "secret-password{Enter}");
		await waitFor(() => expect(shownCodes()).toHaveLength(3));
		expect(within(accountSection()).getByText("reader@shorty.test")).toBeTruthy();
	});

	it("offers an anonymous session an account that keeps its links, and warns before signing out of it", async () => {
		const background = await optionsBackground(firestore, {
			links: 2,
			overrides: (real) => ({
				// The same user, as the background would report a session that has no account yet.
				async session(request) {
					const { user } = await real.session(request);
					return { user: user && { ...user, email: null, anonymous: true } };
				},
			}),
		});
		renderOptions(background);
		await waitFor(() => expect(shownCodes()).toHaveLength(2));
		const section = accountSection();
		expect(within(section).getByText("Using Shorty without an account")).toBeTruthy();
		const signUp = within(section).getByRole("form", { name: "Create an account" });
		expect(
			await within(signUp).findByText(/The 2 links you made without an account move into the new account/),
		).toBeTruthy();
		await userEvent.click(within(section).getByRole("button", { name: "Sign out" }));
		expect(within(section).getByText(/Signing out loses the 2 links you made without an account/)).toBeTruthy();
	});
});
