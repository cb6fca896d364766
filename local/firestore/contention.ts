/**
 * Firestore's per-document write contention, as a setting of the local server (off unless asked for).
 *
 * Production sustains about one write a second on one document: "a soft limit", per the quotas page
 * (https://firebase.google.com/docs/firestore/quotas, "Maximum sustained write rate to a document: 1 per
 * second") and the distributed-counter guide (https://firebase.google.com/docs/firestore/solutions/counters,
 * "you will eventually see contention"). Past it, commits fail with gRPC status 10 ABORTED, "Too much
 * contention on these documents. Please try again." (firebase/extensions#339, firebase-admin-node#856,
 * nodejs-firestore#1022: counters and bulk writes that hit one document). Short bursts get through.
 *
 * Modelled as a token bucket per document: `burst` writes at once, refilled at `perSecond`. A commit
 * takes one token from every document it writes, or none when any of them has none left, and is then
 * refused whole, as production aborts the whole commit. Production makes a contended write wait for its
 * lock before giving up; here it is refused at once, the stricter reading: the same writes fail, sooner.
 */
import { FirestoreError } from "./errors";

export interface WriteContentionModel {
	/** Writes a quiet document takes at once. */
	burst: number;
	/** Writes a second it sustains. */
	perSecond: number;
}

/** Production's, as read above: a burst of 5, then one write a second. */
export const FIRESTORE_WRITE_CONTENTION: WriteContentionModel = { burst: 5, perSecond: 1 };

/** Production's words (and status) for a contended commit. */
export const CONTENTION_MESSAGE = "Too much contention on these documents. Please try again.";

/** Buckets kept before the full ones (indistinguishable from documents never written) are dropped. */
const BUCKETS_KEPT = 10_000;

interface Bucket {
	tokens: number;
	/** Milliseconds, on `now`'s clock, when `tokens` was right. */
	at: number;
}

export class WriteContention {
	private readonly buckets = new Map<string, Bucket>();

	constructor(
		private readonly model: WriteContentionModel,
		private readonly now: () => number = () => performance.now(),
	) {
		if (!(model.burst >= 1 && model.perSecond > 0))
			throw new Error("Write contention needs a burst of at least 1 and a positive rate");
	}

	/** Takes one write from each document's allowance, or throws ABORTED and takes none. */
	admit(paths: readonly string[]): void {
		const at = this.now();
		const buckets = paths.map((path) => this.refilled(path, at));
		if (buckets.some((bucket) => bucket.tokens < 1)) throw new FirestoreError("ABORTED", CONTENTION_MESSAGE);
		for (const bucket of buckets) bucket.tokens -= 1;
	}

	private refilled(path: string, at: number): Bucket {
		let bucket = this.buckets.get(path);
		if (!bucket) {
			if (this.buckets.size >= BUCKETS_KEPT) this.dropFull(at);
			bucket = { tokens: this.model.burst, at };
			this.buckets.set(path, bucket);
		}
		bucket.tokens = Math.min(this.model.burst, bucket.tokens + ((at - bucket.at) / 1000) * this.model.perSecond);
		bucket.at = at;
		return bucket;
	}

	private dropFull(at: number): void {
		for (const [path, bucket] of this.buckets) {
			if (bucket.tokens + ((at - bucket.at) / 1000) * this.model.perSecond >= this.model.burst) {
				this.buckets.delete(path);
			}
		}
	}
}
