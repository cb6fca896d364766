/**
 * The checks on a document as a commit leaves it, after masks and transforms: its size by Firestore's
 * storage-size rules, and how deep it nests. What the client sent was checked when it was parsed, but a
 * merge, a long field path or a transform can still take a document past a limit.
 */
import { invalidArgument } from "./errors";
import { EMPTY_FIELDS, ownField } from "./fieldPaths";
import { DOCUMENT_NAME_OVERHEAD_BYTES, DOCUMENT_OVERHEAD_BYTES, MAX_DOCUMENT_BYTES, MAX_VALUE_DEPTH } from "./limits";
import type { Fields, Value } from "./types";
import { isVector, referencedPath } from "./values";

/** STORAGE_SIZE: a string takes its UTF-8 bytes plus one. */
const stringSize = (text: string): number => Buffer.byteLength(text, "utf8") + 1;

/** STORAGE_SIZE: a vector takes 8 bytes per dimension. */
const VECTOR_DIMENSION_BYTES = 8;

/** The size of a document name: each collection and document id in its path, plus a fixed overhead. */
function documentNameSize(path: string): number {
	let size = DOCUMENT_NAME_OVERHEAD_BYTES;
	for (const id of path.split("/")) size += stringSize(id);
	return size;
}

/** Refuses a document, named `name` and at `path` (relative to the documents root), that Firestore would not store. */
export function checkStorable(name: string, path: string, fields: Fields): void {
	const refuse = (problem: string) => invalidArgument(`Document '${name}' ${problem}`);
	const fieldsSize = (map: Fields, depth: number): number => {
		let size = 0;
		for (const [field, value] of Object.entries(map)) size += stringSize(field) + valueSize(value, depth, false);
		return size;
	};
	/** `depth` counts the maps and arrays around `value`; each map or array adds one more. */
	const valueSize = (value: Value, depth: number, inArray: boolean): number => {
		if ("arrayValue" in value || "mapValue" in value) {
			if (depth >= MAX_VALUE_DEPTH)
				throw refuse(`cannot be written because it nests maps and arrays more than ${MAX_VALUE_DEPTH} levels deep.`);
		}
		if ("arrayValue" in value) {
			// PROTO (Value.array_value): an array "cannot directly contain another array value".
			if (inArray) throw refuse("cannot be written because it holds an array directly inside an array.");
			let size = 0;
			for (const element of value.arrayValue.values ?? []) size += valueSize(element, depth + 1, true);
			return size;
		}
		if ("mapValue" in value) {
			const map = value.mapValue.fields ?? EMPTY_FIELDS;
			if (!isVector(value)) return fieldsSize(map, depth + 1);
			const elements = ownField(map, "value");
			const dimensions = elements !== undefined && "arrayValue" in elements ? (elements.arrayValue.values ?? []) : [];
			return VECTOR_DIMENSION_BYTES * dimensions.length;
		}
		if ("stringValue" in value) return stringSize(value.stringValue);
		if ("bytesValue" in value) return Buffer.byteLength(value.bytesValue, "base64");
		if ("referenceValue" in value) return documentNameSize(referencedPath(value.referenceValue));
		if ("geoPointValue" in value) return 16;
		if ("nullValue" in value || "booleanValue" in value) return 1;
		return 8;
	};
	const size = documentNameSize(path) + fieldsSize(fields, 0) + DOCUMENT_OVERHEAD_BYTES;
	if (size > MAX_DOCUMENT_BYTES)
		throw refuse(
			`cannot be written because its size (${size.toLocaleString("en-US")} bytes) exceeds the maximum allowed size of ${MAX_DOCUMENT_BYTES.toLocaleString("en-US")} bytes.`,
		);
}
