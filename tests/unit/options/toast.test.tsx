import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type ToastMessage, ToastRegion } from "../../../src/ui/Toast";

beforeEach(() => {
	vi.useFakeTimers();
});
afterEach(() => {
	cleanup();
	vi.useRealTimers();
});

const notice: ToastMessage = { id: 1, text: "sho.rt/abc1234 now leads to https://example.com/" };
const undoToast: ToastMessage = { id: 2, text: "Deleted sho.rt/abc1234", action: { label: "Undo", run: () => {} } };

describe("toasts", () => {
	it("close by themselves after their time, in a live region that was there before them", () => {
		const closed: number[] = [];
		const { rerender } = render(
			<ToastRegion toast={null} onClose={(toast) => closed.push(toast.id)} duration={6000} />,
		);
		const region = screen.getByRole("status");
		rerender(<ToastRegion toast={notice} onClose={(toast) => closed.push(toast.id)} duration={6000} />);
		expect(screen.getByRole("status")).toBe(region);
		expect(region.textContent).toContain("now leads to");
		act(() => vi.advanceTimersByTime(5999));
		expect(closed).toEqual([]);
		act(() => vi.advanceTimersByTime(1));
		expect(closed).toEqual([1]);
	});

	it("never close by themselves while they offer an action, so nobody loses an Undo while reaching for it", () => {
		const closed: number[] = [];
		render(<ToastRegion toast={undoToast} onClose={(toast) => closed.push(toast.id)} duration={6000} />);
		act(() => vi.advanceTimersByTime(10 * 60_000));
		expect(closed).toEqual([]);
		expect(screen.getByRole("button", { name: "Undo" })).toBeTruthy();
	});

	it("wait while keyboard focus is on them", () => {
		const closed: number[] = [];
		render(<ToastRegion toast={notice} onClose={(toast) => closed.push(toast.id)} duration={6000} />);
		act(() => vi.advanceTimersByTime(5000));
		fireEvent.focus(screen.getByRole("button", { name: "Dismiss" }));
		act(() => vi.advanceTimersByTime(60_000));
		expect(closed).toEqual([]);
		fireEvent.blur(screen.getByRole("button", { name: "Dismiss" }));
		act(() => vi.advanceTimersByTime(6000));
		expect(closed).toEqual([1]);
	});

	it("send keyboard focus back where it came from when dismissed", async () => {
		vi.useRealTimers();
		const user = userEvent.setup();
		render(
			<>
				<button type="button">Before</button>
				<ToastRegion toast={undoToast} onClose={() => undefined} />
			</>,
		);
		const before = screen.getByRole("button", { name: "Before" });
		before.focus();
		await user.tab();
		await user.tab();
		expect(document.activeElement).toBe(screen.getByRole("button", { name: "Dismiss" }));
		await user.keyboard("{Enter}");
		expect(document.activeElement).toBe(before);
	});

	it("run their action once and close", () => {
		const run = vi.fn();
		const closed: number[] = [];
		render(
			<ToastRegion
				toast={{ ...undoToast, action: { label: "Undo", run } }}
				onClose={(toast) => closed.push(toast.id)}
			/>,
		);
		fireEvent.click(screen.getByRole("button", { name: "Undo" }));
		expect(run).toHaveBeenCalledTimes(1);
		expect(closed).toEqual([2]);
	});
});
