/**
 * A commit, decided before anything is written: every write is applied to an overlay of the store, every
 * document it touches is put to the access policy, then every precondition is checked, and only if all
 * of that passes does the caller journal and apply the resulting changes. One commit time covers every
 * write, and it is also the time that serverTimestamp() stores.
 *
 * The policy comes before the preconditions, as security rules do in Firestore: a refused write answers
 * PERMISSION_DENIED whatever its precondition says, so a refusal never tells a caller whether someone
 * else's document exists. Production's order is not documented; this is the stricter reading.
 */
import { type Doc, makeDoc } from "./documents";
import { FirestoreError, invalidArgument, unimplemented } from "./errors";
import { deleteField, EMPTY_FIELDS, type FieldPath, getField, parseWrittenFieldPath, setField } from "./fieldPaths";
import { MAX_TRANSFORMS_PER_DOCUMENT, MAX_WRITES_PER_COMMIT } from "./limits";
import type { DatabaseRoot } from "./paths";
import { splitDocumentPath } from "./paths";
import { checkStorable } from "./storageSize";
import type { Change, Store } from "./store";
import { canonicalTimestamp } from "./time";
import { applyTransforms, parseTransforms, type Transform } from "./transforms";
import type { Access, AccessPolicy, AuthContext, Fields, ReadLookups, Value } from "./types";
import { jsonReplacer, parseFields } from "./values";

type Precondition = { exists: boolean } | { updateTime: string } | null;

export type Write =
	| {
			kind: "update";
			path: string;
			fields: Fields;
			mask: FieldPath[] | null;
			transforms: Transform[];
			precondition: Precondition;
	  }
	| { kind: "delete" | "verify"; path: string; precondition: Precondition };

export interface WriteResult {
	updateTime?: string;
	transformResults?: Value[];
}

export interface CommitOutcome {
	changes: Change[];
	writeResults: WriteResult[];
}

/** Who asks: the administrator bypasses the policy, everyone else is put to it. */
export type Caller = { admin: true } | { admin: false; auth: AuthContext | null };

export const PERMISSION_DENIED_MESSAGE = "Missing or insufficient permissions.";

const refused = () => new FirestoreError("PERMISSION_DENIED", PERMISSION_DENIED_MESSAGE);

const isRecord = (raw: unknown): raw is Record<string, unknown> =>
	typeof raw === "object" && raw !== null && !Array.isArray(raw);

export function parseCommit(body: unknown, root: DatabaseRoot): Write[] {
	if (!isRecord(body)) throw invalidArgument("A commit request must be a JSON object");
	if (body.transaction !== undefined) throw unimplemented("A commit in a server-side transaction (transaction)");
	const raw = body.writes ?? [];
	if (!Array.isArray(raw)) throw invalidArgument("writes must be an array");
	if (raw.length > MAX_WRITES_PER_COMMIT)
		throw invalidArgument(`maximum ${MAX_WRITES_PER_COMMIT} writes allowed per request`);
	const writes = raw.map((write: unknown, i) => parseWrite(write, `writes[${i}]`, root));
	checkTransformCounts(writes, root);
	return writes;
}

/** Firestore counts transforms per document across the whole commit, since one document may take several writes. */
function checkTransformCounts(writes: readonly Write[], root: DatabaseRoot): void {
	const counts = new Map<string, number>();
	for (const write of writes) {
		if (write.kind !== "update") continue;
		const count = (counts.get(write.path) ?? 0) + write.transforms.length;
		if (count > MAX_TRANSFORMS_PER_DOCUMENT)
			throw invalidArgument(
				`The commit makes ${count} field transforms on ${root.nameOf(write.path)}; at most ${MAX_TRANSFORMS_PER_DOCUMENT} are allowed per document`,
			);
		counts.set(write.path, count);
	}
}

