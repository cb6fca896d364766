import { describe, expect, it } from "vitest";
import { pageItems } from "../../../options/pageNumbers";

describe("the page numbers offered", () => {
	it("lists every page up to seven", () => {
		expect(pageItems(1, 1)).toEqual([1]);
		expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
	});

	it("beyond seven, always seven items: the ends, the page shown with its neighbours, and gaps", () => {
		expect(pageItems(1, 12)).toEqual([1, 2, 3, 4, 5, "gap", 12]);
		expect(pageItems(4, 12)).toEqual([1, 2, 3, 4, 5, "gap", 12]);
		expect(pageItems(5, 12)).toEqual([1, "gap", 4, 5, 6, "gap", 12]);
		expect(pageItems(8, 12)).toEqual([1, "gap", 7, 8, 9, "gap", 12]);
		expect(pageItems(9, 12)).toEqual([1, "gap", 8, 9, 10, 11, 12]);
		expect(pageItems(12, 12)).toEqual([1, "gap", 8, 9, 10, 11, 12]);
		expect(pageItems(200, 400)).toEqual([1, "gap", 199, 200, 201, "gap", 400]);
	});
});
