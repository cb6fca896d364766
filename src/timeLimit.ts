/**
 * `promise`'s value, or `late()`'s once `ms` have passed without it (its late value dropped): the one way
 * Shorty stops waiting, for a worker that does not answer a page (./messages.ts) and for a page that does
 * not answer the worker (background/pageFirstCopies.ts).
 */
export function settledWithin<T>(promise: Promise<T>, ms: number, late: () => T): Promise<T> {
	let timer: ReturnType<typeof setTimeout> | undefined;
	const timedOut = new Promise<T>((resolve) => {
		timer = setTimeout(() => resolve(late()), ms);
	});
	return Promise.race([promise, timedOut]).finally(() => clearTimeout(timer));
}
