/**
 * The limits Cloud Firestore enforces, in one place, each with where it is stated. Shorty's server must
 * refuse what production refuses, so an app that works locally does not fail on its first real write.
 *
 * QUOTAS:       https://firebase.google.com/docs/firestore/quotas
 * STORAGE_SIZE: https://firebase.google.com/docs/firestore/storage-size
 * QUERIES:      https://firebase.google.com/docs/firestore/query-data/queries
 * PROTO:        google/firestore/v1 (document.proto, query.proto) in github.com/googleapis/googleapis
 */

/**
 * QUOTAS, "Maximum API request size": 10 MiB. Google's front end measures the HTTP body and answers
 * "Request payload size exceeds the limit: 10485760 bytes."
 */
export const MAX_REQUEST_BYTES = 10 * 1024 * 1024;

/**
 * Google's servers decode a request into protocol buffers, whose decoders refuse messages nested more
 * than 100 deep (protobuf's default recursion limit). JSON nests at least as deep as the messages it
 * encodes, so holding the JSON to 100 is the stricter reading; a document at the limit (maps 20 deep,
 * three JSON levels each) stays well inside it. It also bounds every recursive parser of this server.
 */
export const MAX_REQUEST_NESTING = 100;

/**
 * QUOTAS, "Maximum number of writes that can be passed to a Commit operation": 500; production answers
 * "maximum 500 writes allowed per request". An update with transforms is one write.
 */
export const MAX_WRITES_PER_COMMIT = 500;

/** QUOTAS, "Maximum number of field transformations that can be performed on a single document in a Commit". */
export const MAX_TRANSFORMS_PER_DOCUMENT = 500;

/** QUOTAS, "Maximum size for a document": 1 MiB, measured by STORAGE_SIZE's rules. */
export const MAX_DOCUMENT_BYTES = 1_048_576;

/** QUOTAS, "Maximum size of a field value": 1 MiB - 89 bytes. */
export const MAX_FIELD_VALUE_BYTES = 1_048_487;

/** QUOTAS, "Maximum depth of fields in a map or array": 20; each map and each array adds a level. */
export const MAX_VALUE_DEPTH = 20;

/** QUOTAS, constraints on collection and document IDs: "Must be no longer than 1,500 bytes". */
export const MAX_ID_BYTES = 1500;

/** QUOTAS, "Maximum size of a field name" and PROTO (MapValue.fields: map keys "must not exceed 1,500 bytes"). */
export const MAX_FIELD_NAME_BYTES = 1500;

/** QUOTAS, "Maximum size of a field path": 1,500 bytes. */
export const MAX_FIELD_PATH_BYTES = 1500;

/**
 * QUOTAS: collection IDs, document IDs and field names "cannot match the regular expression __.*__".
 * PROTO allows reserved field names only "in certain documented contexts": `__name__` in queries and the
 * `__type__` key of a vector value.
 */
export const RESERVED_NAME = /^__.*__$/;

/** QUERIES: in, not-in and array-contains-any combine "up to 30" values. */
export const MAX_LIST_VALUES = 30;

/** PROTO (StructuredAggregationQuery.aggregations): "Requires: A minimum of one and maximum of five aggregations". */
export const MAX_AGGREGATIONS = 5;

/** STORAGE_SIZE: a document's size is its name's size, its fields' sizes, and this. */
export const DOCUMENT_OVERHEAD_BYTES = 32;

/** STORAGE_SIZE: a document name's size is the sizes of its collection and document IDs, and this. */
export const DOCUMENT_NAME_OVERHEAD_BYTES = 16;
