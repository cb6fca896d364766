// @vitest-environment node
import { describe, expect, it } from "vitest";
import { canonicalTimestamp, formatMicros } from "../../../local/firestore/time";
import type { Value } from "../../../local/firestore/types";
import { compareUtf8, compareValues, parseValue } from "../../../local/firestore/values";

const name = (path: string) => `projects/p/databases/(default)/documents/${path}`;

describe("Firestore's value order", () => {
	it("orders type classes null < boolean < number < timestamp < string < bytes < reference < geopoint < array < map", () => {
		const ascending: Value[] = [
			{ nullValue: null },
			{ booleanValue: false },
			{ booleanValue: true },
			{ doubleValue: "NaN" },
			{ doubleValue: "-Infinity" },
			{ integerValue: "-9223372036854775808" },
			{ doubleValue: -1.5 },
			{ integerValue: "0" },
			{ doubleValue: 0.5 },
			{ integerValue: "9007199254740993" },
			{ doubleValue: "Infinity" },
			{ timestampValue: "1970-01-01T00:00:00.000000Z" },
			{ timestampValue: "2024-01-01T00:00:00.000001Z" },
			{ stringValue: "" },
			{ stringValue: "a" },
			{ stringValue: "\uFFFD" },
			{ stringValue: "😀" },
			{ bytesValue: "" },
			{ bytesValue: "AA==" },
			{ bytesValue: "/w==" },
			{ referenceValue: name("a/b") },
			{ referenceValue: name("a/b/c/d") },
			{ referenceValue: name("a-/b") },
			{ geoPointValue: { latitude: -10, longitude: 5 } },
			{ geoPointValue: { latitude: 10, longitude: -5 } },
			{ arrayValue: {} },
			{ arrayValue: { values: [{ integerValue: "1" }] } },
			{ arrayValue: { values: [{ integerValue: "1" }, { integerValue: "1" }] } },
			{ arrayValue: { values: [{ integerValue: "2" }] } },
			{
				mapValue: {
					fields: { __type__: { stringValue: "__vector__" }, value: { arrayValue: { values: [{ doubleValue: 9 }] } } },
				},
			},
			{ mapValue: {} },
			{ mapValue: { fields: { a: { integerValue: "1" } } } },
			{ mapValue: { fields: { a: { integerValue: "2" } } } },
			{ mapValue: { fields: { b: { integerValue: "0" } } } },
		];
		for (let i = 0; i < ascending.length; i++) {
			for (let j = 0; j < ascending.length; j++) {
				const expected = Math.sign(i - j);
				expect(compareValues(ascending[i] as Value, ascending[j] as Value), `${i} vs ${j}`).toBe(expected);
			}
		}
	});

	it("compares integers and doubles exactly, beyond a double's precision", () => {
		expect(compareValues({ integerValue: "1" }, { doubleValue: 1 })).toBe(0);
		expect(compareValues({ integerValue: "0" }, { doubleValue: -0 })).toBe(0);
		expect(compareValues({ integerValue: "9007199254740993" }, { doubleValue: 9007199254740992 })).toBe(1);
		expect(compareValues({ integerValue: "2" }, { doubleValue: 2.5 })).toBe(-1);
		expect(compareValues({ integerValue: "-3" }, { doubleValue: -2.5 })).toBe(-1);
		expect(compareValues({ doubleValue: "NaN" }, { doubleValue: "NaN" })).toBe(0);
	});

	it("orders strings by UTF-8 bytes, where JavaScript's UTF-16 order differs", () => {
		expect("😀" < "\uFFFD").toBe(true);
		expect(compareUtf8("😀", "\uFFFD")).toBe(1);
		expect(compareUtf8("a", "ab")).toBe(-1);
		expect(compareUtf8("é", "z")).toBe(1);
	});
});

describe("checking values", () => {
	it("puts values in canonical form", () => {
		expect(parseValue({ integerValue: 12 }, "v")).toEqual({ integerValue: "12" });
		expect(parseValue({ integerValue: "+007" }, "v")).toEqual({ integerValue: "7" });
		expect(parseValue({ doubleValue: "1.5" }, "v")).toEqual({ doubleValue: 1.5 });
		expect(Object.is((parseValue({ doubleValue: "-0" }, "v") as { doubleValue: number }).doubleValue, -0)).toBe(true);
		expect(parseValue({ bytesValue: "_w" }, "v")).toEqual({ bytesValue: "/w==" });
		expect(parseValue({ timestampValue: "2024-05-06T07:08:09.123456789+02:00" }, "v")).toEqual({
			timestampValue: "2024-05-06T05:08:09.123456Z",
		});
		expect(parseValue({ arrayValue: { values: [] } }, "v")).toEqual({ arrayValue: {} });
		expect(parseValue({ nullValue: "NULL_VALUE" }, "v")).toEqual({ nullValue: null });
	});

	it("rejects values Firestore rejects, naming where they are", () => {
		expect(() => parseValue({ integerValue: "9223372036854775808" }, "fields.a")).toThrow(/fields\.a\.integerValue/);
		expect(() => parseValue({ stringValue: 1 }, "v")).toThrow(/string/);
		expect(() => parseValue({}, "v")).toThrow(/exactly one/);
		expect(() => parseValue({ geoPointValue: { latitude: 91, longitude: 0 } }, "v")).toThrow(/latitude/);
		expect(() => parseValue({ referenceValue: "links/a" }, "v")).toThrow(/resource name/);
		let deep: unknown = { nullValue: null };
		for (let i = 0; i < 25; i++) deep = { arrayValue: { values: [deep] } };
		expect(() => parseValue(deep, "v")).toThrow(/deep/);
	});
});

describe("timestamps", () => {
	it("normalises RFC 3339 to microseconds in UTC and rejects impossible dates", () => {
		expect(canonicalTimestamp("2024-02-29T23:59:59Z")).toBe("2024-02-29T23:59:59.000000Z");
		expect(canonicalTimestamp("0001-01-01T00:00:00Z")).toBe("0001-01-01T00:00:00.000000Z");
		expect(canonicalTimestamp("2023-02-29T00:00:00Z")).toBeNull();
		expect(canonicalTimestamp("2024-01-01T00:00:00")).toBeNull();
		expect(formatMicros(1_700_000_000_123_456)).toBe("2023-11-14T22:13:20.123456Z");
	});
});
