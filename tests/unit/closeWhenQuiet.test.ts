// @vitest-environment node
import { describe, expect, it } from "vitest";
import { COPY_SETTLE_MS, closeWhenQuiet } from "../../offscreen/closeWhenQuiet";

/** closeWhenQuiet on a clock the test moves; `closedAt` is when the document closed itself, if it did. */
function documentOpenedWith(closeAfterMs: string | null) {
	let now = 0;
	let closedAt: number | undefined;
	const timers = new Map<number, { at: number; task: () => void }>();
	let nextId = 0;
	const quiet = closeWhenQuiet(closeAfterMs, {
		later: (task, ms) => {
			nextId += 1;
			timers.set(nextId, { at: now + ms, task });
			return nextId;
		},
		cancel: (id) => timers.delete(id),
		close: () => {
			closedAt = now;
		},
	});
	function advance(ms: number) {
		const until = now + ms;
		for (;;) {
			const due = [...timers].filter(([, timer]) => timer.at <= until).sort(([, a], [, b]) => a.at - b.at)[0];
			if (!due) break;
			timers.delete(due[0]);
			now = due[1].at;
			due[1].task();
		}
		now = until;
	}
	return { quiet, advance, closedAt: () => closedAt, timers: () => timers.size };
}

describe("the clipboard document closes itself", () => {
	it("once the time it was opened with has passed without a copy", () => {
		const opened = documentOpenedWith("300000");
		opened.advance(299_999);
		expect(opened.closedAt()).toBeUndefined();
		opened.advance(1);
		expect(opened.closedAt()).toBe(300_000);
	});

	it("counting again from each copy", () => {
		const opened = documentOpenedWith("300000");
		opened.advance(200_000);
		opened.quiet.copied();
		opened.advance(200_000);
		opened.quiet.copied();
		opened.advance(299_999);
		expect(opened.closedAt()).toBeUndefined();
		opened.advance(1);
		expect(opened.closedAt()).toBe(700_000);
		expect(opened.timers()).toBe(0);
	});

	it("never sooner than a second after a copy, for the copy to land", () => {
		const opened = documentOpenedWith("0");
		opened.quiet.copied();
		opened.advance(COPY_SETTLE_MS - 1);
		expect(opened.closedAt()).toBeUndefined();
		opened.advance(1);
		expect(opened.closedAt()).toBe(COPY_SETTLE_MS);
	});

	it.each([null, "", "soon", "-5", "1e3", "300000 "])("not at all when opened with %j, as a tab is", (closeAfterMs) => {
		const opened = documentOpenedWith(closeAfterMs);
		opened.quiet.copied();
		opened.advance(24 * 60 * 60_000);
		expect(opened.closedAt()).toBeUndefined();
		expect(opened.timers()).toBe(0);
	});
});
