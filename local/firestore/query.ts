/**
 * Structured queries: checking what the client sent, Firestore's implicit ordering, and whether one
 * document matches the filters. Running a query against the store is planner.ts's job.
 */
import { type Doc, fieldValue } from "./documents";
import { invalidArgument, unimplemented } from "./errors";
import { DOCUMENT_NAME_FIELD, type FieldPath, isDocumentName, parseFieldPath } from "./fieldPaths";
import { NAME_PATH, type Ordering, pathKey } from "./indexes";
import { MAX_LIST_VALUES } from "./limits";
import { checkId, joinPath } from "./paths";
import type { FieldFilter, FieldOperator, Value } from "./types";
import { compareUtf8, compareValues, isNaNValue, isNullValue, parseValue, typeOrder, valuesEqual } from "./values";

type UnaryOperator = "IS_NULL" | "IS_NAN" | "IS_NOT_NULL" | "IS_NOT_NAN";

export type Filter =
	| { kind: "field"; path: FieldPath; op: FieldOperator; value: Value }
	| { kind: "unary"; path: FieldPath; op: UnaryOperator };

export interface Cursor {
	values: Value[];
	/** True: the position just before these values; false: just after them. */
	before: boolean;
}

export interface Query {
	/** The queried collection, relative to the documents root ("links", "users/u1/links"). */
	collection: string;
	/** The flattened AND of every filter. */
	filters: Filter[];
	/** The order Firestore runs it in: explicit orders, then unordered inequality fields, then `__name__`. */
	orderBy: Ordering[];
	startAt: Cursor | null;
	endAt: Cursor | null;
	offset: number;
	limit: number | null;
	select: FieldPath[] | null;
	/** The filters as the access policy sees them. */
	accessFilters: FieldFilter[];
}

const FIELD_OPERATORS: ReadonlySet<string> = new Set<FieldOperator>([
	"EQUAL",
	"NOT_EQUAL",
	"LESS_THAN",
	"LESS_THAN_OR_EQUAL",
	"GREATER_THAN",
	"GREATER_THAN_OR_EQUAL",
	"IN",
	"NOT_IN",
	"ARRAY_CONTAINS",
	"ARRAY_CONTAINS_ANY",
]);
const LIST_OPERATORS: ReadonlySet<FieldOperator> = new Set(["IN", "NOT_IN", "ARRAY_CONTAINS_ANY"]);
const INEQUALITIES: ReadonlySet<string> = new Set([
	"NOT_EQUAL",
	"LESS_THAN",
	"LESS_THAN_OR_EQUAL",
	"GREATER_THAN",
	"GREATER_THAN_OR_EQUAL",
	"NOT_IN",
	"IS_NOT_NULL",
	"IS_NOT_NAN",
]);
/** How rules see a unary filter: as the comparison the SDK user wrote. */
const UNARY_AS_ACCESS: Record<UnaryOperator, { op: FieldOperator; value: Value }> = {
	IS_NULL: { op: "EQUAL", value: { nullValue: null } },
	IS_NAN: { op: "EQUAL", value: { doubleValue: "NaN" } },
	IS_NOT_NULL: { op: "NOT_EQUAL", value: { nullValue: null } },
	IS_NOT_NAN: { op: "NOT_EQUAL", value: { doubleValue: "NaN" } },
};
const isRecord = (raw: unknown): raw is Record<string, unknown> =>
	typeof raw === "object" && raw !== null && !Array.isArray(raw);

/** Parses a structuredQuery whose parent is `parent` (a relative path; "" for the root). */
export function parseQuery(raw: unknown, parent: string): Query {
	if (!isRecord(raw)) throw invalidArgument("structuredQuery must be an object");
	if (raw.findNearest !== undefined) throw unimplemented("findNearest (vector search)");
	const collection = joinPath(parent, parseFrom(raw.from));
	const filters: Filter[] = [];
	const accessFilters: FieldFilter[] = [];
	if (raw.where !== undefined) parseFilter(raw.where, "structuredQuery.where", filters, accessFilters);
	const orderBy = normalizeOrder(parseOrderBy(raw.orderBy), filters);
	const select = parseSelect(raw.select);
	return {
		collection,
		filters,
		orderBy,
		startAt: parseCursor(raw.startAt, orderBy, "structuredQuery.startAt"),
		endAt: parseCursor(raw.endAt, orderBy, "structuredQuery.endAt"),
		offset: parseCount(raw.offset, "structuredQuery.offset") ?? 0,
		limit: parseCount(raw.limit, "structuredQuery.limit"),
		select,
		accessFilters,
	};
}

function parseFrom(raw: unknown): string {
	if (!Array.isArray(raw) || raw.length !== 1 || !isRecord(raw[0]))
		throw invalidArgument("structuredQuery.from must name exactly one collection");
	const { collectionId, allDescendants } = raw[0];
	if (allDescendants === true) throw unimplemented("A collection group query (allDescendants)");
	if (typeof collectionId !== "string" || collectionId.includes("/"))
		throw invalidArgument("structuredQuery.from[0].collectionId must be a collection id");
	checkId(collectionId, "structuredQuery.from[0].collectionId");
	return collectionId;
}

