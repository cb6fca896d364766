/**
 * One database: the store in memory, its journal on disk, and the four RPCs the lite SDK uses, answered
 * in the v1 REST JSON shapes. Reads run at once against the applied state; commits queue one at a time,
 * and each is journaled (on disk) before it is applied (visible) and acknowledged.
 */
import { aggregate, parseAggregationQuery } from "./aggregate";
import {
	type Caller,
	decideCommit,
	LookupBudget,
	PERMISSION_DENIED_MESSAGE,
	parseCommit,
	readLookups,
	type WriteResult,
} from "./commit";
import { WriteContention } from "./contention";
import { type Doc, makeDoc, toStoredDocument } from "./documents";
import { FirestoreError, invalidArgument, unimplemented } from "./errors";
import { type FieldPath, parseFieldPath, projectFields } from "./fieldPaths";
import { Journal, type PersistedDoc, type RecordBody } from "./journal";
import { DatabaseRoot, splitDocumentPath } from "./paths";
import { runQuery } from "./planner";
import { parseQuery, type Query } from "./query";
import { IndexCatalog } from "./requiredIndex";
import { SerialQueue } from "./serial";
import { type Change, Store } from "./store";
import { CommitClock, formatMicros, microsOf } from "./time";
import type { AccessPolicy, FirestoreServerOptions, StoredDocument, Value } from "./types";

type BatchGetResponse = ({ found: StoredDocument } | { missing: string }) & { readTime: string };

const isRecord = (raw: unknown): raw is Record<string, unknown> =>
	typeof raw === "object" && raw !== null && !Array.isArray(raw);

/** Read options that need server-side transactions or point-in-time reads, which this server does not keep. */
function refuseConsistencySelectors(body: Record<string, unknown>): void {
	for (const field of ["transaction", "newTransaction", "readTime", "explainOptions"]) {
		if (body[field] !== undefined) throw unimplemented(`The ${field} read option`);
	}
}

function requestObject(body: unknown): Record<string, unknown> {
	if (!isRecord(body)) throw invalidArgument("The request body must be a JSON object");
	return body;
}

const toPersisted = (doc: Doc): PersistedDoc => ({
	path: doc.path,
	fields: doc.fields,
	createTime: doc.createTime,
	updateTime: doc.updateTime,
});

export class Database {
	private readonly commits = new SerialQueue();
	private readonly clock = new CommitClock();
	/** The time of the commit being made durable, which reads must not claim to have seen. */
	private pending: number | null = null;

	private constructor(
		readonly root: DatabaseRoot,
		private readonly store: Store,
		private readonly journal: Journal,
		private readonly policy: AccessPolicy,
		private readonly indexes: IndexCatalog,
		private readonly contention: WriteContention | null,
	) {}

	static async open(
		options: Pick<
			FirestoreServerOptions,
			"projectId" | "dataDir" | "indexes" | "fieldOverrides" | "policy" | "writeContention"
		>,
	): Promise<Database> {
		const root = new DatabaseRoot(options.projectId);
		const { journal, recovered } = await Journal.open(options.dataDir);
		const store = new Store(options.indexes);
		store.apply(
			[...recovered.docs.values()].map((doc) => ({
				path: doc.path,
				doc: makeDoc(root.documentsName, doc.path, doc.fields, doc.createTime, doc.updateTime),
			})),
		);
		const indexes = new IndexCatalog(options.projectId, options.indexes, options.fieldOverrides ?? []);
		const contention = options.writeContention ? new WriteContention(options.writeContention) : null;
		const database = new Database(root, store, journal, denyOnError(options.policy), indexes, contention);
		if (recovered.time !== "") database.clock.observe(microsOf(recovered.time));
		return database;
	}

	batchGet(body: unknown, caller: Caller): BatchGetResponse[] {
		const request = requestObject(body);
		refuseConsistencySelectors(request);
		if (!Array.isArray(request.documents)) throw invalidArgument("documents must be an array of document names");
		const mask = parseDocumentMask(request.mask);
		const readTime = this.readTime();
		const paths = request.documents.map((name: unknown, i) => this.root.documentPath(name, `documents[${i}]`));
		const docs = paths.map((path) => this.store.get(path) ?? null);
		if (!caller.admin) {
			const lookups = new LookupBudget();
			paths.forEach((path, i) => {
				const { collection, id } = splitDocumentPath(path);
				const resource = docs[i]?.fields ?? null;
				const read = readLookups(this.store, lookups.forDocument());
				if (!this.policy({ method: "get", auth: caller.auth, collection, id, resource, ...read }))
					throw permissionDenied();
			});
		}
		return paths.map((path, i) => {
			const doc = docs[i];
			return doc ? { found: present(doc, mask), readTime } : { missing: this.root.nameOf(path), readTime };
		});
	}

