/**
 * The worker's writes to links, each in its turn: a write waits until every earlier write to the same links
 * has been answered (or failed) before it starts. A page gives up on an answer after REQUEST_TIMEOUT_MS
 * while the write goes on; without turns, an edit the user made after that (the same link's tags again)
 * could land first and be overwritten by the older one when it finally did, while the page said "Saved".
 * In turn, the last edit the user made is the one that stays, in Firestore and in the worker's copy.
 */
import { ShortyError } from "../src/errors";
import { REQUEST_TIMEOUT_MS } from "../src/messages";
import { settledWithin } from "../src/timeLimit";

/**
 * How long a write waits for its turn: as long as the page waits for its answer. Past it the page has given
 * up, so the write fails as `timeout` without starting, and changes nothing: an earlier write that never
 * settles (Firestore's fetch has no time limit of its own) stalls its links' later writes, not the worker.
 */
export const TURN_WAIT_MS = REQUEST_TIMEOUT_MS;

export interface WriteTurns {
	/** Runs `write` once the earlier writes to any of `codes`, and any earlier `forAll`, have settled. */
	forLinks<T>(codes: readonly string[], write: () => Promise<T>): Promise<T>;
	/** Runs `write` once every earlier write has settled, and holds every later one until it has. */
	forAll<T>(write: () => Promise<T>): Promise<T>;
}

export function createWriteTurns(): WriteTurns {
	/** What the next write to each link waits for: every write to it so far, until they have all settled. */
	const last = new Map<string, Promise<unknown>>();
	/** The same for the writes to every link (a tag renamed or deleted across them). */
	let lastForAll: Promise<unknown> = Promise.resolve();

	function inTurn<T>(before: Promise<unknown>[], write: () => Promise<T>) {
		const earlier = Promise.allSettled(before);
		const turn = settledWithin(
			earlier.then(() => true),
			TURN_WAIT_MS,
			() => false,
		).then((ready) => {
			if (!ready) throw new ShortyError("timeout", "an earlier change to these links has not been answered yet");
			return write();
		});
		// A write that gave up never started: the next one still waits for those it waited for.
		return { turn, settled: Promise.allSettled([earlier, turn]) };
	}

	return {
		forLinks(codes, write) {
			const unique = [...new Set(codes)];
			const earlier = unique.flatMap((code) => last.get(code) ?? []);
			const { turn, settled } = inTurn([lastForAll, ...earlier], write);
			for (const code of unique) last.set(code, settled);
			void settled.then(() => {
				for (const code of unique) if (last.get(code) === settled) last.delete(code);
			});
			return turn;
		},
		forAll(write) {
			const { turn, settled } = inTurn([lastForAll, ...last.values()], write);
			lastForAll = settled;
			return turn;
		},
	};
}
