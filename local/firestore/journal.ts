/**
 * Durable storage in a data folder: a snapshot of every document plus a journal of the commits since.
 *
 * journal.jsonl   one commit per line: "<crc32 of the JSON, 8 hex digits> <JSON>\n", appended and
 *                 fdatasync'ed before the commit is acknowledged.
 * snapshot.jsonl  a header line {format, seq, time}, one document per line, then {end: <count>}.
 *
 * Recovery loads the snapshot, then replays the journal's records whose seq is above the snapshot's. A
 * last line that is incomplete or fails its checksum is a write the crash interrupted, which was never
 * acknowledged: it is cut off. A bad line with good lines after it is real damage, and refuses to load.
 *
 * Compaction writes the snapshot to a temporary file, fsyncs it, renames it over the old one, fsyncs the
 * folder, and only then empties the journal; a crash between those steps leaves records the snapshot
 * already holds, which replay skips by their seq.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { type FileHandle, open, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import { lockFolder } from "./folderLock";
import type { Fields } from "./types";
import { jsonReplacer, jsonReviver } from "./values";

export interface PersistedDoc {
	path: string;
	fields: Fields;
	createTime: string;
	updateTime: string;
}

/** What one commit did: the documents it left, the ones it removed; or a reset that emptied the database. */
export type RecordBody = { time: string; puts: PersistedDoc[]; deletes: string[] } | { time: string; reset: true };

type JournalRecord = RecordBody & { seq: number };

export interface Recovered {
	docs: Map<string, PersistedDoc>;
	/** The newest commit time on disk, so the clock never hands out an older one. */
	time: string;
}

const SNAPSHOT_FORMAT = "shorty-firestore-snapshot";
const SNAPSHOT = "snapshot.jsonl";
const JOURNAL = "journal.jsonl";
/** The journal is folded into the snapshot once it outgrows both this and the snapshot itself. */
const COMPACT_AFTER_BYTES = 8 * 1024 * 1024;

export class DataCorruptError extends Error {
	override name = "DataCorruptError";
}

export class Journal {
	private failure: Error | null = null;

	private constructor(
		private readonly dir: string,
		private handle: FileHandle,
		private seq: number,
		private journalBytes: number,
		private snapshotBytes: number,
		private readonly compactAfterBytes: number,
		private readonly unlock: () => Promise<void>,
	) {}

	/** Opens the folder (creating it), recovers its documents, and compacts what the journal held. */
	static async open(
		dir: string,
		compactAfterBytes = COMPACT_AFTER_BYTES,
	): Promise<{ journal: Journal; recovered: Recovered }> {
		mkdirSync(dir, { recursive: true });
		const unlock = await lockFolder(dir);
		try {
			await rm(join(dir, `${SNAPSHOT}.tmp`), { force: true });
			const snapshot = readSnapshot(join(dir, SNAPSHOT));
			const replayed = replayJournal(join(dir, JOURNAL), snapshot.seq, snapshot.docs);
			const recovered = { docs: snapshot.docs, time: maxTime(snapshot.time, replayed.time) };
			const handle = await open(join(dir, JOURNAL), "a");
			await syncFolder(dir);
			const journal = new Journal(dir, handle, replayed.seq, replayed.bytes, snapshot.bytes, compactAfterBytes, unlock);
			if (replayed.bytes > 0) await journal.compact(recovered.docs.values(), recovered.time);
			return { journal, recovered };
		} catch (error) {
			await unlock();
			throw error;
		}
	}

	/**
	 * Appends one commit and returns once it is on disk. A failed write is cut back off, so a later record
	 * never follows a partial one; if even that fails, the journal takes no more commits until restarted.
	 */
	async append(body: RecordBody): Promise<void> {
		if (this.failure !== null) throw this.failure;
		const record = { seq: this.seq + 1, ...body };
		const json = JSON.stringify(record, jsonReplacer);
		const line = Buffer.from(`${crc32(json).toString(16).padStart(8, "0")} ${json}\n`);
		try {
			await writeAll(this.handle, line);
			await this.handle.datasync();
		} catch (error) {
			await this.handle.truncate(this.journalBytes).catch((truncateError: unknown) => {
				this.failure = truncateError instanceof Error ? truncateError : new Error(String(truncateError));
			});
			throw error;
		}
		this.seq = record.seq;
		this.journalBytes += line.length;
	}

	get wantsCompaction(): boolean {
		return this.journalBytes > Math.max(this.compactAfterBytes, this.snapshotBytes);
	}

	/** Replaces the snapshot with `docs` (the state after every appended record) and empties the journal. */
	async compact(docs: Iterable<PersistedDoc>, time: string): Promise<void> {
		const temporary = join(this.dir, `${SNAPSHOT}.tmp`);
		const file = await open(temporary, "w");
		let bytes = 0;
		let count = 0;
		try {
			const header = JSON.stringify({ format: SNAPSHOT_FORMAT, version: 1, seq: this.seq, time });
			let chunk = `${header}\n`;
			for (const doc of docs) {
				chunk += `${JSON.stringify(doc, jsonReplacer)}\n`;
				count++;
				if (chunk.length > 1 << 20) {
					bytes += await writeAll(file, Buffer.from(chunk));
					chunk = "";
				}
			}
			chunk += `${JSON.stringify({ end: count })}\n`;
			bytes += await writeAll(file, Buffer.from(chunk));
			await file.sync();
		} finally {
			await file.close();
		}
		await rename(temporary, join(this.dir, SNAPSHOT));
		await syncFolder(this.dir);
		await this.handle.truncate(0);
		await this.handle.sync();
		this.snapshotBytes = bytes;
		this.journalBytes = 0;
	}

