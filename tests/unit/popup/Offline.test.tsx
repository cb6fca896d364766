import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { appError, ShortyError } from "../../../src/errors";
import { errorText } from "../../../src/i18n/errorText";
import type { Link } from "../../../src/links/types";
import { findLink, linkField, linkFor, renderPopup } from "./renderPopup";
import { TestNetwork } from "./testNetwork";

afterEach(cleanup);

const article = { url: "https://example.com/news/article?id=7", title: "An article" };
const OFFLINE = errorText(appError("offline"));

describe("the popup without a network", () => {
	it("sends nothing while offline, then shortens by itself when the browser is back online", async () => {
		const network = new TestNetwork(false);
		const { shortenRequests } = renderPopup({ tab: article, network });
		expect((await screen.findByRole("alert")).textContent).toBe(OFFLINE);
		await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Retry" })));
		expect(shortenRequests).toEqual([]);

		await network.set(true);
		await screen.findByText("Copied");
		expect(shortenRequests).toHaveLength(1);
	});

	it("says offline when the connection drops mid-request, ignores that try, and tries again when it returns", async () => {
		const network = new TestNetwork();
		const answers: Array<(link: Link) => void> = [];
		const { shortenRequests } = renderPopup({
			tab: article,
			network,
			shorten: () => new Promise<Link>((resolve) => answers.push(resolve)),
		});
		await vi.waitFor(() => expect(answers).toHaveLength(1));
		await network.set(false);
		expect(screen.getByRole("alert").textContent).toBe(OFFLINE);
		await act(async () => answers[0]?.(linkFor(article.url, "abandon")));
		expect(screen.queryByRole("textbox")).toBeNull();

		await network.set(true);
		expect(screen.getByText("Shortening this page…")).toBeTruthy();
		await vi.waitFor(() => expect(answers).toHaveLength(2));
		await act(async () => answers[1]?.(linkFor(article.url)));
		expect(await findLink("https://sho.rt/aB3dE5g")).toBeTruthy();
		expect(shortenRequests).toHaveLength(2);
	});

	it("reads a failure that came with the connection's loss as offline, and retries it when back", async () => {
		const network = new TestNetwork();
		let failures = 1;
		renderPopup({
			tab: article,
			network,
			shorten: ({ url }) => {
				if (failures-- > 0) throw new ShortyError("firestore/unavailable");
				return linkFor(url);
			},
		});
		expect((await screen.findByRole("alert")).textContent).toBe(errorText(appError("firestore/unavailable")));
		await network.set(false);
		expect(screen.getByRole("alert").textContent).toBe(OFFLINE);
		await network.set(true);
		await screen.findByText("Copied");
	});

	it("tries anyway when Retry is pressed offline, since a local backend may still answer", async () => {
		const network = new TestNetwork(false);
		const { shortenRequests } = renderPopup({ tab: article, network });
		await screen.findByRole("alert");
		fireEvent.click(screen.getByRole("button", { name: "Retry" }));
		await screen.findByText("Copied");
		expect(shortenRequests).toHaveLength(1);
	});

	it("keeps a link that has arrived when the connection drops, and sends nothing more when it returns", async () => {
		const network = new TestNetwork();
		const { shortenRequests } = renderPopup({ tab: article, network });
		await screen.findByText("Copied");
		await network.set(false);
		await network.set(true);
		expect(linkField().textContent).toBe("https://sho.rt/aB3dE5g");
		expect(shortenRequests).toHaveLength(1);
	});

	it("abandons a Retry's try when the connection drops, saying offline, as it does any other try", async () => {
		const network = new TestNetwork();
		const answers: Array<(link: Link) => void> = [];
		let failures = 1;
		renderPopup({
			tab: article,
			network,
			shorten: () => {
				if (failures-- > 0) throw new ShortyError("firestore/unavailable");
				return new Promise<Link>((resolve) => answers.push(resolve));
			},
		});
		await screen.findByRole("alert");
		fireEvent.click(screen.getByRole("button", { name: "Retry" }));
		await vi.waitFor(() => expect(answers).toHaveLength(1));
		await network.set(false);
		expect(screen.getByRole("alert").textContent).toBe(OFFLINE);
		await act(async () => answers[0]?.(linkFor(article.url, "abandon")));
		expect(screen.queryByRole("textbox")).toBeNull();
	});
});
