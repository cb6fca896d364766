import type { Reporter, SerializedError, TestModule } from "vitest/node";

/**
 * Ends the run with one plain line, "vitest: N passed, N failed, N skipped", the format CI reads to
 * know how many tests ran (vitest's own summary is meant for people, not parsers). A file that fails
 * to load and an error outside any test each count as a failure, so the line never reads clean when
 * the run was not.
 */
export default class PlainSummary implements Reporter {
	onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
		const counts = { passed: 0, failed: unhandledErrors.length, skipped: 0, pending: 0 };
		for (const module of testModules) {
			const tests = [...module.children.allTests()];
			for (const test of tests) counts[test.result().state] += 1;
			if (module.state() === "failed" && !tests.some((test) => test.result().state === "failed")) counts.failed += 1;
		}
		console.log(`vitest: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped + counts.pending} skipped`);
	}
}
