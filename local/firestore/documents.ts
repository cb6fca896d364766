/** A stored document, immutable once made: a write replaces the whole object. */
import { type FieldPath, getField, isDocumentName } from "./fieldPaths";
import type { Fields, StoredDocument, Value } from "./types";

export interface Doc {
	/** Relative to the documents root: "links/abc". */
	readonly path: string;
	/** What `__name__` orders and filters by: the full resource name as a reference. */
	readonly nameValue: { referenceValue: string };
	readonly fields: Fields;
	readonly createTime: string;
	readonly updateTime: string;
}

export function makeDoc(
	documentsName: string,
	path: string,
	fields: Fields,
	createTime: string,
	updateTime: string,
): Doc {
	return { path, nameValue: { referenceValue: `${documentsName}/${path}` }, fields, createTime, updateTime };
}

/** A field's value, with `__name__` answering the document's own name. */
export function fieldValue(doc: Doc, path: FieldPath): Value | undefined {
	return isDocumentName(path) ? doc.nameValue : getField(doc.fields, path);
}

export function toStoredDocument(doc: Doc, fields: Fields = doc.fields): StoredDocument {
	return { name: doc.nameValue.referenceValue, fields, createTime: doc.createTime, updateTime: doc.updateTime };
}
