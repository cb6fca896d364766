/**
 * A copy of a build, Chrome's or Firefox's, whose background never nudges the browser (background/keepWarm.ts):
 * the browser stops it 30 s after its last event, as before keep-warm. What the keep-warm test and bench
 * hold the build against.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The nudge's call as the build writes it; a build that changes it fails here rather than proving nothing. */
const NUDGE = ".runtime.getPlatformInfo()";

export function copyWithoutKeepWarm(dir: string): string {
	const copy = mkdtempSync(join(tmpdir(), "shorty-no-keep-warm-"));
	cpSync(dir, copy, { recursive: true });
	const background = join(copy, "service-worker.js");
	const source = readFileSync(background, "utf8");
	if (source.split(NUDGE).length !== 2)
		throw new Error(`Expected one ${NUDGE} in ${background}: the nudge has changed`);
	writeFileSync(background, source.replace(NUDGE, ".runtime.getPlatformInfo&&Promise.resolve()"));
	return copy;
}
