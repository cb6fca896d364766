/**
 * Runs a query against the store. If an index holds the query's equality filters as its leading fields
 * and its remaining fields are exactly the query's order (or that order reversed), the answer is a
 * contiguous range of it: two binary searches find the range, cursors narrow it by two more, and a count
 * is the range's size when no filter is left to check. Any other query scans the collection, which is
 * slower but gives the same answer.
 */
import type { Doc } from "./documents";
import { isDocumentName } from "./fieldPaths";
import { compareKeys, type Index, keyOf, type Ordering, pathKey } from "./indexes";
import { type Filter, matchesAll, type Query } from "./query";
import type { Collection, Store } from "./store";
import type { Value } from "./types";

interface Plan {
	index: Index;
	/** The equality values the index's leading fields must have. */
	prefix: Value[];
	/** The query's order is the index's order reversed. */
	reverse: boolean;
	/** Filters the index range does not already guarantee. */
	residual: Filter[];
}

/** The query's results in order, after cursors and offset and before the limit. */
function* ordered(store: Store, query: Query): Generator<Doc> {
	const collection = store.collection(query.collection);
	if (collection === undefined) return;
	const plan = planFor(collection, query);
	if (plan === null) {
		yield* scan(collection, query);
		return;
	}
	const [from, to] = rangeOf(plan, query);
	let skip = query.offset;
	for (const { doc } of plan.index.docs(from, to, plan.reverse)) {
		if (!matchesAll(doc, plan.residual)) continue;
		if (skip > 0) skip--;
		else yield doc;
	}
}

export function runQuery(store: Store, query: Query): Doc[] {
	const results: Doc[] = [];
	if (query.limit === 0) return results;
	for (const doc of ordered(store, query)) {
		results.push(doc);
		if (results.length === query.limit) break;
	}
	return results;
}

/** How many documents the query returns, counting at most `upTo`. */
export function countQuery(store: Store, query: Query, upTo: number | null): number {
	const limits = [query.limit, upTo].filter((limit): limit is number => limit !== null);
	const cap = limits.length > 0 ? Math.min(...limits) : Number.POSITIVE_INFINITY;
	const collection = store.collection(query.collection);
	if (collection === undefined) return 0;
	const plan = planFor(collection, query);
	if (plan !== null && plan.residual.length === 0) {
		const [from, to] = rangeOf(plan, query);
		return Math.min(cap, Math.max(0, to - from - query.offset));
	}
	let count = 0;
	const results = ordered(store, query);
	while (count < cap && !results.next().done) count++;
	return count;
}

function planFor(collection: Collection, query: Query): Plan | null {
	let best: Plan | null = null;
	for (const index of collection.indexes) {
		const plan = planWith(index, query);
		if (plan !== null && (best === null || plan.prefix.length > best.prefix.length)) best = plan;
	}
	if (best !== null) return best;
	const automatic = automaticIndexFor(collection, query);
	return automatic === null ? null : planWith(automatic, query);
}

/**
 * Firestore's automatic single-field indexes serve an equality filter ordered only by name, or one field's
 * order with no equality filter; any other shape needs a composite index from firestore.indexes.json.
 */
function automaticIndexFor(collection: Collection, query: Query): Index | null {
	const equality = query.filters.find((filter) => isEquality(filter) && !isDocumentName(filter.path));
	if (query.orderBy.length === 1) return collection.automaticIndex(equality === undefined ? null : equality.path);
	const [first, name] = query.orderBy as [Ordering, Ordering];
	if (query.orderBy.length === 2 && equality === undefined && first.descending === name.descending)
		return collection.automaticIndex(first.path);
	return null;
}

const isEquality = (filter: Filter): boolean =>
	(filter.kind === "field" && filter.op === "EQUAL") ||
	(filter.kind === "unary" && (filter.op === "IS_NULL" || filter.op === "IS_NAN"));

const equalityValue = (filter: Filter): Value =>
	filter.kind === "field" ? filter.value : filter.op === "IS_NULL" ? { nullValue: null } : { doubleValue: "NaN" };

function planWith(index: Index, query: Query): Plan | null {
	const orderings = index.orderings;
	const leading = orderings.length - query.orderBy.length;
	if (leading < 0) return null;
	const residual = [...query.filters];
	const prefix: Value[] = [];
	for (const ordering of orderings.slice(0, leading)) {
		const key = pathKey(ordering.path);
		const at = residual.findIndex((filter) => isEquality(filter) && pathKey(filter.path) === key);
		if (at < 0) return null;
		prefix.push(equalityValue(residual[at] as Filter));
		residual.splice(at, 1);
	}
	const reverse = (orderings[leading] as Ordering).descending !== (query.orderBy[0] as Ordering).descending;
	const sameOrder = query.orderBy.every((ordering, i) => {
		const indexed = orderings[leading + i] as Ordering;
		return pathKey(indexed.path) === pathKey(ordering.path) && (indexed.descending !== ordering.descending) === reverse;
	});
	return sameOrder ? { index, prefix, reverse, residual } : null;
}

/** Positions [from, to) of the index that hold the query's equality prefix, cut by its cursors. */
function rangeOf({ index, prefix, reverse }: Plan, query: Query): [number, number] {
	let from = index.position(prefix, false);
	let to = index.position(prefix, true);
	const { startAt, endAt } = query;
	if (startAt !== null) {
		const probe = [...prefix, ...startAt.values];
		if (reverse) to = Math.min(to, index.position(probe, startAt.before));
		else from = Math.max(from, index.position(probe, !startAt.before));
	}
	if (endAt !== null) {
		const probe = [...prefix, ...endAt.values];
		if (reverse) from = Math.max(from, index.position(probe, endAt.before));
		else to = Math.min(to, index.position(probe, !endAt.before));
	}
	return [from, to];
}

function* scan(collection: Collection, query: Query): Generator<Doc> {
	const { orderBy, startAt, endAt } = query;
	const keyed: Array<{ values: Value[]; doc: Doc }> = [];
	for (const doc of collection.docs.values()) {
		if (!matchesAll(doc, query.filters)) continue;
		const values = keyOf(doc, orderBy);
		if (values === null) continue;
		if (startAt !== null) {
			const order = compareKeys(values, startAt.values, orderBy, startAt.values.length);
			if (startAt.before ? order < 0 : order <= 0) continue;
		}
		if (endAt !== null) {
			const order = compareKeys(values, endAt.values, orderBy, endAt.values.length);
			if (endAt.before ? order >= 0 : order > 0) continue;
		}
		keyed.push({ values, doc });
	}
	keyed.sort((a, b) => compareKeys(a.values, b.values, orderBy, orderBy.length));
	for (const { doc } of keyed.slice(query.offset)) yield doc;
}