	runQuery(body: unknown, parent: string, caller: Caller): Array<{ document?: StoredDocument; readTime: string }> {
		const request = requestObject(body);
		refuseConsistencySelectors(request);
		const query = parseQuery(request.structuredQuery, parent);
		this.authorizeList(query, caller);
		this.indexes.require(query);
		const readTime = this.readTime();
		const docs = runQuery(this.store, query);
		if (docs.length === 0) return [{ readTime }];
		return docs.map((doc) => ({ document: present(doc, query.select), readTime }));
	}

	runAggregationQuery(
		body: unknown,
		parent: string,
		caller: Caller,
	): Array<{ result: { aggregateFields: Record<string, Value> }; readTime: string }> {
		const request = requestObject(body);
		refuseConsistencySelectors(request);
		const aggregation = parseAggregationQuery(request, parent);
		this.authorizeList(aggregation.query, caller);
		this.indexes.require(aggregation.query);
		const readTime = this.readTime();
		return [{ result: { aggregateFields: aggregate(this.store, aggregation) }, readTime }];
	}

	commit(body: unknown, caller: Caller): Promise<{ writeResults: WriteResult[]; commitTime: string }> {
		const writes = parseCommit(body, this.root);
		// As the commit arrives, not once the commits ahead of it are done: production writes documents in
		// parallel, and a refusal that waited behind this server's queue would come too late to try elsewhere.
		this.contention?.admit([...new Set(writes.filter((write) => write.kind !== "verify").map((write) => write.path))]);
		return this.commits.run(async () => {
			const micros = this.clock.next();
			const commitTime = formatMicros(micros);
			const { changes, writeResults } = decideCommit(this.store, this.root, writes, commitTime, caller, this.policy);
			if (changes.length > 0) await this.durably(micros, changes);
			return { writeResults, commitTime };
		});
	}

	/** Empties the database, durably: the emulator's DELETE .../documents. */
	reset(): Promise<void> {
		return this.commits.run(async () => {
			const micros = this.clock.next();
			await this.journaled(micros, { time: formatMicros(micros), reset: true });
			this.store.clear();
		});
	}

	/** Waits for queued commits, then closes the journal. */
	async close(): Promise<void> {
		await this.commits.idle();
		await this.journal.close();
	}

	private async durably(micros: number, changes: Change[]): Promise<void> {
		const puts: PersistedDoc[] = [];
		const deletes: string[] = [];
		for (const { path, doc } of changes) {
			if (doc === null) deletes.push(path);
			else puts.push(toPersisted(doc));
		}
		await this.journaled(micros, { time: formatMicros(micros), puts, deletes });
		this.store.apply(changes);
		if (this.journal.wantsCompaction) {
			this.commits
				.run(() =>
					this.journal.compact(Array.from(this.store.documents(), toPersisted), formatMicros(this.clock.now())),
				)
				.catch((error: unknown) => {
					console.error("Shorty's local Firestore could not compact its journal; it keeps appending:", error);
				});
		}
	}

	private async journaled(micros: number, record: RecordBody): Promise<void> {
		this.pending = micros;
		try {
			await this.journal.append(record);
		} finally {
			this.pending = null;
		}
	}

	private authorizeList(query: Query, caller: Caller): void {
		if (caller.admin) return;
		const access = {
			method: "list" as const,
			auth: caller.auth,
			collection: query.collection,
			filters: query.accessFilters,
			limit: query.limit,
			...readLookups(this.store, new LookupBudget().forDocument()),
		};
		if (!this.policy(access)) throw permissionDenied();
	}

	/** Now, unless a commit is being made durable: its effects are not visible yet, so reads happen before it. */
	private readTime(): string {
		return formatMicros(this.pending === null ? this.clock.now() : this.pending - 1);
	}
}

/**
 * A policy that throws denies, as a security rule whose evaluation fails does; the error is logged for its
 * author. The server's own refusals raised inside it (too many document lookups) pass as they are.
 */
function denyOnError(policy: AccessPolicy): AccessPolicy {
	return (access) => {
		try {
			return policy(access) === true;
		} catch (error) {
			if (error instanceof FirestoreError) throw error;
			console.error(`The access policy failed on a ${access.method} in ${access.collection}, so it is denied:`, error);
			return false;
		}
	};
}

const permissionDenied = () => new FirestoreError("PERMISSION_DENIED", PERMISSION_DENIED_MESSAGE);

function present(doc: Doc, mask: readonly FieldPath[] | null): StoredDocument {
	return toStoredDocument(doc, mask === null ? doc.fields : projectFields(doc.fields, mask));
}

function parseDocumentMask(raw: unknown): FieldPath[] | null {
	if (raw === undefined) return null;
	if (!isRecord(raw) || !Array.isArray(raw.fieldPaths ?? []))
		throw invalidArgument("mask must be a DocumentMask with fieldPaths");
	return ((raw.fieldPaths ?? []) as unknown[]).map((path, i) => parseFieldPath(path, `mask.fieldPaths[${i}]`));
}
