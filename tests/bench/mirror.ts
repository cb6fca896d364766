/**
 * What the local mirror of a user's links (src/links/mirror/) costs to keep: documents read and time of
 * the first sync (the account also holds the tombstones of a tenth as many links deleted earlier, and the
 * click totals of a quarter of its links, 1 to 3 shards each), of a re-sync with nothing changed and of
 * one after a few changes (creates, edits, deletes with their tombstones, visits), and the bytes it keeps, at 10,000 and 100,000 links. Runs against
 * Shorty's local Firestore through the real lite SDK into fake-indexeddb, which keeps everything in
 * memory: its times stand in for Chrome's IndexedDB, which writes to disk, and the bytes are estimated
 * from the records as JSON (Chrome stores them compressed, in its own serialization).
 * Run: npx tsx tests/bench/mirror.ts
 */
import { IDBFactory } from "fake-indexeddb";
import { doc, type Firestore, increment, serverTimestamp, Timestamp, writeBatch } from "firebase/firestore/lite";
import { openLinkMirror, type SyncReport } from "../../src/links/mirror/mirror";
import { writeTombstones } from "../../src/links/mirror/tombstones";
import { CLICK_TOTALS, type ClickTotalDocument, clickTotalId, type LinkDocument } from "../../src/links/schema";
import { startBenchFirestore, timeMs } from "./benchFirestore";
import { record } from "./report";

const OWNER = "alice";
const SIZES = [10_000, 100_000];
/** Each kind of change in the "few changes" re-sync: this many links made, edited and deleted. */
const CHANGES = 10;
/** One link deleted earlier for this many there are: what a new browser's first sync need not read. */
const EARLIER_DELETIONS = 10;
/** Writes per batch: Firestore's limit. */
const BATCH = 500;

const codeOf = (i: number) => `link${String(i).padStart(6, "0")}`;

/** Links people followed: one in CLICKED_EVERY, over 1 to 3 shards (a quiet link's day fits in few). */
const CLICKED_EVERY = 4;
const shardsOf = (i: number) => (i % CLICKED_EVERY === 0 ? 1 + ((i / CLICKED_EVERY) % 3) : 0);

function clickTotal(i: number, shard: number, people: number): ClickTotalDocument<Timestamp> {
	return { owner: OWNER, code: codeOf(i), people, updatedAt: new Timestamp(1_700_000_000 + i, shard) };
}

/** A link as the extension writes it, with a realistic title and address (what the bytes depend on). */
function linkDocument(i: number): LinkDocument<Timestamp> {
	const time = new Timestamp(1_700_000_000 + i, 0);
	return {
		url: `https://www.example.com/articles/${2020 + (i % 6)}/how-to-find-link-number-${i}?utm_source=newsletter`,
		host: "www.example.com",
		owner: OWNER,
		title: `How to find link number ${i} again, and other questions people ask about short links`,
		createdAt: time,
		updatedAt: time,
		custom: i % 10 === 0,
		urlHash: i.toString(16).padStart(64, "0"),
	};
}

/** The owner's `size` links, one second apart, and the tombstones of a tenth as many deleted earlier. */
async function seed(db: Firestore, size: number): Promise<void> {
	for (let start = 0; start < size; start += BATCH) {
		const batch = writeBatch(db);
		for (let i = start; i < Math.min(size, start + BATCH); i++) batch.set(doc(db, "links", codeOf(i)), linkDocument(i));
		await batch.commit();
	}
	const totals = Array.from({ length: size }, (_, i) =>
		Array.from({ length: shardsOf(i) }, (_, shard) => ({ i, shard })),
	);
	const shards = totals.flat();
	for (let start = 0; start < shards.length; start += BATCH) {
		const batch = writeBatch(db);
		for (const { i, shard } of shards.slice(start, start + BATCH)) {
			batch.set(doc(db, CLICK_TOTALS, clickTotalId(codeOf(i), shard)), clickTotal(i, shard, 1 + (i % 50)));
		}
		await batch.commit();
	}
	for (let start = 0; start < size / EARLIER_DELETIONS; start += BATCH) {
		const batch = writeBatch(db);
		const codes = Array.from({ length: BATCH }, (_, i) => `gone${start + i}`);
		writeTombstones(batch, db, OWNER, codes);
		await batch.commit();
	}
}

/**
 * CHANGES new links, CHANGES edited and CHANGES deleted with their tombstones, as the store writes them, and a
 * visit to each of CHANGES followed links, as the function counts it.
 */
