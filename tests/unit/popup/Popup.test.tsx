import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Timestamp } from "firebase/firestore/lite";
import { afterEach, describe, expect, it, vi } from "vitest";
import { appError, ShortyError } from "../../../src/errors";
import { errorText } from "../../../src/i18n/errorText";
import { t } from "../../../src/i18n/translate";
import { countNewLink } from "../../../src/links/quota";
import type { Link } from "../../../src/links/types";
import { targetText } from "../targetText";
import { copyStatus, expectSelected, findLink, linkField, linkFor, renderPopup, TestClipboard } from "./renderPopup";

afterEach(() => {
	cleanup();
	vi.useRealTimers();
});

const article = { url: "https://example.com/news/article?id=7", title: "An article" };
const shortUrl = "https://sho.rt/aB3dE5g";

/** A shorten that answers only when the test says so. */
function heldShorten() {
	let arrived: (answer: (link: Link) => void) => void = () => {};
	const request = new Promise<(link: Link) => void>((resolve) => {
		arrived = resolve;
	});
	return {
		shorten: () => new Promise<Link>((resolve) => arrived(resolve)),
		/** Settles once the popup has sent its request; outside act(), which would hold back the effect sending it. */
		requested: request.then(() => undefined),
		answer: (link: Link) => act(async () => (await request)(link)),
	};
}

describe("the popup on a web page", () => {
	it("shows a skeleton with a visible message while the link is on its way, never a blank popup", async () => {
		const held = heldShorten();
		renderPopup({ tab: article, shorten: held.shorten });
		expect(await screen.findByText("Shortening this page…")).toBeTruthy();
		expect(screen.queryByRole("textbox")).toBeNull();
		await held.answer(linkFor(article.url));
		expect(linkField().textContent).toBe(shortUrl);
		expect(screen.queryByText("Shortening this page…")).toBeNull();
	});

	it("shortens the tab at once, shows the link selected, copies it and says Copied", async () => {
		const { clipboard, shortenRequests } = renderPopup({ tab: article });
		await screen.findByText("Copied");
		expect(shortenRequests).toEqual([{ type: "shorten", url: article.url, title: "An article" }]);
		expect(linkField().textContent).toBe(shortUrl);
		expectSelected(linkField());
		expect(clipboard.text).toBe(shortUrl);
		expect(copyStatus().textContent).toBe("Copied");
	});

	it("shows a real-length link whole, its site apart from its code, and Ctrl+C copies all of it", async () => {
		const long = "https://shorty-links-4f2a1.web.app/AejFnGI";
		renderPopup({
			tab: article,
			autoCopy: false,
			shorten: ({ url }) => ({ ...linkFor(url, "AejFnGI"), shortUrl: long }),
		});
		const field = await findLink(long);
		expect(field.getAttribute("aria-readonly")).toBe("true");
		// Two parts the stylesheet sets apart (site muted, code large), with a line break allowed only between.
		expect([...field.childNodes].map((node) => [node.nodeName, node.textContent])).toEqual([
			["SPAN", "https://shorty-links-4f2a1.web.app/"],
			["WBR", ""],
			["SPAN", "AejFnGI"],
		]);
		await vi.waitFor(() => expectSelected(field));
		const copied = await userEvent.setup().copy();
		expect(copied?.getData("text/plain")).toBe(long);
	});

	it("leaves the clipboard alone when auto-copy is off, and Copy copies and announces Copied", async () => {
		const { clipboard } = renderPopup({ tab: article, autoCopy: false });
		const field = await screen.findByRole("textbox");
		// The field can reach the DOM a moment before the effect that focuses it has run.
		await vi.waitFor(() => expectSelected(field));
		expect(clipboard.text).toBe("");
		const status = copyStatus();
		expect(status.textContent).toBe("");
		fireEvent.click(screen.getByRole("button", { name: "Copy" }));
		await screen.findByText("Copied");
		expect(clipboard.text).toBe(shortUrl);
		// The live region that was already there says it, so screen readers announce it.
		expect(copyStatus()).toBe(status);
	});

	it("copies when Enter is pressed in the link field", async () => {
		const { clipboard } = renderPopup({ tab: article, autoCopy: false });
		fireEvent.keyDown(await screen.findByRole("textbox"), { key: "Enter" });
		await screen.findByText("Copied");
		expect(clipboard.text).toBe(shortUrl);
	});

	it("says when the clipboard refuses, and keeps the link selected for Ctrl+C", async () => {
		const clipboard = new TestClipboard();
		clipboard.refuses = true;
		renderPopup({ tab: article, clipboard });
		await screen.findByText(t("copyFailed"));
		expect(copyStatus().textContent).toBe(t("copyFailed"));
		expectSelected(linkField());

		clipboard.refuses = false;
		fireEvent.click(screen.getByRole("button", { name: "Copy" }));
		await screen.findByText("Copied");
		expect(clipboard.text).toBe(shortUrl);
	});

	it("offers the short link to open in a new tab, and the options page", async () => {
		const { optionsOpened } = renderPopup({ tab: article });
		const open = await screen.findByRole("link", { name: "Open" });
		expect(open.getAttribute("href")).toBe(shortUrl);
		expect(open.getAttribute("target")).toBe("_blank");
		expect(open.getAttribute("rel")).toBe("noopener");
		// Without its scheme, cut in the middle where too long, whole on hover.
		expect(screen.getByText(targetText("example.com/news/article?id=7")).getAttribute("title")).toBe(article.url);
		fireEvent.click(screen.getByRole("button", { name: "Options" }));
		expect(optionsOpened).toEqual(["options"]);
	});
});

