/** Aggregation queries: count (with upTo), sum and avg over a structured query's results. */
import { fieldValue } from "./documents";
import { invalidArgument } from "./errors";
import { checkFieldName, type FieldPath, newFields, parseFieldPath } from "./fieldPaths";
import { MAX_AGGREGATIONS } from "./limits";
import { countQuery, runQuery } from "./planner";
import { parseQuery, type Query } from "./query";
import type { Store } from "./store";
import type { Value } from "./types";
import { doubleOf, isNumber, type NumberValue, toDoubleValue } from "./values";

type Aggregation =
	| { alias: string; kind: "count"; upTo: number | null }
	| { alias: string; kind: "sum" | "avg"; path: FieldPath };

export interface AggregationQuery {
	query: Query;
	aggregations: Aggregation[];
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

const isRecord = (raw: unknown): raw is Record<string, unknown> =>
	typeof raw === "object" && raw !== null && !Array.isArray(raw);

export function parseAggregationQuery(body: unknown, parent: string): AggregationQuery {
	const raw = isRecord(body) ? body.structuredAggregationQuery : undefined;
	if (!isRecord(raw)) throw invalidArgument("structuredAggregationQuery must be an object");
	const query = parseQuery(raw.structuredQuery, parent);
	const list = raw.aggregations;
	if (!Array.isArray(list) || list.length === 0 || list.length > MAX_AGGREGATIONS)
		throw invalidArgument(`aggregations must hold 1 to ${MAX_AGGREGATIONS} aggregations`);
	const aliases = new Set<string>();
	const aggregations = list.map((item: unknown, i) => {
		const aggregation = parseAggregation(item, `aggregations[${i}]`, i);
		if (aliases.has(aggregation.alias))
			throw invalidArgument(`aggregations[${i}] repeats alias "${aggregation.alias}"`);
		aliases.add(aggregation.alias);
		return aggregation;
	});
	return { query, aggregations };
}

function parseAggregation(raw: unknown, where: string, position: number): Aggregation {
	if (!isRecord(raw)) throw invalidArgument(`${where} must be an Aggregation object`);
	const alias = raw.alias ?? `field_${position + 1}`;
	if (typeof alias !== "string") throw invalidArgument(`${where}.alias must be a string`);
	checkFieldName(alias, `${where}.alias`);
	if (isRecord(raw.count)) return { alias, kind: "count", upTo: parseUpTo(raw.count.upTo, `${where}.count.upTo`) };
	for (const kind of ["sum", "avg"] as const) {
		const operand = raw[kind];
		if (isRecord(operand) && isRecord(operand.field))
			return { alias, kind, path: parseFieldPath(operand.field.fieldPath, `${where}.${kind}.field.fieldPath`) };
	}
	throw invalidArgument(`${where} must have one of count, sum { field } or avg { field }`);
}

/** An Int64Value: a number or decimal text, which must be positive. */
function parseUpTo(raw: unknown, where: string): number | null {
	if (raw === undefined || raw === null) return null;
	const value = typeof raw === "string" && /^\d+$/.test(raw) ? Number(raw) : raw;
	if (typeof value !== "number" || !Number.isInteger(value) || value < 1)
		throw invalidArgument(`${where} must be a positive integer`);
	return value;
}

export function aggregate(store: Store, { query, aggregations }: AggregationQuery): Record<string, Value> {
	const needsDocuments = aggregations.some((aggregation) => aggregation.kind !== "count");
	const docs = needsDocuments ? runQuery(store, query) : [];
	const fields = newFields();
	for (const aggregation of aggregations) {
		if (aggregation.kind === "count") {
			fields[aggregation.alias] = { integerValue: String(countQuery(store, query, aggregation.upTo)) };
			continue;
		}
		const numbers: NumberValue[] = [];
		for (const doc of docs) {
			const value = fieldValue(doc, aggregation.path);
			if (value !== undefined && isNumber(value)) numbers.push(value);
		}
		fields[aggregation.alias] = aggregation.kind === "sum" ? sum(numbers) : average(numbers);
	}
	return fields;
}

/** Integers sum exactly while they fit in int64; any double, or an overflow, makes the sum a double. */
function sum(values: NumberValue[]): Value {
	let integer = 0n;
	let double = 0;
	let isDouble = false;
	for (const value of values) {
		if ("integerValue" in value) {
			integer += BigInt(value.integerValue);
		} else {
			double += doubleOf(value);
			isDouble = true;
		}
	}
	if (!isDouble && integer >= INT64_MIN && integer <= INT64_MAX) return { integerValue: integer.toString() };
	return { doubleValue: toDoubleValue(double + Number(integer)) };
}

function average(values: NumberValue[]): Value {
	if (values.length === 0) return { nullValue: null };
	let total = 0;
	for (const value of values) total += "integerValue" in value ? Number(value.integerValue) : doubleOf(value);
	return { doubleValue: toDoubleValue(total / values.length) };
}