function parseFieldReference(raw: unknown, where: string): { path: FieldPath; text: string } {
	if (!isRecord(raw) || typeof raw.fieldPath !== "string") throw invalidArgument(`${where} must be { fieldPath }`);
	return { path: parseFieldPath(raw.fieldPath, `${where}.fieldPath`), text: raw.fieldPath };
}

function parseFilter(raw: unknown, where: string, filters: Filter[], accessFilters: FieldFilter[]): void {
	if (!isRecord(raw)) throw invalidArgument(`${where} must be a Filter object`);
	if (isRecord(raw.compositeFilter)) {
		const { op, filters: parts } = raw.compositeFilter;
		if (op === "OR") throw unimplemented("An OR query (compositeFilter op OR)");
		if (op !== "AND") throw invalidArgument(`${where}.compositeFilter.op must be AND or OR`);
		if (!Array.isArray(parts) || parts.length === 0)
			throw invalidArgument(`${where}.compositeFilter.filters must be a non-empty array`);
		parts.forEach((part, i) => {
			parseFilter(part, `${where}.compositeFilter.filters[${i}]`, filters, accessFilters);
		});
	} else if (isRecord(raw.fieldFilter)) {
		const { field, op, value } = raw.fieldFilter;
		const { path, text } = parseFieldReference(field, `${where}.fieldFilter.field`);
		if (typeof op !== "string" || !FIELD_OPERATORS.has(op))
			throw invalidArgument(`${where}.fieldFilter.op "${String(op)}" is not a field filter operator`);
		const operator = op as FieldOperator;
		const parsed = parseValue(value, `${where}.fieldFilter.value`);
		checkFilterValue(path, operator, parsed, `${where}.fieldFilter.value`);
		filters.push({ kind: "field", path, op: operator, value: parsed });
		accessFilters.push({ field: text, op: operator, value: parsed });
	} else if (isRecord(raw.unaryFilter)) {
		const { field, op } = raw.unaryFilter;
		const { path, text } = parseFieldReference(field, `${where}.unaryFilter.field`);
		if (typeof op !== "string" || !Object.hasOwn(UNARY_AS_ACCESS, op))
			throw invalidArgument(`${where}.unaryFilter.op "${String(op)}" is not a unary operator`);
		const operator = op as UnaryOperator;
		filters.push({ kind: "unary", path, op: operator });
		accessFilters.push({ field: text, ...UNARY_AS_ACCESS[operator] });
	} else {
		throw invalidArgument(`${where} must have one of compositeFilter, fieldFilter or unaryFilter`);
	}
}

function checkFilterValue(path: FieldPath, op: FieldOperator, value: Value, where: string): void {
	if (LIST_OPERATORS.has(op)) {
		const values = "arrayValue" in value ? (value.arrayValue.values ?? []) : null;
		if (values === null || values.length === 0 || values.length > MAX_LIST_VALUES)
			throw invalidArgument(`${where} for ${op} must be a non-empty array of at most ${MAX_LIST_VALUES} values`);
		if (isDocumentName(path) && values.some((item) => !("referenceValue" in item)))
			throw invalidArgument(`${where} for ${op} on ${DOCUMENT_NAME_FIELD} must hold only references`);
	} else if (isDocumentName(path) && !("referenceValue" in value)) {
		throw invalidArgument(`${where} for a filter on ${DOCUMENT_NAME_FIELD} must be a reference`);
	}
}

function parseOrderBy(raw: unknown): Ordering[] {
	if (raw === undefined) return [];
	if (!Array.isArray(raw)) throw invalidArgument("structuredQuery.orderBy must be an array");
	return raw.map((item: unknown, i) => {
		const where = `structuredQuery.orderBy[${i}]`;
		if (!isRecord(item)) throw invalidArgument(`${where} must be an Order object`);
		const { path } = parseFieldReference(item.field, `${where}.field`);
		const direction = item.direction ?? "ASCENDING";
		if (direction !== "ASCENDING" && direction !== "DESCENDING" && direction !== "DIRECTION_UNSPECIFIED")
			throw invalidArgument(`${where}.direction must be ASCENDING or DESCENDING`);
		return { path, descending: direction === "DESCENDING" };
	});
}

/**
 * Firestore orders by the explicit orders, then by every inequality field not already ordered (in field
 * path order), then by `__name__`, each implicit one in the direction of the last explicit order. The SDK
 * sends this itself for queries but only the explicit orders for aggregations.
 */
