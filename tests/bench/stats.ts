/** Percentiles of latency samples, for the benchmarks' figures. */
export function percentile(samples: number[], p: number): number {
	const sorted = [...samples].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
}

/** "p50 12.3 ms, p95 45.6 ms", with `digits` decimals. */
export function p50p95(samples: number[], digits = 0): string {
	return `p50 ${percentile(samples, 50).toFixed(digits)} ms, p95 ${percentile(samples, 95).toFixed(digits)} ms`;
}

/** Runs `action` `runs` times in turn and returns each run's milliseconds. */
export async function sample(runs: number, action: (run: number) => Promise<number>): Promise<number[]> {
	const samples: number[] = [];
	for (let run = 0; run < runs; run++) samples.push(await action(run));
	return samples;
}

/**
 * How many runs a benchmark makes of each path: `usual`, or SHORTY_BENCH_RUNS when set (the e2e suite's
 * check that every browser benchmark still runs sets it to 1).
 */
export function benchRuns(usual: number): number {
	const text = process.env.SHORTY_BENCH_RUNS;
	if (text === undefined) return usual;
	const runs = Number(text);
	if (!Number.isInteger(runs) || runs < 1)
		throw new Error(`SHORTY_BENCH_RUNS must be a whole number of runs, not "${text}"`);
	return runs;
}
