import { act, cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ShortyError } from "../../../src/errors";
import type { Link } from "../../../src/links/types";
import type { RequestOf } from "../../../src/messages";
import { TestAccounts } from "../account/testAccounts";
import { linkFor, renderPopup } from "./renderPopup";

afterEach(cleanup);

const article = { url: "https://example.com/news/article?id=7", title: "An article" };

/** The user's links, newest first: the page on screen first (code aB3dE5g), then `count` older ones. */
function newestFirst(count: number, prefix = "older0"): { links: Link[] } {
	const older = Array.from({ length: count }, (_, index) => ({
		...linkFor(`https://example.org/post/${index + 1}`, `${prefix}${index + 1}`),
		title: `Post ${index + 1}`,
	}));
	return { links: [linkFor(article.url), ...older] };
}

function recentSection() {
	return screen.queryByRole("region", { name: "Recent links" });
}

/** The links the recent list shows, whole. */
function recentLinks(): string[] {
	const section = recentSection();
	return section
		? within(section)
				.queryAllByRole("textbox")
				.map((field) => field.textContent ?? "")
		: [];
}

/** Waits for the link, then opens the recent links under it. */
async function openRecentLinks() {
	const user = userEvent.setup();
	await screen.findByText("Copied");
	const toggle = screen.getByRole("button", { name: "Recent links" });
	await user.click(toggle);
	return { user, toggle };
}