function normalizeOrder(explicit: Ordering[], filters: Filter[]): Ordering[] {
	const seen = new Set(explicit.map((ordering) => pathKey(ordering.path)));
	const descending = explicit[explicit.length - 1]?.descending ?? false;
	const inequalityFields = filters
		.filter((filter) => INEQUALITIES.has(filter.op) && !isDocumentName(filter.path))
		.map((filter) => filter.path)
		.sort(compareFieldPaths);
	const normalized = [...explicit];
	for (const path of inequalityFields) {
		if (seen.has(pathKey(path))) continue;
		seen.add(pathKey(path));
		normalized.push({ path, descending });
	}
	if (!seen.has(pathKey(NAME_PATH))) normalized.push({ path: NAME_PATH, descending });
	return normalized;
}

function compareFieldPaths(a: FieldPath, b: FieldPath): number {
	const shared = Math.min(a.length, b.length);
	for (let i = 0; i < shared; i++) {
		const order = compareUtf8(a[i] as string, b[i] as string);
		if (order !== 0) return order;
	}
	return a.length - b.length;
}

function parseCursor(raw: unknown, orderBy: Ordering[], where: string): Cursor | null {
	if (raw === undefined) return null;
	if (!isRecord(raw)) throw invalidArgument(`${where} must be a Cursor object`);
	const rawValues = raw.values ?? [];
	if (!Array.isArray(rawValues)) throw invalidArgument(`${where}.values must be an array`);
	if (rawValues.length > orderBy.length)
		throw invalidArgument(`${where} has ${rawValues.length} values but the query orders by ${orderBy.length} fields`);
	const values = rawValues.map((value: unknown, i) => {
		const parsed = parseValue(value, `${where}.values[${i}]`);
		if (isDocumentName((orderBy[i] as Ordering).path) && !("referenceValue" in parsed))
			throw invalidArgument(`${where}.values[${i}] for ${DOCUMENT_NAME_FIELD} must be a reference`);
		return parsed;
	});
	if (raw.before !== undefined && typeof raw.before !== "boolean")
		throw invalidArgument(`${where}.before must be a boolean`);
	return { values, before: raw.before === true };
}

/** An Int32Value, which proto3 JSON allows as a number or as { value }. */
function parseCount(raw: unknown, where: string): number | null {
	if (raw === undefined || raw === null) return null;
	const value = isRecord(raw) ? raw.value : raw;
	if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > 2 ** 31 - 1)
		throw invalidArgument(`${where} must be a non-negative 32-bit integer`);
	return value;
}

function parseSelect(raw: unknown): FieldPath[] | null {
	if (raw === undefined) return null;
	if (!isRecord(raw)) throw invalidArgument("structuredQuery.select must be a Projection object");
	const fields = raw.fields ?? [];
	if (!Array.isArray(fields)) throw invalidArgument("structuredQuery.select.fields must be an array");
	return fields
		.map((field: unknown, i) => parseFieldReference(field, `structuredQuery.select.fields[${i}]`).path)
		.filter((path) => !isDocumentName(path));
}

export function matchesAll(doc: Doc, filters: readonly Filter[]): boolean {
	for (const filter of filters) if (!matches(doc, filter)) return false;
	return true;
}

function matches(doc: Doc, filter: Filter): boolean {
	const value = fieldValue(doc, filter.path);
	if (value === undefined) return false;
	if (filter.kind === "unary") {
		switch (filter.op) {
			case "IS_NULL":
				return isNullValue(value);
			case "IS_NAN":
				return isNaNValue(value);
			case "IS_NOT_NULL":
				return !isNullValue(value);
			case "IS_NOT_NAN":
				return !isNullValue(value) && !isNaNValue(value);
		}
	}
	const operand = filter.value;
	const listed = "arrayValue" in operand ? (operand.arrayValue.values ?? []) : [];
	const elements = "arrayValue" in value ? (value.arrayValue.values ?? []) : [];
	switch (filter.op) {
		case "EQUAL":
			return valuesEqual(value, operand);
		case "NOT_EQUAL":
			return !isNullValue(value) && !valuesEqual(value, operand);
		case "LESS_THAN":
			return typeOrder(value) === typeOrder(operand) && compareValues(value, operand) < 0;
		case "LESS_THAN_OR_EQUAL":
			return typeOrder(value) === typeOrder(operand) && compareValues(value, operand) <= 0;
		case "GREATER_THAN":
			return typeOrder(value) === typeOrder(operand) && compareValues(value, operand) > 0;
		case "GREATER_THAN_OR_EQUAL":
			return typeOrder(value) === typeOrder(operand) && compareValues(value, operand) >= 0;
		case "IN":
			return listed.some((item) => valuesEqual(value, item));
		case "NOT_IN":
			return !isNullValue(value) && !listed.some(isNullValue) && !listed.some((item) => valuesEqual(value, item));
		case "ARRAY_CONTAINS":
			return elements.some((element) => valuesEqual(element, operand));
		case "ARRAY_CONTAINS_ANY":
			return elements.some((element) => listed.some((item) => valuesEqual(element, item)));
	}
}
