// @vitest-environment node
import { describe, expect, it } from "vitest";
import { readSearchTerm } from "../../../src/links/search";

describe("reading a search term", () => {
	it.each([
		["", { kind: "all" }],
		["   ", { kind: "all" }],
		["example.com", { kind: "host", host: "example.com" }],
		["  Example.COM ", { kind: "host", host: "example.com" }],
		["https://www.example.com/some/page?q=1", { kind: "host", host: "www.example.com" }],
		["example.com:8443", { kind: "host", host: "example.com:8443" }],
		["bücher.example", { kind: "host", host: "xn--bcher-kva.example" }],
		["launch", { kind: "code", prefix: "launch" }],
		["Ab_3-", { kind: "code", prefix: "Ab_3-" }],
		["two words", { kind: "nothing" }],
		["50%", { kind: "nothing" }],
		["exa mple.com", { kind: "nothing" }],
		["__x__", { kind: "nothing" }],
		["____", { kind: "nothing" }],
		["__x", { kind: "code", prefix: "__x" }],
	])("reads %j as %j", (input, meaning) => {
		expect(readSearchTerm(input)).toEqual(meaning);
	});
});
