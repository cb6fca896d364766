/**
 * Latency of Shorty's local Firestore through the real lite SDK: commit latency, and the time of the
 * popup's paged query and of a count as one owner's links grow from 100 to 10,000, which the links index
 * keeps flat. (Without its index the paged query is refused, as in production.)
 * Run: npx tsx tests/bench/firestore.ts
 */
import {
	collection,
	doc,
	type Firestore,
	getCount,
	getDoc,
	getDocs,
	limit,
	orderBy,
	query,
	serverTimestamp,
	setDoc,
	startAfter,
	Timestamp,
	where,
	writeBatch,
} from "firebase/firestore/lite";
import { startBenchFirestore, timeMs } from "./benchFirestore";
import { record } from "./report";
import { p50p95, sample } from "./stats";

const SIZES = [100, 1_000, 10_000];
const COMMITS = 200;
const RUNS = 40;
const BATCH = 500;
/** Grows alice's links to `size`, 500 to a batch, one second apart so the order is unambiguous. */
async function seedTo(db: Firestore, from: number, size: number): Promise<void> {
	for (let start = from; start < size; start += BATCH) {
		const batch = writeBatch(db);
		for (let i = start; i < Math.min(size, start + BATCH); i++) {
			batch.set(doc(db, "links", `link-${String(i).padStart(6, "0")}`), {
				url: `https://example.com/${i}`,
				owner: "alice",
				createdAt: new Timestamp(1_700_000_000 + i, 0),
				clicks: 0,
			});
		}
		await batch.commit();
	}
}

/** Runs `action` RUNS times and returns its p50 and p95. */
async function latency(action: () => Promise<void>): Promise<string> {
	return p50p95(await sample(RUNS, () => timeMs(action)), 2);
}

async function pagedQueryLatency(db: Firestore, size: number): Promise<string> {
	const cursor = await getDoc(doc(db, "links", `link-${String(Math.floor(size / 2)).padStart(6, "0")}`));
	const page = query(
		collection(db, "links"),
		where("owner", "==", "alice"),
		orderBy("createdAt", "desc"),
		startAfter(cursor),
		limit(25),
	);
	return latency(async () => {
		const result = await getDocs(page);
		if (result.size !== 25) throw new Error(`expected a page of 25, got ${result.size}`);
	});
}

async function countLatency(db: Firestore, size: number): Promise<string> {
	const mine = query(collection(db, "links"), where("owner", "==", "alice"));
	return latency(async () => {
		const count = (await getCount(mine)).data().count;
		if (count !== size) throw new Error(`expected ${size}, counted ${count}`);
	});
}

async function main(): Promise<void> {
	const indexed = await startBenchFirestore("bench-indexed");
	try {
		const commits = await sample(COMMITS, (i) =>
			timeMs(() =>
				setDoc(doc(collection(indexed.db, "drafts")), {
					url: `https://example.com/c/${i}`,
					owner: "alice",
					createdAt: serverTimestamp(),
					clicks: 0,
				}),
			),
		);
		record(`Firestore commit, synced to disk (${COMMITS} creates)`, p50p95(commits, 2));
		let seeded = 0;
		for (const size of SIZES) {
			await seedTo(indexed.db, seeded, size);
			seeded = size;
			const links = size.toLocaleString("en-US");
			record(`Firestore page of 25 at ${links} links`, await pagedQueryLatency(indexed.db, size));
			record(`Firestore count at ${links} links`, await countLatency(indexed.db, size));
		}
	} finally {
		await indexed.close();
	}
}

await main();
