import { describe, expect, it } from "vitest";
import { type ListView, listViewHash, readListView } from "../../../options/listView";

describe("the list's place in the address", () => {
	it.each<ListView>([
		{ term: "", pageSize: 25, page: 1 },
		{ term: "react.dev", pageSize: 10, page: 1 },
		{ term: "", pageSize: 50, page: 3, after: "WzEsMCwiYWJjMTIzNCJd" },
		{ term: "a b&c=d", pageSize: 100, page: 2, before: "WzEsMCwiYWJjMTIzNCJd" },
	])("reads back what it wrote: %j", (view) => {
		expect(readListView(listViewHash(view), 25)).toEqual(view);
	});

	it.each([
		["", { term: "", pageSize: 10, page: 1 }],
		["#size=7", { term: "", pageSize: 10, page: 1 }],
		["#size=50&page=3", { term: "", pageSize: 50, page: 1 }],
		["#size=50&page=0&after=x", { term: "", pageSize: 50, page: 1 }],
		["#size=50&page=2.5&after=x", { term: "", pageSize: 50, page: 1 }],
		["#size=50&page=2&after=x&before=y", { term: "", pageSize: 50, page: 1 }],
		["#q=x&size=25&page=1&after=x", { term: "x", pageSize: 25, page: 1 }],
	])("reads %j as the first page: a later page is only found again through its one cursor", (hash, view) => {
		expect(readListView(hash, 10)).toEqual(view);
	});
});
