// @vitest-environment node
import { describe, expect, it } from "vitest";
import { type Doc, makeDoc } from "../../../local/firestore/documents";
import { compareKeys, keyOf } from "../../../local/firestore/indexes";
import { countQuery, runQuery } from "../../../local/firestore/planner";
import { matchesAll, parseQuery, type Query } from "../../../local/firestore/query";
import { Store } from "../../../local/firestore/store";
import type { Fields, IndexDefinition, Value } from "../../../local/firestore/types";

const ROOT = "projects/p/databases/(default)/documents";
const INDEXES: IndexDefinition[] = [
	{
		collectionGroup: "links",
		queryScope: "COLLECTION",
		fields: [
			{ fieldPath: "owner", order: "ASCENDING" },
			{ fieldPath: "createdAt", order: "DESCENDING" },
		],
	},
];

function random(seed: number): () => number {
	let state = seed;
	return () => {
		state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
		return state / 2 ** 31;
	};
}

/** The plain definition of a query's answer: filter everything, sort, cut at the cursors, skip, take. */
function oracle(docs: Iterable<Doc>, query: Query): Doc[] {
	const { orderBy, startAt, endAt } = query;
	const rows = [...docs]
		.filter((doc) => doc.path.startsWith(`${query.collection}/`) && matchesAll(doc, query.filters))
		.map((doc) => ({ doc, key: keyOf(doc, orderBy) }))
		.filter((row): row is { doc: Doc; key: Value[] } => row.key !== null)
		.filter(({ key }) => {
			if (startAt) {
				const order = compareKeys(key, startAt.values, orderBy, startAt.values.length);
				if (startAt.before ? order < 0 : order <= 0) return false;
			}
			if (endAt) {
				const order = compareKeys(key, endAt.values, orderBy, endAt.values.length);
				if (endAt.before ? order >= 0 : order > 0) return false;
			}
			return true;
		})
		.sort((a, b) => compareKeys(a.key, b.key, orderBy, orderBy.length))
		.slice(query.offset)
		.map((row) => row.doc);
	return query.limit === null ? rows : rows.slice(0, query.limit);
}

describe("query planning", () => {
	it("gives the same answers through indexes as a plain scan, while documents change", () => {
		const next = random(42);
		const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
		const store = new Store(INDEXES);
		const docs = new Map<string, Doc>();
		const owners = ["alice", "bob", "carol"];
		const times = ["2024-01-01T00:00:00.000000Z", "2024-01-02T00:00:00.000000Z", "2024-01-03T00:00:00.000000Z"];
		const randomFields = (): Fields => {
			const fields: Fields = {};
			if (next() < 0.9) fields.owner = { stringValue: pick(owners) };
			const roll = next();
			if (roll < 0.8) fields.createdAt = { timestampValue: pick(times) };
			else if (roll < 0.9) fields.createdAt = { stringValue: "not a time" };
			fields.clicks = next() < 0.5 ? { integerValue: String(Math.floor(next() * 6)) } : { doubleValue: next() * 6 };
			return fields;
		};
		const write = () => {
			const path = `links/d${Math.floor(next() * 300)}`;
			if (next() < 0.2) {
				store.apply([{ path, doc: null }]);
				docs.delete(path);
			} else {
				const doc = makeDoc(ROOT, path, randomFields(), times[0] as string, times[0] as string);
				store.apply([{ path, doc }]);
				docs.set(path, doc);
			}
		};
		const randomQuery = () => {
			const where: unknown[] = [];
			if (next() < 0.7)
				where.push({
					fieldFilter: { field: { fieldPath: "owner" }, op: "EQUAL", value: { stringValue: pick(owners) } },
				});
			if (next() < 0.2)
				where.push({
					fieldFilter: { field: { fieldPath: "clicks" }, op: "GREATER_THAN", value: { integerValue: "2" } },
				});
			const direction = pick(["ASCENDING", "DESCENDING", null]);
			const orderBy = direction === null ? [] : [{ field: { fieldPath: "createdAt" }, direction }];
			const cursor = () => {
				const values: unknown[] = [];
				if (direction !== null) values.push(pick([{ timestampValue: pick(times) }, { stringValue: "m" }]));
				if (values.length === 0 || next() < 0.5)
					values.push({ referenceValue: `${ROOT}/links/d${Math.floor(next() * 300)}` });
				return { values, before: next() < 0.5 };
			};
			return parseQuery(
				{
					from: [{ collectionId: "links" }],
					...(where.length === 0 ? {} : { where: { compositeFilter: { op: "AND", filters: where } } }),
					orderBy: [
						...orderBy,
						...(direction === null || next() < 0.5 ? [] : [{ field: { fieldPath: "__name__" }, direction }]),
					],
					...(next() < 0.3 ? { startAt: cursor() } : {}),
					...(next() < 0.3 ? { endAt: cursor() } : {}),
					...(next() < 0.5 ? { limit: Math.floor(next() * 30) } : {}),
					...(next() < 0.2 ? { offset: Math.floor(next() * 5) } : {}),
				},
				"",
			);
		};
		for (let round = 0; round < 40; round++) {
			for (let i = 0; i < 25; i++) write();
			for (let i = 0; i < 25; i++) {
				const query = randomQuery();
				const expected = oracle(docs.values(), query).map((doc) => doc.path);
				expect(runQuery(store, query).map((doc) => doc.path)).toEqual(expected);
				expect(countQuery(store, query, null)).toBe(expected.length);
			}
		}
	});
});
