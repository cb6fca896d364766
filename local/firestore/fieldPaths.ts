/**
 * Field paths as the SDK writes them (`a.b`, with backquotes around segments that are not plain
 * identifiers) and reads and writes at such paths. Stored values are never mutated, because indexes and
 * in-flight responses share them: writes copy the maps along the path and share everything else.
 */
import { invalidArgument } from "./errors";
import type { Fields, Value } from "./types";

export type FieldPath = readonly string[];

export const DOCUMENT_NAME_FIELD = "__name__";

export function parseFieldPath(text: unknown, where: string): FieldPath {
	if (typeof text !== "string" || text === "") throw invalidArgument(`${where} must be a non-empty field path`);
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

export function getField(fields: Fields, path: FieldPath): Value | undefined {
	let current: Fields | undefined = fields;
	for (let i = 0; i < path.length - 1; i++) {
		const next: Value | undefined = current[path[i] as string];
		if (next === undefined || !("mapValue" in next)) return undefined;
		current = next.mapValue.fields ?? {};
	}
	return current[path[path.length - 1] as string];
}

export function setField(fields: Fields, path: FieldPath, value: Value): Fields {
	const [head, ...rest] = path as [string, ...string[]];
	if (rest.length === 0) return { ...fields, [head]: value };
	const existing = fields[head];
	const inner = existing !== undefined && "mapValue" in existing ? (existing.mapValue.fields ?? {}) : {};
	return { ...fields, [head]: { mapValue: { fields: setField(inner, rest, value) } } };
}

export function deleteField(fields: Fields, path: FieldPath): Fields {
	const [head, ...rest] = path as [string, ...string[]];
	const existing = fields[head];
	if (existing === undefined) return fields;
	if (rest.length === 0) {
		const { [head]: _removed, ...kept } = fields;
		return kept;
	}
	if (!("mapValue" in existing)) return fields;
	const inner = existing.mapValue.fields ?? {};
	const updated = deleteField(inner, rest);
	if (updated === inner) return fields;
	return { ...fields, [head]: { mapValue: Object.keys(updated).length > 0 ? { fields: updated } : {} } };
}

/** The fields that a projection (`select`) keeps. */
export function projectFields(fields: Fields, paths: readonly FieldPath[]): Fields {
	let projected: Fields = {};
	for (const path of paths) {
		const value = getField(fields, path);
		if (value !== undefined) projected = setField(projected, path, value);
	}
	return projected;
}
