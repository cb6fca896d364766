/**
 * One server per data folder: two processes appending to one journal would interleave their records and
 * corrupt it. The lock file names its holder's pid, so a lock left behind by a killed process (SIGKILL
 * runs no clean-up) is recognised as stale and taken over instead of blocking every later start.
 */
import { readFileSync } from "node:fs";
import { open, rm } from "node:fs/promises";
import { join } from "node:path";

export class DataFolderInUseError extends Error {
	override name = "DataFolderInUseError";
}

function isRunning(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		// EPERM: the process exists but belongs to someone else.
		return (error as NodeJS.ErrnoException).code === "EPERM";
	}
}

/** Takes the folder's lock; resolves with the function that releases it. */
export async function lockFolder(dir: string): Promise<() => Promise<void>> {
	const path = join(dir, "lock");
	for (let attempt = 0; attempt < 2; attempt++) {
		try {
			const handle = await open(path, "wx");
			await handle.writeFile(String(process.pid));
			await handle.close();
			return () => rm(path, { force: true });
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
			const holder = Number(readFileSync(path, "utf8"));
			if (Number.isInteger(holder) && holder > 0 && isRunning(holder)) {
				throw new DataFolderInUseError(
					`${dir} is in use by another Shorty backend (process ${holder}). Stop it, or give this one another data folder.`,
				);
			}
			await rm(path, { force: true });
		}
	}
	throw new DataFolderInUseError(`Could not take the lock on ${dir}: another backend keeps claiming it`);
}
