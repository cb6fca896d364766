import type { Reporter, TestModule } from "vitest/node";

/**
 * Ends the run with one plain line, "vitest: N passed, N failed, N skipped", the format CI reads to
 * know how many tests ran (vitest's own summary is meant for people, not parsers).
 */
export default class PlainSummary implements Reporter {
	onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
		const counts = { passed: 0, failed: 0, skipped: 0, pending: 0 };
		for (const module of testModules) {
			for (const test of module.children.allTests()) counts[test.result().state] += 1;
		}
		console.log(`vitest: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped + counts.pending} skipped`);
	}
}
