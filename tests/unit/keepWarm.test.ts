// @vitest-environment node
import { describe, expect, it } from "vitest";
import { keepWarm, NUDGE_EVERY_MS, WARM_AFTER_USE_MS } from "../../background/keepWarm";

const START = Date.parse("2026-11-26T12:00:00Z");

/** keepWarm on a clock the test moves: `advance` runs each timer as its moment comes, and counts the nudges. */
function warmOnTestClock() {
	let now = START;
	let timers: { at: number; task: () => void }[] = [];
	const nudges: number[] = [];
	const warm = keepWarm({
		nudge: () => nudges.push(now - START),
		clock: () => now,
		later: (task, ms) => timers.push({ at: now + ms, task }),
	});
	function advance(ms: number) {
		const until = now + ms;
		for (;;) {
			const due = timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0];
			if (!due) break;
			timers = timers.filter((timer) => timer !== due);
			now = due.at;
			due.task();
		}
		now = until;
	}
	return { warm, advance, nudges, pending: () => timers.length };
}

describe("keeping the background warm after a use", () => {
	it("does nothing until the user does something", () => {
		const { advance, nudges, pending } = warmOnTestClock();
		advance(WARM_AFTER_USE_MS * 2);
		expect(nudges).toEqual([]);
		expect(pending()).toBe(0);
	});

	it("nudges the browser every 20 s for five minutes after a use, then leaves the background to stop", () => {
		const { warm, advance, nudges, pending } = warmOnTestClock();
		warm.used();
		advance(WARM_AFTER_USE_MS * 2);
		const expected = Array.from({ length: WARM_AFTER_USE_MS / NUDGE_EVERY_MS - 1 }, (_, i) => (i + 1) * NUDGE_EVERY_MS);
		expect(nudges).toEqual(expected);
		// The last nudge keeps the background under 30 s more; nothing is left scheduled to wake it again.
		expect(nudges.at(-1)).toBeLessThan(WARM_AFTER_USE_MS);
		expect(pending()).toBe(0);
	});

	it("counts the five minutes from the last use, with one chain of nudges however many uses", () => {
		const { warm, advance, nudges, pending } = warmOnTestClock();
		warm.used();
		advance(4 * 60_000 + 5_000);
		warm.used();
		warm.used();
		expect(pending()).toBe(1);
		advance(WARM_AFTER_USE_MS * 2);
		const lastUse = 4 * 60_000 + 5_000;
		expect(nudges.at(-1)).toBeGreaterThan(lastUse + WARM_AFTER_USE_MS - NUDGE_EVERY_MS);
		expect(nudges.at(-1)).toBeLessThan(lastUse + WARM_AFTER_USE_MS);
		// Evenly spaced throughout: a use never starts a second chain.
		expect(nudges.every((at, i) => at === (i + 1) * NUDGE_EVERY_MS)).toBe(true);
	});

	it("starts again when the user comes back after the background was left to stop", () => {
		const { warm, advance, nudges } = warmOnTestClock();
		warm.used();
		advance(WARM_AFTER_USE_MS * 2);
		const before = nudges.length;
		warm.used();
		advance(NUDGE_EVERY_MS);
		expect(nudges.length).toBe(before + 1);
		expect(nudges.at(-1)).toBe(WARM_AFTER_USE_MS * 2 + NUDGE_EVERY_MS);
	});
});
