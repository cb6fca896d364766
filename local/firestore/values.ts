/**
 * The value model: checking what clients send, and Firestore's total order over values, which queries,
 * cursors, indexes and equality filters all share so they can never disagree.
 */
import { invalidArgument } from "./errors";
import { checkFieldName, copyFields, EMPTY_FIELDS, newFields, ownField } from "./fieldPaths";
import { MAX_FIELD_VALUE_BYTES, MAX_VALUE_DEPTH } from "./limits";
import { checkId } from "./paths";
import { canonicalTimestamp } from "./time";
import type { Fields, Value } from "./types";

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;
const DOUBLE_WORDS = new Set(["NaN", "Infinity", "-Infinity"]);

const isRecord = (raw: unknown): raw is Record<string, unknown> =>
	typeof raw === "object" && raw !== null && !Array.isArray(raw);

const REFERENCE = /^projects\/[^/]+\/databases\/[^/]+\/documents((?:\/[^/]+\/[^/]+)+)$/;

/** The path of a (checked) reference's document, relative to its database's documents root. */
export const referencedPath = (reference: string): string => (REFERENCE.exec(reference)?.[1] ?? "").slice(1);

/**
 * Checks a client's value and puts it in canonical form (integers as decimal text, timestamps in
 * microseconds). `depth` counts the maps and arrays around it.
 */
export function parseValue(raw: unknown, where: string, depth = 0): Value {
	if (!isRecord(raw)) throw invalidArgument(`${where} must be a Value object`);
	const keys = Object.keys(raw);
	if (keys.length !== 1) throw invalidArgument(`${where} must have exactly one value kind, not ${keys.length}`);
	const kind = keys[0] as string;
	const inner = raw[kind];
	const bad = (expected: string) => invalidArgument(`${where}.${kind} must be ${expected}`);
	switch (kind) {
		case "nullValue":
			if (inner !== null && inner !== "NULL_VALUE") throw bad("null");
			return { nullValue: null };
		case "booleanValue":
			if (typeof inner !== "boolean") throw bad("a boolean");
			return { booleanValue: inner };
		case "integerValue":
			return { integerValue: parseInt64(inner, bad) };
		case "doubleValue":
			return { doubleValue: parseDouble(inner, bad) };
		case "timestampValue": {
			const canonical = typeof inner === "string" ? canonicalTimestamp(inner) : null;
			if (canonical === null) throw bad("an RFC 3339 timestamp between years 1 and 9999");
			return { timestampValue: canonical };
		}
		case "stringValue":
			if (typeof inner !== "string") throw bad("a string");
			checkValueBytes(Buffer.byteLength(inner, "utf8"), where);
			return { stringValue: inner };
		case "bytesValue": {
			if (typeof inner !== "string" || !BASE64.test(inner)) throw bad("base64 text");
			const bytes = Buffer.from(inner, "base64");
			checkValueBytes(bytes.length, where);
			return { bytesValue: bytes.toString("base64") };
		}
		case "referenceValue": {
			if (typeof inner !== "string" || !REFERENCE.test(inner)) throw bad("a document resource name");
			for (const id of referencedPath(inner).split("/")) checkId(id, `${where}.referenceValue "${inner}"`);
			return { referenceValue: inner };
		}
		case "geoPointValue": {
			if (!isRecord(inner)) throw bad("a LatLng object");
			const latitude = inner.latitude ?? 0;
			const longitude = inner.longitude ?? 0;
			if (typeof latitude !== "number" || latitude < -90 || latitude > 90) throw bad("a latitude in [-90, 90]");
			if (typeof longitude !== "number" || longitude < -180 || longitude > 180) throw bad("a longitude in [-180, 180]");
			return { geoPointValue: { latitude, longitude } };
		}
		case "arrayValue": {
			if (!isRecord(inner)) throw bad("an ArrayValue object");
			checkDepth(depth, where);
			const values = inner.values ?? [];
			if (!Array.isArray(values)) throw bad("an object whose values is an array");
			const parsed = values.map((item, i) => parseValue(item, `${where}.arrayValue.values[${i}]`, depth + 1));
			return { arrayValue: parsed.length > 0 ? { values: parsed } : {} };
		}
		case "mapValue": {
			if (!isRecord(inner)) throw bad("a MapValue object");
			checkDepth(depth, where);
			const fields = parseFields(inner.fields ?? EMPTY_FIELDS, `${where}.mapValue.fields`, depth + 1);
			return { mapValue: Object.keys(fields).length > 0 ? { fields } : {} };
		}
		default:
			throw invalidArgument(`${where} has an unknown value kind "${kind}"`);
	}
}

