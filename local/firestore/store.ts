/**
 * The documents in memory: one map per collection, so a get or a write is a hash lookup, plus that
 * collection's indexes, which every write keeps current. Configured indexes exist from the first document;
 * the single-field ones Firestore creates automatically are built here the first time a query needs one.
 */
import type { Doc } from "./documents";
import type { FieldPath } from "./fieldPaths";
import { Index, NAME_PATH, type Ordering, orderingsOf, pathKey } from "./indexes";
import { splitDocumentPath } from "./paths";
import type { IndexDefinition } from "./types";

export interface Change {
	path: string;
	/** null deletes the document. */
	doc: Doc | null;
}

export class Collection {
	readonly docs = new Map<string, Doc>();
	readonly indexes: Index[] = [];
	private readonly automatic = new Map<string, Index>();

	constructor(configured: readonly Ordering[][]) {
		for (const orderings of configured) this.indexes.push(new Index(orderings, []));
	}

	/**
	 * The ascending automatic index on one field (on the name alone for null), built on first use. A query in
	 * the opposite direction walks it backwards, so no descending twin is needed.
	 */
	automaticIndex(field: FieldPath | null): Index {
		const name = { path: NAME_PATH, descending: false };
		const orderings = field === null ? [name] : [{ path: field, descending: false }, name];
		const key = field === null ? "" : pathKey(field);
		let index = this.automatic.get(key);
		if (index === undefined) {
			index = new Index(orderings, this.docs.values());
			this.automatic.set(key, index);
			this.indexes.push(index);
		}
		return index;
	}

	put(id: string, doc: Doc | null): void {
		const previous = this.docs.get(id);
		if (previous !== undefined) for (const index of this.indexes) index.remove(previous);
		if (doc === null) {
			this.docs.delete(id);
			return;
		}
		this.docs.set(id, doc);
		for (const index of this.indexes) index.add(doc);
	}
}

export class Store {
	private readonly collections = new Map<string, Collection>();
	private readonly configured: Array<{ collectionId: string; orderings: Ordering[] }> = [];

	constructor(definitions: readonly IndexDefinition[]) {
		for (const definition of definitions) {
			const orderings = orderingsOf(definition);
			if (orderings !== null) this.configured.push({ collectionId: definition.collectionGroup, orderings });
		}
	}

	get(path: string): Doc | undefined {
		const { collection, id } = splitDocumentPath(path);
		return this.collections.get(collection)?.docs.get(id);
	}

	collection(path: string): Collection | undefined {
		return this.collections.get(path);
	}

	apply(changes: readonly Change[]): void {
		for (const { path, doc } of changes) {
			const { collection: collectionPath, id } = splitDocumentPath(path);
			let collection = this.collections.get(collectionPath);
			if (collection === undefined) {
				if (doc === null) continue;
				collection = this.createCollection(collectionPath);
			}
			collection.put(id, doc);
			if (collection.docs.size === 0) this.collections.delete(collectionPath);
		}
	}

	clear(): void {
		this.collections.clear();
	}

	*documents(): Generator<Doc> {
		for (const collection of this.collections.values()) yield* collection.docs.values();
	}

	private createCollection(path: string): Collection {
		const collectionId = path.slice(path.lastIndexOf("/") + 1);
		const collection = new Collection(
			this.configured.filter((index) => index.collectionId === collectionId).map((index) => index.orderings),
		);
		this.collections.set(path, collection);
		return collection;
	}
}
