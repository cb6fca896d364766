/**
 * The worker's writes to links, each in its turn: a write waits until every earlier write to the same links
 * has been answered (or failed) before it starts. A page gives up on an answer after REQUEST_TIMEOUT_MS
 * while the write goes on; without turns, an edit the user made after that (the same link's tags again)
 * could land first and be overwritten by the older one when it finally did, while the page said "Saved".
 * In turn, the last edit the user made is the one that stays, in Firestore and in the worker's copy.
 */
export interface WriteTurns {
	/** Runs `write` once the earlier writes to any of `codes`, and any earlier `forAll`, have settled. */
	forLinks<T>(codes: readonly string[], write: () => Promise<T>): Promise<T>;
	/** Runs `write` once every earlier write has settled, and holds every later one until it has. */
	forAll<T>(write: () => Promise<T>): Promise<T>;
}

export function createWriteTurns(): WriteTurns {
	/** The last write still running to each link: what the next write to it waits for. */
	const last = new Map<string, Promise<unknown>>();
	/** The last write to every link (a tag renamed or deleted across them), settled or not. */
	let lastForAll: Promise<unknown> = Promise.resolve();

	function inTurn<T>(
		before: Promise<unknown>[],
		write: () => Promise<T>,
	): { turn: Promise<T>; settled: Promise<unknown> } {
		const turn = Promise.allSettled(before).then(write);
		return { turn, settled: turn.catch(() => undefined) };
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