function parseWrite(raw: unknown, where: string, root: DatabaseRoot): Write {
	if (!isRecord(raw)) throw invalidArgument(`${where} must be a Write object`);
	if (raw.transform !== undefined) throw unimplemented(`${where}.transform (a transform-only write)`);
	const kinds = ["update", "delete", "verify"].filter((kind) => raw[kind] !== undefined);
	if (kinds.length !== 1) throw invalidArgument(`${where} must have exactly one of update, delete or verify`);
	const precondition = parsePrecondition(raw.currentDocument, `${where}.currentDocument`);
	if (raw.update === undefined) {
		if (raw.updateMask !== undefined || raw.updateTransforms !== undefined)
			throw invalidArgument(`${where} has updateMask or updateTransforms without update`);
		const kind = raw.delete !== undefined ? "delete" : "verify";
		return { kind, path: root.documentPath(raw[kind], `${where}.${kind}`), precondition };
	}
	if (!isRecord(raw.update)) throw invalidArgument(`${where}.update must be a Document object`);
	return {
		kind: "update",
		path: root.documentPath(raw.update.name, `${where}.update.name`),
		fields: parseFields(raw.update.fields ?? EMPTY_FIELDS, `${where}.update.fields`),
		mask: parseMask(raw.updateMask, `${where}.updateMask`),
		transforms: parseTransforms(raw.updateTransforms, `${where}.updateTransforms`),
		precondition,
	};
}

function parseMask(raw: unknown, where: string): FieldPath[] | null {
	if (raw === undefined) return null;
	if (!isRecord(raw)) throw invalidArgument(`${where} must be a DocumentMask object`);
	const paths = raw.fieldPaths ?? [];
	if (!Array.isArray(paths)) throw invalidArgument(`${where}.fieldPaths must be an array`);
	return paths.map((path: unknown, i) => parseWrittenFieldPath(path, `${where}.fieldPaths[${i}]`));
}

function parsePrecondition(raw: unknown, where: string): Precondition {
	if (raw === undefined) return null;
	if (!isRecord(raw)) throw invalidArgument(`${where} must be a Precondition object`);
	if (raw.exists !== undefined && raw.updateTime !== undefined)
		throw invalidArgument(`${where} must have only one of exists or updateTime`);
	if (typeof raw.exists === "boolean") return { exists: raw.exists };
	if (typeof raw.updateTime === "string") {
		const updateTime = canonicalTimestamp(raw.updateTime);
		if (updateTime !== null) return { updateTime };
	}
	throw invalidArgument(`${where} must be { exists: boolean } or { updateTime: timestamp }`);
}

/**
 * Works out what the writes do at `commitTime`, failing with PERMISSION_DENIED if the policy refuses any
 * document, else with the error Firestore gives for the first precondition that does not hold.
 */
export function decideCommit(
	store: Store,
	root: DatabaseRoot,
	writes: readonly Write[],
	commitTime: string,
	caller: Caller,
	policy: AccessPolicy,
): CommitOutcome {
	const after = new Map<string, Doc | null>();
	const current = (path: string): Doc | null =>
		after.has(path) ? (after.get(path) ?? null) : (store.get(path) ?? null);
	const writeResults: WriteResult[] = [];
	const written = new Set<string>();
	/** Each write with the document as the writes before it in this commit left it: what its precondition checks. */
	const steps: Array<{ write: Write; existing: Doc | null }> = [];
	for (const write of writes) {
		const existing = current(write.path);
		steps.push({ write, existing });
		if (write.kind !== "update") {
			if (write.kind === "delete") {
				written.add(write.path);
				after.set(write.path, null);
			}
			writeResults.push(write.kind === "verify" && existing !== null ? { updateTime: existing.updateTime } : {});
			continue;
		}
		written.add(write.path);
		const base =
			write.mask === null ? write.fields : masked(existing?.fields ?? EMPTY_FIELDS, write.fields, write.mask);
		const { fields, results } = applyTransforms(base, write.transforms, commitTime);
		checkStorable(root.nameOf(write.path), write.path, fields);
		const unchanged = existing !== null && sameFields(existing.fields, fields);
		const doc = unchanged
			? existing
			: makeDoc(root.documentsName, write.path, fields, existing?.createTime ?? commitTime, commitTime);
		after.set(write.path, doc);
		writeResults.push(
			write.transforms.length > 0
				? { updateTime: doc.updateTime, transformResults: results }
				: { updateTime: doc.updateTime },
		);
	}
	if (!caller.admin) {
		const lookups = new LookupBudget();
		for (const path of written) {
			const access = accessFor(
				path,
				store.get(path) ?? null,
				current(path),
				commitTime,
				caller.auth,
				store,
				current,
				lookups.forDocument(),
			);
			if (!policy(access)) throw refused();
		}
		// A verify is a transaction's read of a document it does not write: it needs read access only
		// (google.firestore.v1.Write.verify), and a caller who may not read a document learns nothing of it.
		for (const { write } of steps) {
			if (write.kind !== "verify") continue;
			const { collection, id } = splitDocumentPath(write.path);
			const resource = store.get(write.path)?.fields ?? null;
			const read = readLookups(store, lookups.forDocument());
			if (!policy({ method: "get", auth: caller.auth, collection, id, resource, ...read })) throw refused();
		}
	}
	for (const { write, existing } of steps) checkPrecondition(write, existing, root);
	const changes = [...written]
		.filter((path) => current(path) !== (store.get(path) ?? null))
		.map((path) => ({ path, doc: current(path) }));
	return { changes, writeResults };
}

