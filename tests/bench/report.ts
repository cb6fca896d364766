/**
 * How a benchmark states a figure. Each prints its figures as it goes, so it reads well on its own
 * (`npx tsx tests/bench/<name>.ts`); under `npm run bench` (tests/bench/run.ts) each figure is also
 * appended as a JSON line to the file SHORTY_BENCH_ROWS names, and the runner prints them as one table.
 */
import { appendFileSync } from "node:fs";

export function record(figure: string, value: string): void {
	console.log(`  ${figure.padEnd(52)} ${value}`);
	const rows = process.env.SHORTY_BENCH_ROWS;
	if (rows) appendFileSync(rows, `${JSON.stringify({ figure, value })}\n`);
}
