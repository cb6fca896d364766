/**
 * Whether Cloud Firestore could serve a query from the indexes the project has there, the test production
 * makes before it runs any query: one that no index serves fails with FAILED_PRECONDITION "The query
 * requires an index", which also keeps firestore.indexes.json complete. How this server then runs the
 * query (planner.ts) is a matter of speed, not of what is allowed.
 *
 * The reading of https://firebase.google.com/docs/firestore/query-data/index-overview, strict where the
 * docs are silent:
 * - Every field has automatic single-field indexes, ascending and descending (equal values in document-name
 *   order, in the index's direction), and array-contains, unless fieldOverrides exempts it (a map's
 *   subfields follow the map's override, "*" stands for every field of its collection group).
 * - Those serve, with no composite index: equality filters (==, in, null, NaN) on any number of fields,
 *   merged, in document-name order (descending needs one such filter at least: the collection has no
 *   descending name index of its own); one ordered field (an orderBy or an inequality) with nothing else;
 *   one array-contains or array-contains-any with nothing else. Filters on the name narrow any index.
 * - Anything else needs one composite index: the equality and array fields first, in any order, then the
 *   ordered fields in exactly the query's directions, then the document name in the last one's. No index
 *   is read backwards (so limitToLast, which the SDK sends with every direction flipped, needs the
 *   opposite twin), and composite indexes are not merged with each other or with single-field ones.
 */
import { FirestoreError } from "./errors";
import { type FieldPath, isDocumentName, parseFieldPath } from "./fieldPaths";
import { type IndexField, indexFieldsOf, NAME_PATH, type Ordering, pathKey } from "./indexes";
import type { Filter, Query } from "./query";
import type { FieldOverride, IndexDefinition } from "./types";

type IndexMode = IndexField["mode"];

/** What of a query decides its index: the fields it pins, the fields it orders by, and the name's direction. */
interface Shape {
	collectionId: string;
	equality: FieldPath[];
	arrays: FieldPath[];
	ordered: Ordering[];
	name: Ordering;
}

const pinsOneValueSet = (filter: Filter): boolean =>
	filter.kind === "unary"
		? filter.op === "IS_NULL" || filter.op === "IS_NAN"
		: filter.op === "EQUAL" || filter.op === "IN";

const isArrayFilter = (filter: Filter): boolean =>
	filter.kind === "field" && (filter.op === "ARRAY_CONTAINS" || filter.op === "ARRAY_CONTAINS_ANY");

function distinct(paths: FieldPath[]): FieldPath[] {
	return [...new Map(paths.map((path) => [pathKey(path), path])).values()];
}

function shapeOf(query: Query): Shape {
	const filters = query.filters.filter((filter) => !isDocumentName(filter.path));
	// The query's order always ends with the name, unless the caller ordered by the name before other fields.
	const last = query.orderBy[query.orderBy.length - 1] as Ordering;
	const orders = isDocumentName(last.path) ? query.orderBy : [...query.orderBy, { ...last, path: NAME_PATH }];
	return {
		collectionId: query.collection.slice(query.collection.lastIndexOf("/") + 1),
		equality: distinct(filters.filter(pinsOneValueSet).map((filter) => filter.path)),
		arrays: distinct(filters.filter(isArrayFilter).map((filter) => filter.path)),
		ordered: orders.slice(0, -1),
		name: orders[orders.length - 1] as Ordering,
	};
}

const modeOf = (ordering: Ordering): IndexMode => (ordering.descending ? "DESCENDING" : "ASCENDING");

/** How firestore.indexes.json spells a field path: plain identifiers as they are, anything else in backquotes. */
const fieldPathText = (path: FieldPath): string =>
	path
		.map((segment) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(segment) ? segment : `\`${segment.replace(/[`\\]/g, "\\$&")}\``))
		.join(".");

export class IndexCatalog {
	/** Composite indexes by collection group, with their implied `__name__` field. */
	private readonly composites = new Map<string, IndexField[][]>();
	private readonly overrides: Array<{ collectionGroup: string; path: FieldPath | null; modes: IndexMode[] }>;