function checkPrecondition(write: Write, existing: Doc | null, root: DatabaseRoot): void {
	const { precondition } = write;
	if (precondition === null) return;
	const name = root.nameOf(write.path);
	if ("exists" in precondition) {
		if (precondition.exists && existing === null)
			throw new FirestoreError("NOT_FOUND", `No document to ${write.kind}: ${name}`);
		if (!precondition.exists && existing !== null)
			throw new FirestoreError("ALREADY_EXISTS", `Document already exists: ${name}`);
	} else if (existing?.updateTime !== precondition.updateTime) {
		const stored = existing === null ? "none (the document does not exist)" : existing.updateTime;
		throw new FirestoreError(
			"FAILED_PRECONDITION",
			`The stored version of ${name} (${stored}) does not match the required base version (${precondition.updateTime})`,
		);
	}
}

/** A merge or partial update: each masked path takes the new value, or is removed if the update lacks it. */
function masked(existing: Fields, update: Fields, mask: readonly FieldPath[]): Fields {
	let fields = existing;
	for (const path of mask) {
		const value = getField(update, path);
		fields = value === undefined ? deleteField(fields, path) : setField(fields, path, value);
	}
	return fields;
}

/** Firestore leaves updateTime alone when a write changes nothing, so an identical set is not a new version. */
const sameFields = (a: Fields, b: Fields): boolean =>
	JSON.stringify(a, jsonReplacer) === JSON.stringify(b, jsonReplacer);

/**
 * Firestore's limits on get(), exists(), getAfter() and existsAfter() calls: 10 while deciding one document,
 * 20 in all for a request that writes several (https://firebase.google.com/docs/firestore/quotas#security_rules).
 * Past either, the request is refused. Production "may" cache repeated calls and not count them; that is
 * not promised, so every call counts here, the same document's included.
 */
const LOOKUPS_PER_DOCUMENT = 10;
const LOOKUPS_PER_REQUEST = 20;

export class LookupBudget {
	private total = 0;

	/** A counter for deciding one more document; it throws the refusal at the first call over a limit. */
	forDocument(): () => void {
		let own = 0;
		return () => {
			own++;
			this.total++;
			if (own > LOOKUPS_PER_DOCUMENT || this.total > LOOKUPS_PER_REQUEST)
				throw new FirestoreError(
					"PERMISSION_DENIED",
					`${PERMISSION_DENIED_MESSAGE} The rules made more document lookups (get, exists, getAfter, existsAfter) ` +
						`than Firestore allows: ${LOOKUPS_PER_DOCUMENT} per document, ${LOOKUPS_PER_REQUEST} per request.`,
				);
		};
	}
}

/** get() and exists() for a read's rules, each call counted by `countLookup`. */
export function readLookups(store: Store, countLookup: () => void): ReadLookups {
	return {
		get: (path) => {
			countLookup();
			return store.get(path)?.fields ?? null;
		},
		exists: (path) => {
			countLookup();
			return store.get(path) !== undefined;
		},
	};
}

function accessFor(
	path: string,
	before: Doc | null,
	after: Doc | null,
	requestTime: string,
	auth: AuthContext | null,
	store: Store,
	current: (path: string) => Doc | null,
	countLookup: () => void,
): Access {
	const { collection, id } = splitDocumentPath(path);
	const lookup =
		<T>(read: (path: string) => T) =>
		(other: string): T => {
			countLookup();
			return read(other);
		};
	return {
		method: after === null ? "delete" : before === null ? "create" : "update",
		auth,
		collection,
		id,
		resource: before?.fields ?? null,
		requestResource: after?.fields ?? null,
		requestTime,
		get: lookup((other) => store.get(other)?.fields ?? null),
		exists: lookup((other) => store.get(other) !== undefined),
		getAfter: lookup((other) => current(other)?.fields ?? null),
		existsAfter: lookup((other) => current(other) !== null),
	};
}
