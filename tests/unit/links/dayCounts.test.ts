// @vitest-environment node
import { describe, expect, it } from "vitest";
import { dayOf, foldDays, windowDays } from "../../../src/links/dayCounts";

const NOW = Date.parse("2026-03-10T23:59:59Z");

describe("the window of days", () => {
	it("ends with today in UTC and holds exactly as many days as asked, oldest first", () => {
		const days = windowDays(NOW, 30);
		expect(days).toHaveLength(30);
		expect(days.at(-1)).toBe("2026-03-10");
		expect(days[0]).toBe("2026-02-09");
		expect(new Set(days).size).toBe(30);
		expect([...days].sort()).toEqual(days);
	});

	it("names a day by UTC, whatever the reader's time zone", () => {
		expect(dayOf(Date.parse("2026-03-10T23:30:00-05:00"))).toBe("2026-03-11");
	});
});

describe("folding shards into days", () => {
	const days = windowDays(NOW, 3);

	it("sums the shards of each day, and shows days nobody came as zero", () => {
		const folded = foldDays(
			[
				{ day: "2026-03-10", people: 3, bots: 1 },
				{ day: "2026-03-10", people: 4 },
				{ day: "2026-03-08", bots: 2, prefetches: 9 },
			],
			days,
		);
		expect(folded.days).toEqual([
			{ day: "2026-03-08", people: 0, bots: 2 },
			{ day: "2026-03-09", people: 0, bots: 0 },
			{ day: "2026-03-10", people: 7, bots: 1 },
		]);
		expect([folded.people, folded.bots]).toEqual([7, 3]);
	});

	it("ranks referrers, devices and browsers over the window, most visits first", () => {
		const folded = foldDays(
			[
				{
					day: "2026-03-09",
					people: 5,
					referrers: { "t.co": 1, "news.example": 2 },
					devices: { mobile: 3, desktop: 2 },
				},
				{ day: "2026-03-10", people: 2, referrers: { "t.co": 3 }, devices: { desktop: 2 }, browsers: { firefox: 2 } },
			],
			days,
		);
		expect(folded.referrers).toEqual([
			["t.co", 4],
			["news.example", 2],
		]);
		expect(folded.devices).toEqual([
			["desktop", 4],
			["mobile", 3],
		]);
		expect(folded.browsers).toEqual([["firefox", 2]]);
	});

	it("leaves out documents of days outside the window", () => {
		const folded = foldDays([{ day: "2025-12-31", people: 50, referrers: { "old.example": 50 } }], days);
		expect([folded.people, folded.referrers]).toEqual([0, []]);
	});

	it("counts what is not a whole, non-negative number as nothing, and ignores classes it does not know", () => {
		const tampered = [
			{ day: "2026-03-10", people: -4, bots: 1.5, devices: { toaster: 9, tablet: 2 } },
			{ day: "2026-03-10", people: "7" as unknown as number, browsers: { chrome: Number.NaN, edge: 1 } },
		];
		const folded = foldDays(tampered, days);
		expect([folded.people, folded.bots]).toEqual([0, 0]);
		expect(folded.devices).toEqual([["tablet", 2]]);
		expect(folded.browsers).toEqual([["edge", 1]]);
	});
});
