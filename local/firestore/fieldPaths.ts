/**
 * Field names and paths as the SDK writes them (`a.b`, with backquotes around segments that are not plain
 * identifiers) and reads and writes at such paths. Stored values are never mutated, because indexes and
 * in-flight responses share them: writes copy the maps along the path and share everything else.
 *
 * Field names are user data, so every field map this server makes has no prototype and every read asks
 * for an own property: otherwise a field named "constructor" or "__proto__" would find or replace
 * Object.prototype's members.
 */
import { invalidArgument } from "./errors";
import { MAX_FIELD_NAME_BYTES, MAX_FIELD_PATH_BYTES, RESERVED_NAME } from "./limits";
import type { Fields, Value } from "./types";

export type FieldPath = readonly string[];

export const DOCUMENT_NAME_FIELD = "__name__";

/** A field map with no prototype. */
export const newFields = (): Fields => Object.create(null) as Fields;

export const EMPTY_FIELDS: Fields = Object.freeze(newFields());

/** A copy of a field map with no prototype, whatever the original's. */
export const copyFields = (fields: Fields): Fields => Object.assign(newFields(), fields);

/** Refuses a field name Firestore does not store: empty, reserved (`__x__`) unless `reservedAllowed`, or too long. */
export function checkFieldName(name: string, where: string, reservedAllowed = false): void {
	if (name === "") throw invalidArgument(`${where} has a field with an empty name`);
	if (!reservedAllowed && RESERVED_NAME.test(name))
		throw invalidArgument(`${where} uses the reserved field name "${name}": names matching __.*__ are reserved`);
	const bytes = Buffer.byteLength(name, "utf8");
	if (bytes > MAX_FIELD_NAME_BYTES)
		throw invalidArgument(
			`${where} has a field name of ${bytes} bytes; field names are at most ${MAX_FIELD_NAME_BYTES}`,
		);
}

/** A field path to read by: `__name__` (the document's name) is allowed, as a whole, and no other reserved name. */
export function parseFieldPath(text: unknown, where: string): FieldPath {
	const path = parseSegments(text, where);
	if (!isDocumentName(path)) for (const segment of path) checkFieldName(segment, `${where} "${String(text)}"`);
	return path;
}

/** A field path to write at (an update mask, a transform): no reserved names at all. */
export function parseWrittenFieldPath(text: unknown, where: string): FieldPath {
	const path = parseSegments(text, where);
	for (const segment of path) checkFieldName(segment, `${where} "${String(text)}"`);
	return path;
}

function parseSegments(text: unknown, where: string): FieldPath {
	if (typeof text !== "string" || text === "") throw invalidArgument(`${where} must be a non-empty field path`);
	const bytes = Buffer.byteLength(text, "utf8");
	if (bytes > MAX_FIELD_PATH_BYTES)
		throw invalidArgument(
			`${where} is a field path of ${bytes} bytes; field paths are at most ${MAX_FIELD_PATH_BYTES}`,
		);
	const segments: string[] = [];
	let i = 0;
	while (i <= text.length) {
		let segment = "";
		if (text[i] === "`") {
			i++;
			while (i < text.length && text[i] !== "`") {
				if (text[i] === "\\") i++;
				if (i >= text.length) break;
				segment += text[i];
				i++;
			}
			if (text[i] !== "`") throw invalidArgument(`${where} "${text}" has an unterminated backquote`);
			i++;
		} else {
			while (i < text.length && text[i] !== ".") {
				if (text[i] === "`" || text[i] === "\\") throw invalidArgument(`${where} "${text}" is not a valid field path`);
				segment += text[i];
				i++;
			}
		}
		if (segment === "") throw invalidArgument(`${where} "${text}" has an empty segment`);
		segments.push(segment);
		if (i === text.length) break;
		if (text[i] !== ".") throw invalidArgument(`${where} "${text}" is not a valid field path`);
		i++;
	}
	return segments;
}

export const isDocumentName = (path: FieldPath): boolean => path.length === 1 && path[0] === DOCUMENT_NAME_FIELD;

/** An own field: a missing "constructor" is missing, not Object.prototype.constructor. */
export const ownField = (fields: Fields, name: string): Value | undefined =>
	Object.hasOwn(fields, name) ? fields[name] : undefined;

export function getField(fields: Fields, path: FieldPath): Value | undefined {
	let current: Fields = fields;
	for (let i = 0; i < path.length - 1; i++) {
		const next = ownField(current, path[i] as string);
		if (next === undefined || !("mapValue" in next)) return undefined;
		current = next.mapValue.fields ?? EMPTY_FIELDS;
	}
	return ownField(current, path[path.length - 1] as string);
}

export function setField(fields: Fields, path: FieldPath, value: Value): Fields {
	const [head, ...rest] = path as [string, ...string[]];
	const copy = copyFields(fields);
	if (rest.length === 0) {
		copy[head] = value;
		return copy;
	}
	const existing = ownField(fields, head);
	const inner =
		existing !== undefined && "mapValue" in existing ? (existing.mapValue.fields ?? EMPTY_FIELDS) : EMPTY_FIELDS;
	copy[head] = { mapValue: { fields: setField(inner, rest, value) } };
	return copy;
}

export function deleteField(fields: Fields, path: FieldPath): Fields {
	const [head, ...rest] = path as [string, ...string[]];
	const existing = ownField(fields, head);
	if (existing === undefined) return fields;
	const copy = copyFields(fields);
	if (rest.length === 0) {
		delete copy[head];
		return copy;
	}
	if (!("mapValue" in existing)) return fields;
	const inner = existing.mapValue.fields ?? EMPTY_FIELDS;
	const updated = deleteField(inner, rest);
	if (updated === inner) return fields;
	copy[head] = { mapValue: Object.keys(updated).length > 0 ? { fields: updated } : {} };
	return copy;
}

/** The fields that a projection (`select`) keeps. */
export function projectFields(fields: Fields, paths: readonly FieldPath[]): Fields {
	let projected = EMPTY_FIELDS;
	for (const path of paths) {
		const value = getField(fields, path);
		if (value !== undefined) projected = setField(projected, path, value);
	}
	return projected;
}
