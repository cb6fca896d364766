import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RelativeTime } from "../../src/ui/RelativeTime";

const MADE_AT = Date.parse("2026-11-23T10:00:00Z");

beforeEach(() => {
	vi.useFakeTimers({ now: MADE_AT + 20_000 });
});

afterEach(() => {
	cleanup();
	vi.useRealTimers();
});

describe("a relative time left on screen", () => {
	it("moves on with the clock: now, then 1 minute ago, then 2 hours ago", () => {
		render(<RelativeTime time={MADE_AT} />);
		const shown = screen.getByText("now");
		expect(shown.getAttribute("datetime")).toBe("2026-11-23T10:00:00.000Z");

		act(() => vi.advanceTimersByTime(60_000));
		expect(shown.textContent).toBe("1 minute ago");

		act(() => vi.advanceTimersByTime(2 * 3600_000));
		expect(shown.textContent).toBe("2 hours ago");
	});

	it("stops its timer when it leaves the page", () => {
		const { unmount } = render(<RelativeTime time={MADE_AT} />);
		expect(vi.getTimerCount()).toBe(1);
		unmount();
		expect(vi.getTimerCount()).toBe(0);
	});
});
