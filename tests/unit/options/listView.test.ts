import { describe, expect, it } from "vitest";
import { type ListView, listViewHash, readListView } from "../../../options/listView";

describe("the list's place in the address", () => {
	it.each<ListView>([
		{ term: "", sort: "newest", filter: "all", tag: "", pageSize: 25, page: 1 },
		{ term: "react docs", sort: "title", filter: "custom", tag: "", pageSize: 10, page: 1 },
		{ term: "", sort: "oldest", filter: "generated", tag: "", pageSize: 50, page: 3 },
		{ term: "a b&c=d", sort: "newest", filter: "all", tag: "", pageSize: 100, page: 2 },
		{ term: "", sort: "newest", filter: "all", tag: "web dev & co", pageSize: 25, page: 1 },
	])("reads back what it wrote: %j", (view) => {
		expect(readListView(listViewHash(view), 25)).toEqual(view);
	});

	it("leaves the defaults out, so the usual address stays short", () => {
		expect(listViewHash({ term: "", sort: "newest", filter: "all", tag: "", pageSize: 25, page: 1 })).toBe("#size=25");
		expect(listViewHash({ term: "git", sort: "title", filter: "custom", tag: "", pageSize: 25, page: 3 })).toBe(
			"#q=git&sort=title&show=custom&size=25&page=3",
		);
		expect(listViewHash({ term: "", sort: "newest", filter: "all", tag: "react", pageSize: 25, page: 1 })).toBe(
			"#tag=react&size=25",
		);
	});

	it.each([
		["", { term: "", sort: "newest", filter: "all", tag: "", pageSize: 10, page: 1 }],
		["#size=7", { term: "", sort: "newest", filter: "all", tag: "", pageSize: 10, page: 1 }],
		["#size=50&page=0", { term: "", sort: "newest", filter: "all", tag: "", pageSize: 50, page: 1 }],
		["#size=50&page=2.5", { term: "", sort: "newest", filter: "all", tag: "", pageSize: 50, page: 1 }],
		["#q=x&sort=likes&show=liked", { term: "x", sort: "newest", filter: "all", tag: "", pageSize: 10, page: 1 }],
		["#sort=&show=", { term: "", sort: "newest", filter: "all", tag: "", pageSize: 10, page: 1 }],
	])("reads the malformed or unoffered parts of %j as their defaults", (hash, view) => {
		expect(readListView(hash, 10)).toEqual(view);
	});
});