	constructor(
		private readonly projectId: string,
		indexes: readonly IndexDefinition[],
		fieldOverrides: readonly FieldOverride[],
	) {
		for (const definition of indexes) {
			if (definition.queryScope !== "COLLECTION") continue;
			const known = this.composites.get(definition.collectionGroup) ?? [];
			known.push(indexFieldsOf(definition));
			this.composites.set(definition.collectionGroup, known);
		}
		this.overrides = fieldOverrides.map((override) => ({
			collectionGroup: override.collectionGroup,
			path: override.fieldPath === "*" ? null : parseFieldPath(override.fieldPath, "fieldOverrides fieldPath"),
			modes: override.indexes
				.filter((index) => (index.queryScope ?? "COLLECTION") === "COLLECTION")
				.flatMap((index): IndexMode[] =>
					index.arrayConfig === "CONTAINS" ? ["CONTAINS"] : index.order === undefined ? [] : [index.order],
				),
		}));
	}

	/** Throws FAILED_PRECONDITION, naming the index to add, unless an index Firestore would have serves `query`. */
	require(query: Query): void {
		const shape = shapeOf(query);
		if (this.servedBySingleFields(shape) || this.servedByComposite(shape)) return;
		const index = { collectionGroup: shape.collectionId, queryScope: "COLLECTION", fields: neededFields(shape) };
		throw new FirestoreError(
			"FAILED_PRECONDITION",
			`The query requires an index. You can create it here: https://console.firebase.google.com/project/${this.projectId}/firestore/indexes ` +
				`(Shorty's local server reads firestore.indexes.json: add ${JSON.stringify(index)})`,
		);
	}

	private servedBySingleFields({ collectionId, equality, arrays, ordered, name }: Shape): boolean {
		const has = (path: FieldPath, mode: IndexMode) => this.automaticIndex(collectionId, path, mode);
		if (arrays.length > 0)
			return (
				arrays.length === 1 &&
				equality.length === 0 &&
				ordered.length === 0 &&
				!name.descending &&
				has(arrays[0] as FieldPath, "CONTAINS")
			);
		if (ordered.length === 0)
			return equality.length === 0 ? !name.descending : equality.every((path) => has(path, modeOf(name)));
		const [only] = ordered as [Ordering];
		return (
			ordered.length === 1 &&
			equality.length === 0 &&
			!isDocumentName(only.path) &&
			only.descending === name.descending &&
			has(only.path, modeOf(only))
		);
	}

	/** Whether the field keeps this automatic index: yes, unless the override nearest to it (its own, a parent map's, "*") leaves it out. */
	private automaticIndex(collectionId: string, path: FieldPath, mode: IndexMode): boolean {
		const applying = this.overrides
			.filter(
				(override) =>
					override.collectionGroup === collectionId &&
					(override.path === null ||
						(override.path.length <= path.length && override.path.every((segment, i) => segment === path[i]))),
			)
			.sort((a, b) => (b.path?.length ?? 0) - (a.path?.length ?? 0));
		const nearest = applying[0];
		return nearest === undefined || nearest.modes.includes(mode);
	}

	private servedByComposite(shape: Shape): boolean {
		const pinned = [
			...shape.equality.map((path) => `=${pathKey(path)}`),
			...shape.arrays.map((path) => `[${pathKey(path)}`),
		];
		const tail = [...shape.ordered, shape.name];
		return (this.composites.get(shape.collectionId) ?? []).some((fields) => {
			if (fields.length !== pinned.length + tail.length) return false;
			const prefix = fields
				.slice(0, pinned.length)
				.map((field) => `${field.mode === "CONTAINS" ? "[" : "="}${pathKey(field.path)}`);
			if (JSON.stringify(prefix.sort()) !== JSON.stringify([...pinned].sort())) return false;
			return tail.every((ordering, i) => {
				const field = fields[pinned.length + i] as IndexField;
				return pathKey(field.path) === pathKey(ordering.path) && field.mode === modeOf(ordering);
			});
		});
	}
}

/** The composite index the query needs, as firestore.indexes.json spells it. */
function neededFields({ equality, arrays, ordered, name }: Shape) {
	const fields: Array<{ fieldPath: string; order?: string; arrayConfig?: string }> = [
		...equality.map((path) => ({ fieldPath: fieldPathText(path), order: "ASCENDING" })),
		...arrays.map((path) => ({ fieldPath: fieldPathText(path), arrayConfig: "CONTAINS" })),
		...ordered.map((ordering) => ({ fieldPath: fieldPathText(ordering.path), order: modeOf(ordering) })),
	];
	const implied = fields[fields.length - 1]?.order ?? "ASCENDING";
	if (fields.length === 0 || modeOf(name) !== implied) fields.push({ fieldPath: "__name__", order: modeOf(name) });
	return fields;
}