describe("the popup on a page that cannot be shortened", () => {
	it.each([
		["a browser page", "chrome://settings/", "cannot be shortened. chrome: pages open only in this browser."],
		["a local file", "file:///home/me/notes.html", "cannot be shortened. file: addresses open only on this computer."],
		[
			"the web store",
			"https://chromewebstore.google.com/detail/x",
			"Browsers keep extensions off their extension stores.",
		],
		[
			"a tab Chrome gives no access to",
			undefined,
			"Browser pages, extension stores and local files cannot be shortened.",
		],
		["a Shorty link", "https://sho.rt/aB3dE5g", "That is already a Shorty link."],
	])("explains %s and sends no request", async (_, url, reason) => {
		const { shortenRequests } = renderPopup({ tab: { url, title: "" } });
		await screen.findByRole("heading", { name: "This page cannot be shortened" });
		expect(screen.getByText((text) => text.includes(reason))).toBeTruthy();
		expect(screen.queryByRole("textbox")).toBeNull();
		expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
		expect(shortenRequests).toEqual([]);
	});
});

describe("the popup when shortening fails", () => {
	it("says when links can be made again once the hour's new links are used up", async () => {
		// The worker's own verdict on a full quota whose window started 37 minutes ago.
		const full = {
			windowStart: Timestamp.fromMillis(Date.now() - 37 * 60_000),
			created: 60,
			lastCode: "x",
			lastAt: Timestamp.now(),
		};
		const verdict = countNewLink(full, "abc1234", Date.now(), true);
		renderPopup({
			tab: article,
			shorten: () => {
				if (!verdict.ok) throw ShortyError.from(verdict.error);
				throw new Error("a full quota was not refused");
			},
		});
		const alert = await screen.findByRole("alert");
		expect(alert.textContent).toMatch(
			/^You have made as many new links as Shorty allows in an hour\. You can make more at .+, in 23 minutes\. With an account, you can make 300 an hour\.$/,
		);
		expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy();
	});

	it("shows the background's error with Retry focused, and Retry shows the link", async () => {
		let failures = 1;
		renderPopup({
			tab: article,
			shorten: ({ url }) => {
				if (failures-- > 0) throw new ShortyError("firestore/unavailable");
				return linkFor(url);
			},
		});
		const alert = await screen.findByRole("alert");
		expect(alert.textContent).toBe("Shorty could not reach its database. Check your connection and try again.");
		const retry = screen.getByRole("button", { name: "Retry" });
		await vi.waitFor(() => expect(document.activeElement).toBe(retry));
		fireEvent.click(retry);
		expect(screen.getByText("Shortening this page…")).toBeTruthy();
		await screen.findByText("Copied");
		expectSelected(linkField());
	});

	it("gives up waiting after 10 seconds with a message and Retry, ignoring the late answer", async () => {
		vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
		const held = heldShorten();
		let calls = 0;
		renderPopup({
			tab: article,
			shorten: (request) => (++calls === 1 ? held.shorten() : linkFor(request.url, "retried")),
		});
		await held.requested;
		await act(() => vi.advanceTimersByTimeAsync(9_999));
		expect(screen.getByText("Shortening this page…")).toBeTruthy();
		await act(() => vi.advanceTimersByTimeAsync(1));
		expect(screen.getByRole("alert").textContent).toBe(errorText(appError("timeout")));

		await held.answer(linkFor(article.url, "tooLate"));
		expect(screen.queryByRole("textbox")).toBeNull();
		fireEvent.click(screen.getByRole("button", { name: "Retry" }));
		await act(() => vi.advanceTimersByTimeAsync(0));
		expect(linkField().textContent).toBe("https://sho.rt/retried");
	});
});

describe("the popup's focus when a view arrives late", () => {
	it.each([
		["the link", () => linkFor(article.url), "textbox"],
		[
			"an error",
			() => {
				throw new ShortyError("firestore/unavailable");
			},
			"alert",
		],
	] as const)("leaves focus where the user tabbed meanwhile when %s arrives", async (_, answer, role) => {
		let send = () => {};
		const sent = new Promise<void>((resolve) => {
			send = resolve;
		});
		renderPopup({ tab: article, shorten: () => sent.then(answer) });
		const options = await screen.findByRole("button", { name: "Options" });
		await vi.waitFor(() => expect(screen.getByText("Shortening this page…")).toBeTruthy());
		options.focus();
		await act(async () => send());
		await screen.findByRole(role);
		expect(document.activeElement).toBe(options);
	});
});
