// @vitest-environment node
import { describe, expect, it } from "vitest";
import { parseQuery } from "../../../local/firestore/query";
import { IndexCatalog } from "../../../local/firestore/requiredIndex";
import type { FieldOverride } from "../../../local/firestore/types";

const orderedBy = (collectionId: string, fieldPath: string, direction = "ASCENDING") =>
	parseQuery({ from: [{ collectionId }], orderBy: [{ field: { fieldPath }, direction }] }, "");

function served(overrides: FieldOverride[], collectionId: string, fieldPath: string, direction?: string): boolean {
	try {
		new IndexCatalog("p", [], overrides).require(orderedBy(collectionId, fieldPath, direction));
		return true;
	} catch {
		return false;
	}
}

describe("fieldOverrides", () => {
	it("exempts a map's subfields with the map, unless a subfield has an override of its own", () => {
		const overrides: FieldOverride[] = [
			{ collectionGroup: "links", fieldPath: "meta", indexes: [] },
			{ collectionGroup: "links", fieldPath: "meta.kept", indexes: [{ order: "ASCENDING", queryScope: "COLLECTION" }] },
		];
		expect(served(overrides, "links", "meta.size")).toBe(false);
		expect(served(overrides, "links", "meta.kept")).toBe(true);
		expect(served(overrides, "links", "metadata")).toBe(true);
		expect(served(overrides, "targets", "meta.size")).toBe(true);
	});

	it("keeps only the directions and scopes an override lists, and * covers every field of its group", () => {
		const overrides: FieldOverride[] = [
			{ collectionGroup: "links", fieldPath: "*", indexes: [] },
			{
				collectionGroup: "links",
				fieldPath: "createdAt",
				indexes: [
					{ order: "DESCENDING", queryScope: "COLLECTION" },
					{ order: "ASCENDING", queryScope: "COLLECTION_GROUP" },
				],
			},
		];
		expect(served(overrides, "links", "createdAt", "DESCENDING")).toBe(true);
		expect(served(overrides, "links", "createdAt", "ASCENDING")).toBe(false);
		expect(served(overrides, "links", "clicks")).toBe(false);
	});
});
