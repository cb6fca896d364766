import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { appError } from "../../../src/errors";
import { errorText } from "../../../src/i18n/errorText";
import type { Settings } from "../../../src/messages";
import { gate, type LocalFirestore, optionsBackground, SHORT_LINK_BASE, startLocalFirestore } from "./localBackground";
import { renderOptions, resetPage } from "./renderOptions";

let firestore: LocalFirestore;
beforeAll(async () => {
	firestore = await startLocalFirestore();
});
afterAll(() => firestore.close());
afterEach(resetPage);

const autoCopy = () => screen.getByRole("checkbox", { name: "Copy the short link as soon as it is made" });
const shortenOnOpen = () => screen.getByRole("checkbox", { name: "Shorten the current page when the popup opens" });

/**
 * The page, its switches shown, over a background whose setSettings does what `nth` says with the number of
 * the request (from 1) and the real save.
 */
async function pageSaving(nth: (sent: number, save: () => Promise<Settings>) => Promise<Settings>) {
	let sent = 0;
	const background = await optionsBackground(firestore, {
		overrides: (real) => ({ setSettings: (request) => nth(++sent, async () => real.setSettings(request)) }),
	});
	renderOptions(background);
	await waitFor(() => expect(autoCopy()).toHaveProperty("checked", true));
	return background;
}

describe("settings", () => {
	it("shows the background's settings and saves a change at once", async () => {
		const background = await optionsBackground(firestore);
		renderOptions(background);
		await waitFor(() => expect(autoCopy()).toHaveProperty("checked", true));
		expect(shortenOnOpen()).toHaveProperty("checked", true);
		await userEvent.click(autoCopy());
		expect(await screen.findByText("Saved.")).toBeTruthy();
		expect(await background.call({ type: "getSettings" })).toEqual({
			ok: true,
			data: { autoCopy: false, shortenOnOpen: true },
		});
		await userEvent.click(shortenOnOpen());
		await waitFor(async () =>
			expect(await background.call({ type: "getSettings" })).toEqual({
				ok: true,
				data: { autoCopy: false, shortenOnOpen: false },
			}),
		);
	});

	it("puts a setting back and says why when it cannot be saved", async () => {
		const background = await optionsBackground(firestore, {
			overrides: () => ({
				setSettings: () => {
					throw new Error("storage is full");
				},
			}),
		});
		renderOptions(background);
		await waitFor(() => expect(autoCopy()).toHaveProperty("checked", true));
		await userEvent.click(autoCopy());
		expect(await screen.findByText(`Not saved: ${errorText(appError("internal", "storage is full"))}`)).toBeTruthy();
		expect(autoCopy()).toHaveProperty("checked", true);
	});

	it("puts back only the setting that failed, when its answer comes after a later change's", async () => {
		const { opened, open } = gate();
		const background = await pageSaving(async (sent, save) => {
			if (sent > 1) return save();
			await opened;
			throw new Error("storage is full");
		});
		await userEvent.click(autoCopy());
		await userEvent.click(shortenOnOpen());
		expect(await screen.findByText("Saved.")).toBeTruthy();
		open();
		expect(await screen.findByText(`Not saved: ${errorText(appError("internal", "storage is full"))}`)).toBeTruthy();
		expect(autoCopy()).toHaveProperty("checked", true);
		expect(shortenOnOpen()).toHaveProperty("checked", false);
		expect(await background.call({ type: "getSettings" })).toEqual({
			ok: true,
			data: { autoCopy: true, shortenOnOpen: false },
		});
	});

	it("shows what is stored once a switch's changes are all answered, the first saved after the second failed", async () => {
		const { opened, open } = gate();
		const background = await pageSaving(async (sent, save) => {
			if (sent === 2) throw new Error("storage is full");
			await opened;
			return save();
		});
		await userEvent.click(autoCopy());
		await userEvent.click(autoCopy());
		expect(await screen.findByText(/^Not saved: /)).toBeTruthy();
		open();
		await waitFor(async () =>
			expect(await background.call({ type: "getSettings" })).toMatchObject({ data: { autoCopy: false } }),
		);
		await waitFor(() => expect(autoCopy()).toHaveProperty("checked", false));
	});

	it("keeps keyboard focus in the section when Try again loads the settings that failed to load", async () => {
		let asked = 0;
		const background = await optionsBackground(firestore, {
			overrides: (real) => ({
				async getSettings(request) {
					if (++asked === 1) throw new Error("storage is unreadable");
					return real.getSettings(request);
				},
			}),
		});
		renderOptions(background);
		const section = await screen.findByRole("region", { name: "Settings" });
		const retry = await within(section).findByRole("button", { name: "Try again" });
		retry.focus();
		await userEvent.keyboard("{Enter}");
		await waitFor(() => expect(autoCopy()).toHaveProperty("checked", true));
		expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Settings" }));
	});

	it("says where short links live as plain information, in words a user reads, not as a field", async () => {
		renderOptions(await optionsBackground(firestore));
		const settings = await screen.findByRole("region", { name: "Settings" });
		expect(within(settings).getByText(/^Your short links start with/).textContent).toBe(
			`Your short links start with ${SHORT_LINK_BASE}`,
		);
		expect(within(settings).queryByRole("textbox")).toBeNull();
		expect(document.body.textContent).not.toMatch(/VITE_|cannot change here/);
	});

	it("names Shorty's version at the foot of the page, with no talk of connections", async () => {
		renderOptions(
			await optionsBackground(firestore, { overrides: () => ({ ping: () => ({ version: "1.2.3", startedAt: 1 }) }) }),
		);
		const foot = screen.getByRole("contentinfo");
		await waitFor(() => expect(foot.textContent).toBe("Shorty 1.2.3"));
		expect(screen.queryByRole("heading", { name: "Connection" })).toBeNull();
	});
});