async function changeAFew(db: Firestore, size: number): Promise<void> {
	const batch = writeBatch(db);
	for (let i = 0; i < CHANGES; i++) {
		batch.set(doc(db, "links", codeOf(size + i)), { ...linkDocument(size + i), updatedAt: serverTimestamp() });
		batch.update(doc(db, "links", codeOf(i)), { title: `Edited ${i}`, updatedAt: serverTimestamp() });
	}
	const deleted = Array.from({ length: CHANGES }, (_, i) => codeOf(CHANGES + i));
	for (const code of deleted) batch.delete(doc(db, "links", code));
	writeTombstones(batch, db, OWNER, deleted);
	for (let i = 0; i < CHANGES; i++) {
		const followed = (CHANGES * 2 + i) * CLICKED_EVERY;
		batch.update(doc(db, CLICK_TOTALS, clickTotalId(codeOf(followed), 0)), {
			people: increment(1),
			updatedAt: serverTimestamp(),
		});
	}
	await batch.commit();
}

const documents = (report: SyncReport) =>
	`${(report.links + report.tombstones + report.totals).toLocaleString("en-US")} documents (${report.links} links, ` +
	`${report.tombstones} tombstones, ${report.totals} click totals), ${report.pages} pages, ${report.queries} queries`;

async function measure(db: Firestore, size: number): Promise<void> {
	const links = size.toLocaleString("en-US");
	const mirror = await openLinkMirror({
		firestore: () => db,
		owner: OWNER,
		indexedDB: new IDBFactory(),
		clock: Date.now,
		shortLinkBase: "https://sho.rt/",
	});
	const sync = async (what: string) => {
		let report: SyncReport | undefined;
		const ms = await timeMs(async () => {
			report = await mirror.sync();
		});
		if (!report) throw new Error("the sync reported nothing");
		record(`Mirror ${what} at ${links} links`, `${ms.toFixed(0)} ms, ${documents(report)}`);
		return report;
	};
	const first = await sync("first sync");
	if (first.links !== size) throw new Error(`the first sync read ${first.links} links of ${size}`);
	await sync("re-sync, nothing changed");
	await changeAFew(db, size);
	await sync(`re-sync, ${CHANGES} new, ${CHANGES} edited, ${CHANGES} deleted`);
	const all = await mirror.all();
	if (all.length !== size) throw new Error(`the mirror holds ${all.length} links, not ${size}`);
	// Every followed link's total but those of the deleted links (CHANGES to 2 CHANGES - 1).
	const followed = (from: number, to: number) =>
		Array.from({ length: to - from }, (_, i) => shardsOf(from + i)).filter((shards) => shards > 0).length;
	const clicked = (await mirror.clicks()).size;
	if (clicked !== followed(0, size) - followed(CHANGES, 2 * CHANGES)) {
		throw new Error(`the mirror holds the totals of ${clicked} links`);
	}
	// What IndexedDB keeps per record: the link's fields, urlHash and the confirmed flag, not the shortUrl.
	const bytes = all.reduce((sum, { shortUrl: _, ...link }) => {
		return sum + JSON.stringify({ ...link, urlHash: "0".repeat(64), confirmed: true }).length;
	}, 0);
	record(
		`Mirror bytes stored at ${links} links (JSON estimate)`,
		`${(bytes / 2 ** 20).toFixed(1)} MB, ${Math.round(bytes / size)} B a link`,
	);
	// A total's record: its document id, code, people and time (storage.ts MirroredClickTotal).
	const totalBytes = JSON.stringify({
		id: clickTotalId(codeOf(size), 2),
		code: codeOf(size),
		people: 42,
		updatedAt: Date.now(),
	}).length;
	record(
		`Mirror click totals stored at ${links} links (JSON estimate)`,
		`${((first.totals * totalBytes) / 2 ** 20).toFixed(2)} MB, ${first.totals.toLocaleString("en-US")} shards of ${followed(0, size).toLocaleString("en-US")} followed links`,
	);
	const reading = await timeMs(() => mirror.all());
	record(`Mirror read of every link at ${links} links`, `${reading.toFixed(0)} ms`);
	await mirror.clear();
}

async function main(): Promise<void> {
	for (const size of SIZES) {
		// A fresh server per size, so the changes of the last size do not count in the next.
		const firestore = await startBenchFirestore(`bench-mirror-${size}`, OWNER);
		try {
			await seed(firestore.db, size);
			await measure(firestore.db, size);
		} finally {
			await firestore.close();
		}
	}
}

await main();
