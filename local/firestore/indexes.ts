/**
 * An index keeps one collection's documents sorted by a list of fields, then by name, the way a Firestore
 * index does: a document missing any of the fields is not in it. Documents sharing the leading (equality)
 * values are therefore contiguous, and within them sorted by the remaining fields, so a query finds its
 * page and its count by binary search instead of walking the collection.
 */
import { type Doc, fieldValue } from "./documents";
import { DOCUMENT_NAME_FIELD, type FieldPath, parseFieldPath } from "./fieldPaths";
import { SortedList } from "./sortedList";
import type { IndexDefinition, Value } from "./types";
import { compareValues } from "./values";

export interface Ordering {
	path: FieldPath;
	descending: boolean;
}

export interface IndexEntry {
	/** The indexed fields' values, then the document's name. */
	values: Value[];
	doc: Doc;
}

export const NAME_PATH: FieldPath = [DOCUMENT_NAME_FIELD];

export const pathKey = (path: FieldPath): string => path.join("\u0000");

/** Orders key tuples by the first `length` orderings, each in its direction. */
export function compareKeys(a: readonly Value[], b: readonly Value[], orderings: readonly Ordering[], length: number) {
	for (let i = 0; i < length; i++) {
		const order = compareValues(a[i] as Value, b[i] as Value);
		if (order !== 0) return (orderings[i] as Ordering).descending ? -order : order;
	}
	return 0;
}

/** The key of a document under these orderings, or null if it lacks one of the fields. */
export function keyOf(doc: Doc, orderings: readonly Ordering[]): Value[] | null {
	const values: Value[] = [];
	for (const { path } of orderings) {
		const value = fieldValue(doc, path);
		if (value === undefined) return null;
		values.push(value);
	}
	return values;
}

export class Index {
	/** The indexed fields, ending with `__name__`. */
	readonly orderings: readonly Ordering[];
	private readonly entries: SortedList<IndexEntry>;
	private readonly entryOf = new Map<string, IndexEntry>();

	constructor(orderings: readonly Ordering[], docs: Iterable<Doc>) {
		this.orderings = orderings;
		this.entries = new SortedList((a, b) => compareKeys(a.values, b.values, orderings, orderings.length));
		for (const doc of docs) this.add(doc);
	}

	add(doc: Doc): void {
		const values = keyOf(doc, this.orderings);
		if (values === null) return;
		const entry = { values, doc };
		this.entries.insert(entry);
		this.entryOf.set(doc.path, entry);
	}

	remove(doc: Doc): void {
		const entry = this.entryOf.get(doc.path);
		if (entry === undefined) return;
		this.entries.remove(entry);
		this.entryOf.delete(doc.path);
	}

	/** The first position whose key compares above (`after`) or not below the probe's leading values. */
	position(probe: readonly Value[], after: boolean): number {
		return this.entries.bisect((entry) => {
			const order = compareKeys(entry.values, probe, this.orderings, probe.length);
			return after ? order > 0 : order >= 0;
		});
	}

	docs(from: number, to: number, reverse: boolean): Generator<IndexEntry> {
		return this.entries.range(from, to, reverse);
	}
}

/** One field of a configured index: ordered either way, or array-contains. */
export interface IndexField {
	path: FieldPath;
	mode: "ASCENDING" | "DESCENDING" | "CONTAINS";
}

/**
 * A configured index's fields as Firestore keeps them: ending with `__name__`, which it adds in the last
 * field's direction (ascending after an array-contains field) when the definition leaves it out.
 */
export function indexFieldsOf(definition: IndexDefinition): IndexField[] {
	const fields: IndexField[] = definition.fields.map((field) => ({
		path: parseFieldPath(field.fieldPath, "index fieldPath"),
		mode: field.arrayConfig === "CONTAINS" ? "CONTAINS" : field.order === "DESCENDING" ? "DESCENDING" : "ASCENDING",
	}));
	const last = fields[fields.length - 1];
	if (last !== undefined && pathKey(last.path) !== pathKey(NAME_PATH))
		fields.push({ path: NAME_PATH, mode: last.mode === "DESCENDING" ? "DESCENDING" : "ASCENDING" });
	return fields;
}

/** The orderings a configured index keeps, or null for one this server does not maintain (array-contains). */
export function orderingsOf(definition: IndexDefinition): Ordering[] | null {
	if (definition.queryScope !== "COLLECTION") return null;
	const fields = indexFieldsOf(definition);
	if (fields.length === 0 || fields.some((field) => field.mode === "CONTAINS")) return null;
	return fields.map(({ path, mode }) => ({ path, descending: mode === "DESCENDING" }));
}