/**
 * Checks a client's fields: a document's (`depth` 0) or a map value's. Reserved names are refused except
 * `__type__` in a map that is a vector value, the one place the SDK writes one.
 */
export function parseFields(raw: unknown, where: string, depth = 0): Fields {
	if (!isRecord(raw)) throw invalidArgument(`${where} must be an object of field values`);
	const fields = newFields();
	for (const [name, value] of Object.entries(raw)) {
		checkFieldName(name, where, depth > 0 && name === VECTOR_TYPE_KEY);
		fields[name] = parseValue(value, `${where}.${name}`, depth);
	}
	if (Object.hasOwn(fields, VECTOR_TYPE_KEY) && !isVectorFields(fields))
		throw invalidArgument(
			`${where} uses the reserved field name "${VECTOR_TYPE_KEY}" in a map that is not a vector value ` +
				`{ ${VECTOR_TYPE_KEY}: "${VECTOR_TYPE}", value: [doubles] }`,
		);
	return fields;
}

/** A map or an array at `depth` adds the level `depth + 1`. */
function checkDepth(depth: number, where: string): void {
	if (depth >= MAX_VALUE_DEPTH)
		throw invalidArgument(`${where} nests maps and arrays more than ${MAX_VALUE_DEPTH} levels deep`);
}

function checkValueBytes(bytes: number, where: string): void {
	if (bytes > MAX_FIELD_VALUE_BYTES)
		throw invalidArgument(`The value of ${where} is longer than ${MAX_FIELD_VALUE_BYTES} bytes.`);
}

function parseInt64(raw: unknown, bad: (expected: string) => Error): string {
	const text = typeof raw === "number" && Number.isSafeInteger(raw) ? String(raw) : raw;
	if (typeof text !== "string" || !/^[+-]?\d{1,19}$/.test(text)) throw bad("a 64-bit integer");
	const value = BigInt(text);
	if (value < INT64_MIN || value > INT64_MAX) throw bad("a 64-bit integer");
	return value.toString();
}

function parseDouble(raw: unknown, bad: (expected: string) => Error): number | "NaN" | "Infinity" | "-Infinity" {
	if (typeof raw === "number") return raw;
	if (typeof raw !== "string" || raw.trim() === "") throw bad("a number");
	if (DOUBLE_WORDS.has(raw)) return raw as "NaN" | "Infinity" | "-Infinity";
	const value = Number(raw);
	if (Number.isNaN(value)) throw bad("a number");
	return toDoubleValue(value);
}

/** JSON has no NaN, infinities or negative zero, so proto3 JSON spells them as text. */
export function toDoubleValue(value: number): number | "NaN" | "Infinity" | "-Infinity" {
	if (Number.isNaN(value)) return "NaN";
	if (value === Number.POSITIVE_INFINITY) return "Infinity";
	if (value === Number.NEGATIVE_INFINITY) return "-Infinity";
	return value;
}

/**
 * Negative zero is kept as the number -0 in memory, where the Value type has no room for the text "-0";
 * these two carry it through JSON both ways (responses, the journal and the snapshot).
 */
export const jsonReplacer = (key: string, value: unknown): unknown =>
	key === "doubleValue" && Object.is(value, -0) ? "-0" : value;

/**
 * Also gives every field map read back from disk (a document's `fields`, a map value's `fields`) no
 * prototype, as fieldPaths.ts requires. A Value under a field that happens to be named "fields" gets none
 * either, which changes nothing for it.
 */