describe("the recent links", () => {
	it("close on Escape pressed on their button, which keeps focus", async () => {
		renderPopup({ tab: article, handlers: { recentLinks: () => newestFirst(3) } });
		const { user, toggle } = await openRecentLinks();
		await screen.findByRole("region", { name: "Recent links" });
		expect(document.activeElement).toBe(toggle);
		await user.keyboard("{Escape}");
		expect(recentSection()).toBeNull();
		expect(toggle.getAttribute("aria-expanded")).toBe("false");
		expect(document.activeElement).toBe(toggle);

		// From another tool's button, focus stays on that button.
		await user.click(toggle);
		await screen.findByRole("region", { name: "Recent links" });
		const qrCode = screen.getByRole("button", { name: "QR code" });
		qrCode.focus();
		await user.keyboard("{Escape}");
		expect(recentSection()).toBeNull();
		expect(document.activeElement).toBe(qrCode);
	});

	it("name a link with no title by its address as every page shows one, without its scheme", async () => {
		const untitled = { ...linkFor("http://example.org/post/1?ref=2", "older01"), title: "" };
		renderPopup({ tab: article, handlers: { recentLinks: () => ({ links: [linkFor(article.url), untitled] }) } });
		await openRecentLinks();
		const section = await screen.findByRole("region", { name: "Recent links" });
		expect(within(section).getByRole("textbox", { name: "example.org/post/1?ref=2" })).toBeTruthy();
	});

	it("open under the tools and list the five newest other links, each copied by its own button", async () => {
		const listRequests: RequestOf<"recentLinks">[] = [];
		const { clipboard } = renderPopup({
			tab: article,
			handlers: {
				recentLinks: (request) => {
					listRequests.push(request);
					return newestFirst(9);
				},
			},
		});
		const { user, toggle } = await openRecentLinks();
		expect(toggle.getAttribute("aria-expanded")).toBe("true");
		const section = await screen.findByRole("region", { name: "Recent links" });
		expect(toggle.getAttribute("aria-controls")).toBe(section.id);
		expect(listRequests).toEqual([{ type: "recentLinks", count: 6 }]);
		const items = within(section).getAllByRole("listitem");
		// Each whole, for copying; the list's stylesheet shows the code alone, the site being the same on all.
		expect(items.map((item) => within(item).getByRole("textbox").textContent)).toEqual(
			[1, 2, 3, 4, 5].map((n) => `https://sho.rt/older0${n}`),
		);
		const first = within(section).getByRole("textbox", { name: "Post 1" });
		expect(within(first).getByText("older01").className).toBe("copy-field__code");

		const third = items[2];
		if (!third) throw new Error("no third item");
		await user.click(within(third).getByRole("button", { name: /^Copy link to / }));
		await within(third).findByText("Copied");
		expect(clipboard.text).toBe("https://sho.rt/older03");

		await user.click(toggle);
		expect(recentSection()).toBeNull();
		expect(toggle.getAttribute("aria-expanded")).toBe("false");
	});

	it("are asked for only once the main link is on screen, and the link shows even if the list never answers", async () => {
		let answerShorten: ((link: Link) => void) | undefined;
		const listRequests: string[] = [];
		renderPopup({
			tab: article,
			shorten: () =>
				new Promise<Link>((resolve) => {
					answerShorten = resolve;
				}),
			handlers: {
				recentLinks: () => {
					listRequests.push("recentLinks");
					return new Promise<{ links: Link[] }>(() => {});
				},
			},
		});
		await vi.waitFor(() => expect(answerShorten).toBeDefined());
		expect(screen.getByText("Shortening this page…")).toBeTruthy();
		expect(listRequests).toEqual([]);
		await act(async () => answerShorten?.(linkFor(article.url)));
		await openRecentLinks();
		expect(listRequests).toEqual(["recentLinks"]);
		expect(recentSection()?.textContent).toBe("Loading your recent links…");
	});

	it.each([
		["the only link is the one on screen", () => newestFirst(0), "No other links yet."],
		[
			"the list fails",
			() => {
				throw new ShortyError("firestore/unavailable");
			},
			"Your recent links could not be loaded.",
		],
		[
			"nobody is signed in",
			() => {
				throw new ShortyError("signed-out");
			},
			"Sign in to see your recent links.",
		],
	])("say so calmly when %s", async (_, recentLinks, message) => {
		renderPopup({ tab: article, handlers: { recentLinks } });
		await openRecentLinks();
		expect((await screen.findByRole("region", { name: "Recent links" })).textContent).toBe(message);
	});

	it("open one at a time with the QR code, so the popup stays short", async () => {
		renderPopup({ tab: article, handlers: { recentLinks: () => newestFirst(5) } });
		const { user, toggle } = await openRecentLinks();
		const qr = screen.getByRole("button", { name: "QR code" });
		await user.click(qr);
		expect(await screen.findByRole("img", { name: /^QR code for/ })).toBeTruthy();
		expect(recentSection()).toBeNull();
		expect([qr, toggle].map((button) => button.getAttribute("aria-expanded"))).toEqual(["true", "false"]);

		await user.click(toggle);
		expect(recentSection()).not.toBeNull();
		expect(screen.queryByRole("img", { name: /^QR code for/ })).toBeNull();
	});

	it("come after the main link and its tools, so they never push the link down", async () => {
		renderPopup({ tab: article, handlers: { recentLinks: () => newestFirst(2) } });
		await openRecentLinks();
		const section = await screen.findByRole("region", { name: "Recent links" });
		const main = screen.getByRole("textbox", { name: "Short link for this page" });
		const qrToggle = screen.getByRole("button", { name: "QR code" });
		for (const before of [main, qrToggle]) {
			expect(before.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
		}
	});

	it("are asked for again when another user signs in, never showing the last user's list", async () => {
		const accounts = new TestAccounts();
		accounts.signInAnonymously(3);
		let owner = "anonymous";
		renderPopup({
			tab: article,
			accounts,
			handlers: { recentLinks: () => newestFirst(2, owner === "anonymous" ? "anon0" : "acct0") },
		});
		const { user } = await openRecentLinks();
		await vi.waitFor(() => expect(recentLinks()).toContain("https://sho.rt/anon01"));
		owner = "account";
		await accounts.announce({ uid: "someone-else", email: "b@example.com", anonymous: false });
		expect(recentLinks()).toEqual([]);
		// Shortened for the new account when asked; its recent links are that account's.
		await user.click(await screen.findByRole("button", { name: "Shorten this page" }));
		await openRecentLinks();
		await vi.waitFor(() => expect(recentLinks()).toContain("https://sho.rt/acct01"));
		expect(recentLinks()).not.toContain("https://sho.rt/anon01");
	});
});
