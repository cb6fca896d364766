// @vitest-environment node
import { afterEach, describe, expect, it, vi } from "vitest";
import { compareNames } from "../../../src/links/nameOrder";
import { countingIntl } from "../../countingCollator";

describe("the order of names", () => {
	it("puts numbers in order of value, and leaves case and accents aside", () => {
		expect(["q10", "Q2", "b", "a", "q1"].sort(compareNames)).toEqual(["a", "b", "q1", "Q2", "q10"]);
		expect(compareNames("Work", "work")).toBe(0);
		expect(compareNames("café", "cafe")).toBe(0);
	});
});

describe("the collator behind it", () => {
	afterEach(() => {
		vi.unstubAllGlobals();
		vi.resetModules();
	});

	it("is not made as the modules a starting worker or page loads are, only at the first comparison, and once", async () => {
		const counting = countingIntl();
		vi.stubGlobal("Intl", counting.Intl);
		vi.resetModules();
		const { tagCounts } = await import("../../../src/links/tags");
		const { createLinkIndex } = await import("../../../src/links/linkSearch");
		const { compareNames: compare } = await import("../../../src/links/nameOrder");
		createLinkIndex([]);
		expect(counting.made()).toBe(0);

		expect(compare("q2", "q10")).toBeLessThan(0);
		tagCounts([]);
		expect(compare("b", "a")).toBeGreaterThan(0);
		expect(counting.made()).toBe(1);
	});
});