export function jsonReviver(key: string, value: unknown): unknown {
	if (key === "doubleValue" && value === "-0") return -0;
	return key === "fields" && isRecord(value) ? copyFields(value as Fields) : value;
}

export function doubleOf(value: { doubleValue: number | "NaN" | "Infinity" | "-Infinity" }): number {
	return typeof value.doubleValue === "number" ? value.doubleValue : Number(value.doubleValue);
}

export type NumberValue = Extract<Value, { integerValue: string }> | Extract<Value, { doubleValue: unknown }>;

export function isNumber(value: Value): value is NumberValue {
	return "integerValue" in value || "doubleValue" in value;
}

export function isNaNValue(value: Value): boolean {
	return "doubleValue" in value && value.doubleValue === "NaN";
}

export function isNullValue(value: Value): boolean {
	return "nullValue" in value;
}

const VECTOR_TYPE_KEY = "__type__";
const VECTOR_TYPE = "__vector__";

export function isVector(value: { mapValue: { fields?: Fields } }): boolean {
	const type = ownField(value.mapValue.fields ?? EMPTY_FIELDS, VECTOR_TYPE_KEY);
	return type !== undefined && "stringValue" in type && type.stringValue === VECTOR_TYPE;
}

/** Exactly what the SDK writes for vector(): the type marker and an array of doubles. */
function isVectorFields(fields: Fields): boolean {
	const elements = ownField(fields, "value");
	return (
		Object.keys(fields).length === 2 &&
		isVector({ mapValue: { fields } }) &&
		elements !== undefined &&
		"arrayValue" in elements &&
		(elements.arrayValue.values ?? []).every((element) => "doubleValue" in element)
	);
}

/** Firestore's type order: the rank of a value's type class. Integers and doubles share one class. */
export function typeOrder(value: Value): number {
	if ("nullValue" in value) return 0;
	if ("booleanValue" in value) return 1;
	if ("integerValue" in value || "doubleValue" in value) return 2;
	if ("timestampValue" in value) return 3;
	if ("stringValue" in value) return 4;
	if ("bytesValue" in value) return 5;
	if ("referenceValue" in value) return 6;
	if ("geoPointValue" in value) return 7;
	if ("arrayValue" in value) return 8;
	return isVector(value) ? 9 : 10;
}

const sign = (n: number | bigint): number => (n > 0 ? 1 : n < 0 ? -1 : 0);

/** Total order of Firestore values: by type class first, then within the class. */
export function compareValues(a: Value, b: Value): number {
	const byType = typeOrder(a) - typeOrder(b);
	if (byType !== 0) return sign(byType);
	if ("booleanValue" in a && "booleanValue" in b) return Number(a.booleanValue) - Number(b.booleanValue);
	if (isNumber(a) && isNumber(b)) return compareNumbers(a, b);
	if ("timestampValue" in a && "timestampValue" in b) return compareUtf8(a.timestampValue, b.timestampValue);
	if ("stringValue" in a && "stringValue" in b) return compareUtf8(a.stringValue, b.stringValue);
	if ("bytesValue" in a && "bytesValue" in b)
		return Buffer.compare(Buffer.from(a.bytesValue, "base64"), Buffer.from(b.bytesValue, "base64"));
	if ("referenceValue" in a && "referenceValue" in b) return compareNames(a.referenceValue, b.referenceValue);
	if ("geoPointValue" in a && "geoPointValue" in b)
		return (
			compareDoubles(a.geoPointValue.latitude, b.geoPointValue.latitude) ||
			compareDoubles(a.geoPointValue.longitude, b.geoPointValue.longitude)
		);
	if ("arrayValue" in a && "arrayValue" in b)
		return compareArrays(a.arrayValue.values ?? [], b.arrayValue.values ?? []);
	if ("mapValue" in a && "mapValue" in b) {
		if (isVector(a)) return compareVectors(a.mapValue.fields ?? EMPTY_FIELDS, b.mapValue.fields ?? EMPTY_FIELDS);
		return compareMaps(a.mapValue.fields ?? EMPTY_FIELDS, b.mapValue.fields ?? EMPTY_FIELDS);
	}
	return 0;
}

