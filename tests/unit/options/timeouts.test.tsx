import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { appError } from "../../../src/errors";
import { errorText } from "../../../src/i18n/errorText";
import type { Link } from "../../../src/links/types";
import type { RequestOf } from "../../../src/messages";
import { REQUEST_TIMEOUT_MS } from "../../../src/messages";
import { gate, type LocalFirestore, optionsBackground, startLocalFirestore } from "./localBackground";
import { renderOptions, resetPage, shownCodes } from "./renderOptions";

let firestore: LocalFirestore;
beforeAll(async () => {
	firestore = await startLocalFirestore();
});
afterAll(() => firestore.close());
afterEach(() => {
	vi.useRealTimers();
	resetPage();
});

/** A handler, as the options page's background composes them. */
type Handler<R, A> = (request: R) => Promise<A>;

/**
 * `answer`, except that its first request is never answered, as when the worker or the database has gone
 * quiet. `asked` settles once that first request has arrived.
 */
function firstUnanswered<R, A>(answer: Handler<R, A>) {
	let calls = 0;
	const { opened: asked, open } = gate();
	const handle: Handler<R, A> = async (request) => {
		if (++calls > 1) return answer(request);
		open();
		return new Promise<never>(() => undefined);
	};
	return { handle, asked, calls: () => calls };
}

/** Lets the page's time limit run out without waiting for it (only the page's timers are faked). */
async function outwait(): Promise<void> {
	await act(() => vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS));
	vi.useRealTimers();
}

describe("an options request that gets no answer", () => {
	it("the first page says so, and Try again loads it", async () => {
		let asked: Promise<void> = Promise.resolve();
		const background = await optionsBackground(firestore, {
			links: 3,
			overrides: (real) => {
				const searchLinks = firstUnanswered(async (request: RequestOf<"searchLinks">) => real.searchLinks(request));
				asked = searchLinks.asked;
				return { searchLinks: searchLinks.handle };
			},
		});
		vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
		renderOptions(background);
		await asked;
		expect(screen.queryByText(errorText(appError("timeout")))).toBeNull();
		await outwait();

		const alert = (await screen.findByText(errorText(appError("timeout")))).closest("[role=alert]") as HTMLElement;
		fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
		await waitFor(() => expect(shownCodes()).toHaveLength(3));
		expect(screen.queryByText(errorText(appError("timeout")))).toBeNull();
	});

	it("an edit says so and stays open, and saving again changes the link once", async () => {
		let updateLink = firstUnanswered(async (_request: RequestOf<"updateLink">): Promise<Link> => {
			throw new Error("not composed yet");
		});
		const background = await optionsBackground(firestore, {
			links: 1,
			overrides: (real) => {
				updateLink = firstUnanswered(async (request: RequestOf<"updateLink">) => real.updateLink(request));
				return { updateLink: updateLink.handle };
			},
		});
		renderOptions(background);
		await waitFor(() => expect(shownCodes()).toHaveLength(1));
		const [code = ""] = shownCodes();
		fireEvent.click(screen.getByRole("button", { name: `Edit target of sho.rt/${code}` }));
		const editor = screen.getByRole("textbox", { name: `New target for sho.rt/${code}` });
		fireEvent.change(editor, { target: { value: "https://example.com/edited" } });
		vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
		fireEvent.click(screen.getByRole("button", { name: "Save" }));
		await updateLink.asked;
		await outwait();

		await screen.findByText(errorText(appError("timeout")));
		fireEvent.click(screen.getByRole("button", { name: "Save" }));
		await screen.findByText(/now leads to https:\/\/example\.com\/edited/);
		expect(updateLink.calls()).toBe(2);
		expect((await background.store.get(code)).url).toBe("https://example.com/edited");
	});
});
