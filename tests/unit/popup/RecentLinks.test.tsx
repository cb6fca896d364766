import { act, cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ShortyError } from "../../../src/errors";
import type { Link, LinkPage } from "../../../src/links/types";
import type { RequestOf } from "../../../src/messages";
import { linkFor, renderPopup } from "./renderPopup";

afterEach(cleanup);

const article = { url: "https://example.com/news/article?id=7", title: "An article" };

/** The user's links, newest first: the page on screen first (code aB3dE5g), then `count` older ones. */
function newestFirst(count: number): LinkPage {
	const older = Array.from({ length: count }, (_, index) => ({
		...linkFor(`https://example.org/post/${index + 1}`, `older0${index + 1}`),
		title: `Post ${index + 1}`,
	}));
	return { links: [linkFor(article.url), ...older], total: count + 1, next: null, previous: null };
}

function recentSection() {
	return screen.queryByRole("region", { name: "Recent links" });
}

describe("the recent links", () => {
	it("lists the five newest other links, each copied by its own button", async () => {
		const user = userEvent.setup();
		const listRequests: RequestOf<"listLinks">[] = [];
		const { clipboard } = renderPopup({
			tab: article,
			handlers: {
				listLinks: (request) => {
					listRequests.push(request);
					return newestFirst(9);
				},
			},
		});
		const section = await screen.findByRole("region", { name: "Recent links" });
		expect(listRequests).toEqual([{ type: "listLinks", pageSize: 10 }]);
		const items = within(section).getAllByRole("listitem");
		expect(items.map((item) => within(item).getByRole("textbox").getAttribute("value"))).toEqual(
			[1, 2, 3, 4, 5].map((n) => `https://sho.rt/older0${n}`),
		);
		expect(within(section).getByRole("textbox", { name: "Post 1" })).toBeTruthy();

		const third = items[2];
		if (!third) throw new Error("no third item");
		await user.click(within(third).getByRole("button", { name: /^Copy link to / }));
		await within(third).findByText("Copied");
		expect(clipboard.text).toBe("https://sho.rt/older03");
	});

	it("asks only once the main link is on screen, and shows the link even if the list never answers", async () => {
		let answerShorten: ((link: Link) => void) | undefined;
		const listRequests: string[] = [];
		renderPopup({
			tab: article,
			shorten: () =>
				new Promise<Link>((resolve) => {
					answerShorten = resolve;
				}),
			handlers: {
				listLinks: () => {
					listRequests.push("listLinks");
					return new Promise<LinkPage>(() => {});
				},
			},
		});
		await vi.waitFor(() => expect(answerShorten).toBeDefined());
		expect(screen.getByText("Shortening this page…")).toBeTruthy();
		expect(listRequests).toEqual([]);
		await act(async () => answerShorten?.(linkFor(article.url)));
		await screen.findByText("Copied");
		expect(listRequests).toEqual(["listLinks"]);
		expect(recentSection()).toBeNull();
	});

	it.each([
		["the only link is the one on screen", () => newestFirst(0)],
		[
			"the list fails",
			() => {
				throw new ShortyError("signed-out");
			},
		],
	])("is absent when %s", async (_, listLinks) => {
		renderPopup({ tab: article, handlers: { listLinks } });
		await screen.findByText("Copied");
		await act(async () => {});
		expect(recentSection()).toBeNull();
	});

	it("comes after the main link and its tools, so it never pushes the link down", async () => {
		renderPopup({ tab: article, handlers: { listLinks: () => newestFirst(2) } });
		const section = await screen.findByRole("region", { name: "Recent links" });
		const main = screen.getByRole("textbox", { name: "Short link for this page" });
		const qrToggle = screen.getByRole("button", { name: "QR code" });
		for (const before of [main, qrToggle]) {
			expect(before.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
		}
	});
});