/** Equality as queries see it: 1 equals 1.0, and -0 equals 0. */
export const valuesEqual = (a: Value, b: Value): boolean => compareValues(a, b) === 0;

function compareArrays(a: Value[], b: Value[]): number {
	const shared = Math.min(a.length, b.length);
	for (let i = 0; i < shared; i++) {
		const order = compareValues(a[i] as Value, b[i] as Value);
		if (order !== 0) return order;
	}
	return sign(a.length - b.length);
}

function compareVectors(a: Fields, b: Fields): number {
	const elementsOf = (fields: Fields) => {
		const value = ownField(fields, "value");
		return value && "arrayValue" in value ? (value.arrayValue.values ?? []) : [];
	};
	const left = elementsOf(a);
	const right = elementsOf(b);
	return sign(left.length - right.length) || compareArrays(left, right);
}

function compareMaps(a: Fields, b: Fields): number {
	const leftKeys = Object.keys(a).sort(compareUtf8);
	const rightKeys = Object.keys(b).sort(compareUtf8);
	const shared = Math.min(leftKeys.length, rightKeys.length);
	for (let i = 0; i < shared; i++) {
		const leftKey = leftKeys[i] as string;
		const rightKey = rightKeys[i] as string;
		const order = compareUtf8(leftKey, rightKey) || compareValues(a[leftKey] as Value, b[rightKey] as Value);
		if (order !== 0) return order;
	}
	return sign(leftKeys.length - rightKeys.length);
}

/** NaN sorts before every other number, as in Firestore. */
function compareDoubles(a: number, b: number): number {
	if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : -1;
	if (Number.isNaN(b)) return 1;
	return sign(a - b);
}

function compareNumbers(a: NumberValue, b: NumberValue): number {
	if ("integerValue" in a && "integerValue" in b) return sign(BigInt(a.integerValue) - BigInt(b.integerValue));
	if ("doubleValue" in a && "doubleValue" in b) return compareDoubles(doubleOf(a), doubleOf(b));
	if ("integerValue" in a && "doubleValue" in b) return compareIntegerToDouble(BigInt(a.integerValue), doubleOf(b));
	if ("doubleValue" in a && "integerValue" in b)
		return sign(-compareIntegerToDouble(BigInt(b.integerValue), doubleOf(a)));
	return 0;
}

/**
 * The order of an integer against a double, computed exactly: int64 has more precision than a double, so
 * neither side is rounded to the other's type.
 */
function compareIntegerToDouble(integer: bigint, double: number): number {
	if (Number.isNaN(double)) return 1;
	if (double === Number.POSITIVE_INFINITY) return -1;
	if (double === Number.NEGATIVE_INFINITY) return 1;
	const floor = Math.floor(double);
	const order = sign(integer - BigInt(floor));
	if (order !== 0) return order;
	return floor === double ? 0 : -1;
}

/** Orders two strings by the rank of the first code unit where they differ, then by length. */
function compareByUnit(a: string, b: string, rank: (unit: number) => number): number {
	const shared = Math.min(a.length, b.length);
	for (let i = 0; i < shared; i++) {
		const left = a.charCodeAt(i);
		const right = b.charCodeAt(i);
		if (left !== right) return sign(rank(left) - rank(right));
	}
	return sign(a.length - b.length);
}

/**
 * Firestore orders strings by their UTF-8 bytes, which is code point order. UTF-16 code unit order agrees
 * except that surrogates (code points above U+FFFF) must sort after U+E000..U+FFFF.
 */
const utf8Rank = (unit: number): number => (unit < 0xd800 ? unit : unit >= 0xe000 ? unit - 0x800 : unit + 0x2000);

export const compareUtf8 = (a: string, b: string): number => compareByUnit(a, b, utf8Rank);

/**
 * Resource names order segment by segment. Treating "/" as lower than every character gives that order
 * in one pass, without splitting: a segment that ends first sorts first.
 */
const SLASH = 0x2f;
const nameRank = (unit: number): number => (unit === SLASH ? -1 : utf8Rank(unit));

const compareNames = (a: string, b: string): number => compareByUnit(a, b, nameRank);
