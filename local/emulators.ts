/**
 * Runs firebase-tools' Auth and Hosting emulators (pure JavaScript, they start offline) as a child
 * process. Ports differ per run (tests use free ones), and firebase-tools reads ports only from a
 * config file, so each run writes its own firebase.json derived from the repository's.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { type FirebaseJson, PROJECT_ID, REPO_ROOT, readJson } from "./config";
import { freePort } from "./ports";

export interface EmulatorOptions {
	authPort: number;
	hostingPort: number;
	/** Holds the generated config and the emulators' log. */
	runDir: string;
	/** Where Auth accounts are imported from and exported to on exit; omit for a throwaway backend. */
	persistDir?: string;
	/**
	 * The folder Hosting serves (absolute): by default firebase.json's hosting.public (redirect/dist). A
	 * backend on other ports passes a redirect page built against those ports.
	 */
	publicDir?: string;
	/** How long to wait for both emulators to answer. */
	timeoutMs?: number;
}

export interface RunningEmulators {
	logFile: string;
	stop(): Promise<void>;
}

const FIREBASE_BIN = join(REPO_ROOT, "node_modules", "firebase-tools", "lib", "bin", "firebase.js");

async function writeConfig(options: EmulatorOptions): Promise<string> {
	const base = readJson<FirebaseJson>("firebase.json");
	const publicDir = options.publicDir ?? join(REPO_ROOT, base.hosting.public);
	// Until the redirect page is built into it, Hosting serves an empty site.
	mkdirSync(publicDir, { recursive: true });
	const config = {
		// firebase-tools resolves hosting.public against the config file's folder and refuses absolute paths.
		hosting: { ...base.hosting, public: relative(options.runDir, publicDir) },
		emulators: {
			auth: { host: "127.0.0.1", port: options.authPort },
			hosting: { host: "127.0.0.1", port: options.hostingPort },
			// The hub and logging ports are internal; free ones let several backends run side by side.
			hub: { host: "127.0.0.1", port: await freePort() },
			logging: { host: "127.0.0.1", port: await freePort() },
			ui: { enabled: false },
			singleProjectMode: true,
		},
	};
	const file = join(options.runDir, "firebase.json");
	writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
	return file;
}

async function answers(url: string): Promise<boolean> {
	try {
		await fetch(url, { signal: AbortSignal.timeout(1000) });
		return true;
	} catch {
		return false;
	}
}

function tail(file: string, lines = 20): string {
	return existsSync(file) ? readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n") : "";
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
	if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
	return new Promise((resolve) => {
		const timer = setTimeout(() => resolve(false), timeoutMs);
		child.once("exit", () => {
			clearTimeout(timer);
			resolve(true);
		});
	});
}

export async function startEmulators(options: EmulatorOptions): Promise<RunningEmulators> {
	mkdirSync(options.runDir, { recursive: true });
	const config = await writeConfig(options);
	const args = [FIREBASE_BIN, "emulators:start", "--only", "auth,hosting", "--project", PROJECT_ID, "--config", config];
	if (options.persistDir) {
		mkdirSync(options.persistDir, { recursive: true });
		if (existsSync(join(options.persistDir, "firebase-export-metadata.json")))
			args.push("--import", options.persistDir);
		args.push("--export-on-exit", options.persistDir);
	}
	const logFile = join(options.runDir, "emulators.log");
	const log = createWriteStream(logFile);
	// Its own process group: a terminal's Ctrl-C reaches the whole foreground group, and a second SIGINT
	// (ours, on top of the terminal's) makes firebase-tools quit at once without exporting Auth accounts.
	const child = spawn(process.execPath, args, {
		cwd: options.runDir,
		stdio: ["ignore", "pipe", "pipe"],
		detached: true,
	});
	child.stdout.pipe(log);
	child.stderr.pipe(log);
	// Detached, it would outlive a crash of ours and keep the ports taken.
	const killOnExit = () => child.kill("SIGKILL");
	process.once("exit", killOnExit);

	const stop = async () => {
		// SIGINT is what firebase-tools treats as Ctrl-C: it exports Auth data, then exits.
		child.kill("SIGINT");
		if (!(await waitForExit(child, 15_000))) {
			child.kill("SIGKILL");
			await waitForExit(child, 5_000);
		}
		process.off("exit", killOnExit);
		log.end();
	};

	const deadline = Date.now() + (options.timeoutMs ?? 60_000);
	const authUrl = `http://127.0.0.1:${options.authPort}/`;
	const hostingUrl = `http://127.0.0.1:${options.hostingPort}/`;
	while (!((await answers(authUrl)) && (await answers(hostingUrl)))) {
		if (child.exitCode !== null || Date.now() > deadline) {
			await stop();
			const why = child.exitCode !== null ? `exited with code ${child.exitCode}` : "did not start in time";
			throw new Error(`The Firebase emulators ${why}. Last lines of ${logFile}:\n${tail(logFile)}`);
		}
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
	return { logFile, stop };
}
