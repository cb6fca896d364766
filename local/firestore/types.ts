import type { WriteContentionModel } from "./contention";

/**
 * The contract between the Firestore-compatible server (local/firestore/) and what it is wired to:
 * token verification (local/auth.ts), the rules policy (local/policy.ts) and the launcher (local/backend.ts).
 *
 * Documents are kept and exchanged in Firestore v1 REST JSON, exactly as the SDK sends and expects them,
 * so nothing converts between representations on the way in or out.
 */

/** A Firestore v1 REST `Value`: exactly one of these keys is present. */
export type Value =
	| { nullValue: null }
	| { booleanValue: boolean }
	| { integerValue: string }
	| { doubleValue: number | "NaN" | "Infinity" | "-Infinity" }
	| { timestampValue: string }
	| { stringValue: string }
	| { bytesValue: string }
	| { referenceValue: string }
	| { geoPointValue: { latitude: number; longitude: number } }
	| { arrayValue: { values?: Value[] } }
	| { mapValue: { fields?: Fields } };

export type Fields = Record<string, Value>;

/** A stored document as the REST API returns it. `name` is the full resource name. */
export interface StoredDocument {
	name: string;
	fields: Fields;
	createTime: string;
	updateTime: string;
}

/** Who is calling, from a verified ID token; null when the request carried none. */
export interface AuthContext {
	uid: string;
	/** The token's claims (sign_in_provider lives under firebase.sign_in_provider). */
	token: Record<string, unknown>;
}

export type FieldOperator =
	| "EQUAL"
	| "NOT_EQUAL"
	| "LESS_THAN"
	| "LESS_THAN_OR_EQUAL"
	| "GREATER_THAN"
	| "GREATER_THAN_OR_EQUAL"
	| "IN"
	| "NOT_IN"
	| "ARRAY_CONTAINS"
	| "ARRAY_CONTAINS_ANY";

/** One field filter of a structured query, flattened out of any composite AND. */
export interface FieldFilter {
	field: string;
	op: FieldOperator;
	value: Value;
}

/**
 * Rules' get() and exists() in a read: a document as it stands. Each call counts against Firestore's
 * limits on document lookups, so a policy calls them exactly where its rules do.
 */
export interface ReadLookups {
	get(path: string): Fields | null;
	exists(path: string): boolean;
}

/**
 * One access decision, shaped like a security-rules evaluation. Paths are relative to the database's
 * documents root, e.g. "links/abc123".
 */
export type Access =
	| ({
			method: "get";
			auth: AuthContext | null;
			collection: string;
			id: string;
			/** The stored document; null if it does not exist. */
			resource: Fields | null;
	  } & ReadLookups)
	| ({
			/** runQuery or runAggregationQuery on a collection: decided from the query, never per document. */
			method: "list";
			auth: AuthContext | null;
			collection: string;
			filters: FieldFilter[];
			limit: number | null;
	  } & ReadLookups)
	| {
			method: "create" | "update" | "delete";
			auth: AuthContext | null;
			collection: string;
			id: string;
			/** The document before this commit; null for a create. */
			resource: Fields | null;
			/** The document as this commit leaves it (transforms applied); null for a delete. */
			requestResource: Fields | null;
			/** The commit time, which is also the value every serverTimestamp transform wrote. */
			requestTime: string;
			/**
			 * Rules' get(), exists(), getAfter() and existsAfter(): a document as it stands before the commit, and
			 * as it will stand if the whole commit succeeds. Each call counts against Firestore's limits on
			 * document lookups, so a policy calls them exactly where its rules do.
			 */
			get(path: string): Fields | null;
			exists(path: string): boolean;
			getAfter(path: string): Fields | null;
			existsAfter(path: string): boolean;
	  };

/** True allows the operation. Any false in a commit rejects the whole commit with PERMISSION_DENIED. */
export type AccessPolicy = (access: Access) => boolean;

/** Verifies an Authorization header; resolves null without one, rejects for a bad token (-> 401 UNAUTHENTICATED). */
export type Authenticate = (authorization: string | undefined) => Promise<AuthContext | null>;

/** A composite index from firestore.indexes.json. */
export interface IndexDefinition {
	collectionGroup: string;
	queryScope: "COLLECTION" | "COLLECTION_GROUP";
	fields: Array<{ fieldPath: string; order?: "ASCENDING" | "DESCENDING"; arrayConfig?: "CONTAINS" }>;
}

/** A single-field index setting from firestore.indexes.json's fieldOverrides; `indexes: []` exempts the field. */
export interface FieldOverride {
	collectionGroup: string;
	/** A field path, or "*" for every field of the collection group. */
	fieldPath: string;
	indexes: Array<{
		order?: "ASCENDING" | "DESCENDING";
		arrayConfig?: "CONTAINS";
		queryScope?: "COLLECTION" | "COLLECTION_GROUP";
	}>;
	/** A TTL policy on the field: production deletes documents some time after it; this server never does. */
	ttl?: boolean;
}

export interface FirestoreServerOptions {
	projectId: string;
	/** Folder for the journal and snapshot; created if missing. */
	dataDir: string;
	host?: string;
	/** 0 picks a free port; the started server reports the real one. */
	port: number;
	indexes: IndexDefinition[];
	/** Single-field index exemptions; without them every field has Firestore's automatic indexes. */
	fieldOverrides?: FieldOverride[];
	authenticate: Authenticate;
	policy: AccessPolicy;
	/**
	 * Refuse writes to a document past production's sustained rate, as production does (contention.ts).
	 * Off by default: the suites write one document in quick succession on purpose (a link, then its edit).
	 */
	writeContention?: WriteContentionModel;
}

export interface RunningFirestoreServer {
	port: number;
	/** Stops accepting requests, waits for in-flight commits, and closes the journal. */
	close(): Promise<void>;
}
