// @vitest-environment node
import { describe, expect, it } from "vitest";
import { deleteField, getField, parseFieldPath, setField } from "../../../local/firestore/fieldPaths";
import type { Fields } from "../../../local/firestore/types";

describe("field paths", () => {
	it("reads the SDK's canonical form, with backquoted segments and escapes", () => {
		expect(parseFieldPath("a.b_c.d1", "p")).toEqual(["a", "b_c", "d1"]);
		expect(parseFieldPath("`dotted.name`.x", "p")).toEqual(["dotted.name", "x"]);
		expect(parseFieldPath("`back\\`quote\\\\`", "p")).toEqual(["back`quote\\"]);
		expect(parseFieldPath("__name__", "p")).toEqual(["__name__"]);
	});

	it("rejects malformed paths", () => {
		for (const bad of ["", "a..b", ".a", "a.", "`open", "`a`b", "a`b"])
			expect(() => parseFieldPath(bad, "p"), bad).toThrow();
	});

	it("writes and deletes at a path without touching the original", () => {
		const original: Fields = { a: { mapValue: { fields: { b: { integerValue: "1" }, c: { integerValue: "2" } } } } };
		const written = setField(original, ["a", "d", "e"], { booleanValue: true });
		expect(getField(written, ["a", "d", "e"])).toEqual({ booleanValue: true });
		expect(getField(written, ["a", "b"])).toEqual({ integerValue: "1" });
		expect(getField(original, ["a", "d"])).toBeUndefined();
		const removed = deleteField(written, ["a", "b"]);
		expect(getField(removed, ["a", "b"])).toBeUndefined();
		expect(getField(removed, ["a", "c"])).toEqual({ integerValue: "2" });
		expect(deleteField(original, ["x", "y"])).toBe(original);
		expect(setField({ a: { stringValue: "scalar" } }, ["a", "b"], { nullValue: null })).toEqual({
			a: { mapValue: { fields: { b: { nullValue: null } } } },
		});
	});
});
