/** Field transforms (serverTimestamp, increment, maximum, minimum, arrayUnion, arrayRemove), applied at commit. */
import { invalidArgument } from "./errors";
import { type FieldPath, getField, parseWrittenFieldPath, setField } from "./fieldPaths";
import type { Fields, Value } from "./types";
import {
	compareValues,
	doubleOf,
	isNaNValue,
	isNumber,
	type NumberValue,
	parseValue,
	toDoubleValue,
	valuesEqual,
} from "./values";

export type Transform =
	| { path: FieldPath; kind: "requestTime" }
	| { path: FieldPath; kind: "increment" | "maximum" | "minimum"; operand: NumberValue }
	| { path: FieldPath; kind: "appendMissingElements" | "removeAllFromArray"; elements: Value[] };

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const KINDS = ["setToServerValue", "increment", "maximum", "minimum", "appendMissingElements", "removeAllFromArray"];

/**
 * ServerValue's one value, as proto3 JSON may spell an enum: its name, or its number, which the Admin SDK's
 * REST transport sends (it asks for `$alt=json;enum-encoding=int`). Production takes both.
 */
const REQUEST_TIME: readonly unknown[] = ["REQUEST_TIME", 1];

const isRecord = (raw: unknown): raw is Record<string, unknown> =>
	typeof raw === "object" && raw !== null && !Array.isArray(raw);

export function parseTransforms(raw: unknown, where: string): Transform[] {
	if (raw === undefined) return [];
	if (!Array.isArray(raw)) throw invalidArgument(`${where} must be an array`);
	return raw.map((item: unknown, i) => parseTransform(item, `${where}[${i}]`));
}

function parseTransform(raw: unknown, where: string): Transform {
	if (!isRecord(raw)) throw invalidArgument(`${where} must be a FieldTransform object`);
	const path = parseWrittenFieldPath(raw.fieldPath, `${where}.fieldPath`);
	const kinds = KINDS.filter((kind) => raw[kind] !== undefined);
	const [kind] = kinds;
	if (kind === undefined || kinds.length > 1)
		throw invalidArgument(`${where} must have exactly one of ${KINDS.join(", ")}`);
	const operand = raw[kind];
	switch (kind) {
		case "setToServerValue":
			if (!REQUEST_TIME.includes(operand)) throw invalidArgument(`${where}.setToServerValue must be REQUEST_TIME`);
			return { path, kind: "requestTime" };
		case "appendMissingElements":
		case "removeAllFromArray": {
			const value = parseValue({ arrayValue: operand }, `${where}.${kind}`);
			return { path, kind, elements: "arrayValue" in value ? (value.arrayValue.values ?? []) : [] };
		}
		default: {
			const value = parseValue(operand, `${where}.${kind}`);
			if (!isNumber(value)) throw invalidArgument(`${where}.${kind} must be an integer or a double`);
			return { path, kind: kind as "increment" | "maximum" | "minimum", operand: value };
		}
	}
}

/** Applies the transforms in order; returns the new fields and each transform's resulting value. */
export function applyTransforms(
	fields: Fields,
	transforms: readonly Transform[],
	requestTime: string,
): { fields: Fields; results: Value[] } {
	const results: Value[] = [];
	let current = fields;
	for (const transform of transforms) {
		const value = transformed(getField(current, transform.path), transform, requestTime);
		current = setField(current, transform.path, value);
		results.push(value);
	}
	return { fields: current, results };
}

function transformed(previous: Value | undefined, transform: Transform, requestTime: string): Value {
	switch (transform.kind) {
		case "requestTime":
			return { timestampValue: requestTime };
		case "increment":
			return previous !== undefined && isNumber(previous) ? add(previous, transform.operand) : transform.operand;
		case "maximum":
		case "minimum": {
			if (previous === undefined || !isNumber(previous)) return transform.operand;
			if (isNaNValue(previous) || isNaNValue(transform.operand)) return { doubleValue: "NaN" };
			const order = compareValues(transform.operand, previous);
			const replace = transform.kind === "maximum" ? order > 0 : order < 0;
			return replace ? transform.operand : previous;
		}
		case "appendMissingElements": {
			const elements =
				previous !== undefined && "arrayValue" in previous ? [...(previous.arrayValue.values ?? [])] : [];
			for (const element of transform.elements) {
				if (!elements.some((existing) => valuesEqual(existing, element))) elements.push(element);
			}
			return { arrayValue: elements.length > 0 ? { values: elements } : {} };
		}
		case "removeAllFromArray": {
			const existing = previous !== undefined && "arrayValue" in previous ? (previous.arrayValue.values ?? []) : [];
			const kept = existing.filter((element) => !transform.elements.some((removed) => valuesEqual(element, removed)));
			return { arrayValue: kept.length > 0 ? { values: kept } : {} };
		}
	}
}

/** Integer plus integer stays an integer, saturating at the int64 bounds as Firestore does; else a double. */
function add(a: NumberValue, b: NumberValue): Value {
	if ("integerValue" in a && "integerValue" in b) {
		const sum = BigInt(a.integerValue) + BigInt(b.integerValue);
		const clamped = sum > INT64_MAX ? INT64_MAX : sum < INT64_MIN ? INT64_MIN : sum;
		return { integerValue: clamped.toString() };
	}
	const number = (value: NumberValue) => ("integerValue" in value ? Number(value.integerValue) : doubleOf(value));
	return { doubleValue: toDoubleValue(number(a) + number(b)) };
}