	async close(): Promise<void> {
		await this.handle.close();
		await this.unlock();
	}
}

function readSnapshot(file: string): { docs: Map<string, PersistedDoc>; seq: number; time: string; bytes: number } {
	const docs = new Map<string, PersistedDoc>();
	let text: string;
	try {
		text = readFileSync(file, "utf8");
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "ENOENT") return { docs, seq: 0, time: "", bytes: 0 };
		throw error;
	}
	const lines = text.split("\n");
	const header = parseLine(lines[0], file) as { format?: unknown; seq?: unknown; time?: unknown };
	if (header.format !== SNAPSHOT_FORMAT || typeof header.seq !== "number" || typeof header.time !== "string")
		throw new DataCorruptError(`${file} does not start with a Shorty snapshot header`);
	let ended = false;
	for (let i = 1; i < lines.length && !ended; i++) {
		const entry = parseLine(lines[i], file) as PersistedDoc | { end: number };
		if ("end" in entry) {
			if (entry.end !== docs.size) throw new DataCorruptError(`${file} holds ${docs.size} documents, not ${entry.end}`);
			ended = true;
		} else {
			docs.set(entry.path, entry);
		}
	}
	if (!ended) throw new DataCorruptError(`${file} ends without its trailer`);
	return { docs, seq: header.seq, time: header.time, bytes: Buffer.byteLength(text) };
}

function parseLine(line: string | undefined, file: string): unknown {
	try {
		return JSON.parse(line ?? "", jsonReviver);
	} catch {
		throw new DataCorruptError(`${file} has a line that is not JSON`);
	}
}

/** Applies the journal's records after `afterSeq` to `docs`; cuts off a torn last record. */
function replayJournal(
	file: string,
	afterSeq: number,
	docs: Map<string, PersistedDoc>,
): { seq: number; time: string; bytes: number } {
	let data: Buffer;
	try {
		data = readFileSync(file);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "ENOENT") return { seq: afterSeq, time: "", bytes: 0 };
		throw error;
	}
	let seq = afterSeq;
	let time = "";
	let offset = 0;
	while (offset < data.length) {
		const newline = data.indexOf(0x0a, offset);
		const record = newline < 0 ? null : decodeRecord(data.subarray(offset, newline));
		if (record === null) {
			if (laterRecordIsValid(data, newline)) throw new DataCorruptError(`${file} is damaged at byte ${offset}`);
			break;
		}
		if (record.seq > seq) {
			if (record.seq !== seq + 1) throw new DataCorruptError(`${file} skips from commit ${seq} to ${record.seq}`);
			applyRecord(record, docs);
			seq = record.seq;
			time = maxTime(time, record.time);
		}
		offset = newline + 1;
	}
	return { seq, time, bytes: data.length };
}

function laterRecordIsValid(data: Buffer, newline: number): boolean {
	if (newline < 0) return false;
	let offset = newline + 1;
	while (offset < data.length) {
		const next = data.indexOf(0x0a, offset);
		if (next < 0) return false;
		if (decodeRecord(data.subarray(offset, next)) !== null) return true;
		offset = next + 1;
	}
	return false;
}

function decodeRecord(line: Buffer): JournalRecord | null {
	const space = line.indexOf(0x20);
	if (space !== 8) return null;
	const json = line.subarray(9);
	if (crc32(json).toString(16).padStart(8, "0") !== line.subarray(0, 8).toString("latin1")) return null;
	try {
		return JSON.parse(json.toString("utf8"), jsonReviver) as JournalRecord;
	} catch {
		return null;
	}
}

function applyRecord(record: JournalRecord, docs: Map<string, PersistedDoc>): void {
	if ("reset" in record) {
		docs.clear();
		return;
	}
	for (const path of record.deletes) docs.delete(path);
	for (const doc of record.puts) docs.set(doc.path, doc);
}

/** Writes every byte: a single write may take only part of a buffer. */
async function writeAll(handle: FileHandle, data: Buffer): Promise<number> {
	let offset = 0;
	while (offset < data.length) offset += (await handle.write(data, offset)).bytesWritten;
	return data.length;
}

const maxTime = (a: string, b: string): string => (a > b ? a : b);

/** Makes a rename or a new file in the folder durable. Some platforms cannot fsync a folder; they need not. */
async function syncFolder(dir: string): Promise<void> {
	let handle: FileHandle | undefined;
	try {
		handle = await open(dir, "r");
		await handle.sync();
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code !== "EISDIR" && code !== "EPERM" && code !== "EINVAL") throw error;
	} finally {
		await handle?.close();
	}
}
