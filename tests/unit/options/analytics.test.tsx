import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { LinkAnalyticsView } from "../../../options/analytics/LinkAnalyticsView";
import { BackgroundProvider } from "../../../src/ui/BackgroundContext";
import { type LocalFirestore, optionsBackground, startLocalFirestore } from "./localBackground";
import { resetPage } from "./renderOptions";

let firestore: LocalFirestore;
beforeAll(async () => {
	firestore = await startLocalFirestore();
});
afterAll(() => firestore.close());
afterEach(resetPage);

describe("a link's analytics that failed to load", () => {
	it("loads them again on Try again, with keyboard focus kept in the dialog on the period asked for", async () => {
		let asked = 0;
		const background = await optionsBackground(firestore, {
			links: 1,
			overrides: (real) => ({
				async linkAnalytics(request) {
					if (++asked === 1) throw new Error("the database went away");
					return real.linkAnalytics(request);
				},
			}),
		});
		const [link] = (await background.store.listPage(background.uid, { pageSize: 10 })).links;
		render(
			<BackgroundProvider call={background.call}>
				<LinkAnalyticsView code={link?.code ?? ""} />
			</BackgroundProvider>,
		);
		const retry = await screen.findByRole("button", { name: "Try again" });
		retry.focus();
		await userEvent.keyboard("{Enter}");
		await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
		await waitFor(() => expect(asked).toBe(2));
		await waitFor(() => expect(screen.queryByText("Loading analytics…")).toBeNull());
		expect(document.activeElement).toBe(screen.getByRole("button", { name: "Last 30 days", pressed: true }));
	});
});
