/**
 * Runs firebase-tools' Auth, Hosting and Functions emulators (pure JavaScript, they start offline) as a
 * child process. Ports differ per run (tests use free ones), and firebase-tools reads ports only from a
 * config file, so each run writes its own firebase.json derived from the repository's.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { FUNCTIONS_DIR } from "../functions/vite.config";
import { type FirebaseJson, PROJECT_ID, REPO_ROOT, readJson } from "./config";
import { freePort } from "./ports";
import { staticSite } from "./staticSite";

export interface EmulatorOptions {
	authPort: number;
	hostingPort: number;
	/**
	 * Shorty's Firestore server, "127.0.0.1:8080": the function's Admin SDK finds it through
	 * FIRESTORE_EMULATOR_HOST, which the Functions emulator passes on from our environment (it sets the
	 * variable itself only for the official Firestore emulator, which does not run here).
	 */
	firestoreHost: string;
	/** Holds the generated config and the emulators' log. */
	runDir: string;
	/** Where Auth accounts are imported from and exported to on exit; omit for a throwaway backend. */
	persistDir?: string;
	/**
	 * The folder Hosting serves (absolute): by default firebase.json's hosting.public (redirect/dist). A
	 * backend on other ports passes a redirect page built against those ports.
	 */
	publicDir?: string;
	/**
	 * Who answers short links: the Cloud Function in the Functions emulator (firebase.json, the Blaze
	 * deploy), or the static page (the Spark deploy, local/staticSite.ts), which starts a few seconds
	 * sooner and suits a backend that never opens a short link.
	 */
	shortLinks: ShortLinks;
	/** How long to wait for the emulators and the function to answer. */
	timeoutMs?: number;
}

export type ShortLinks = "function" | "static-page";

export interface RunningEmulators {
	logFile: string;
	stop(): Promise<void>;
}

const FIREBASE_BIN = join(REPO_ROOT, "node_modules", "firebase-tools", "lib", "bin", "firebase.js");

/** The function Hosting's rewrite sends short links to (firebase.json), as the Functions emulator serves it. */
function rewrittenFunction(base: FirebaseJson): { functionId: string; region: string } {
	const target = base.hosting.rewrites.find((rewrite) => rewrite.function)?.function;
	if (!target) throw new Error("firebase.json's hosting has no rewrite to a function");
	return target;
}

/**
 * Writes the run's firebase.json; returns it and, with the function, the address at which the Functions
 * emulator serves it.
 */
async function writeConfig(options: EmulatorOptions): Promise<{ file: string; functionUrl: string | null }> {
	const base = readJson<FirebaseJson>("firebase.json");
	const withFunction = options.shortLinks === "function";
	const publicDir = options.publicDir ?? join(REPO_ROOT, base.hosting.public);
	// Until the redirect page is built into it, Hosting serves an empty site.
	mkdirSync(publicDir, { recursive: true });
	const functionsPort = await freePort();
	const { functionId, region } = rewrittenFunction(base);
	const config = {
		// firebase-tools resolves hosting.public and functions.source against the config file's folder and
		// refuses absolute paths.
		hosting: { ...(withFunction ? base : staticSite(base)).hosting, public: relative(options.runDir, publicDir) },
		...(withFunction
			? { functions: { source: relative(options.runDir, FUNCTIONS_DIR), runtime: base.functions.runtime } }
			: {}),
		emulators: {
			auth: { host: "127.0.0.1", port: options.authPort },
			hosting: { host: "127.0.0.1", port: options.hostingPort },
			// Reached only through Hosting's rewrite; a free port keeps it out of the way.
			...(withFunction ? { functions: { host: "127.0.0.1", port: functionsPort } } : {}),
			// The hub and logging ports are internal; free ones let several backends run side by side.
			hub: { host: "127.0.0.1", port: await freePort() },
			logging: { host: "127.0.0.1", port: await freePort() },
			ui: { enabled: false },
			singleProjectMode: true,
		},
	};
	const file = join(options.runDir, "firebase.json");
	writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
	const functionUrl = `http://127.0.0.1:${functionsPort}/${PROJECT_ID}/${region}/${functionId}/`;
	return { file, functionUrl: withFunction ? functionUrl : null };
}

/** Whether `url` answers at all, or (with `ok`) answers with a success status. */
async function answers(url: string, ok = false): Promise<boolean> {
	try {
		const response = await fetch(url, { signal: AbortSignal.timeout(ok ? 10_000 : 1000) });
		await response.body?.cancel();
		return !ok || response.ok;
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
	const { file: config, functionUrl } = await writeConfig(options);
	const args = [
		FIREBASE_BIN,
		"emulators:start",
		"--only",
		options.shortLinks === "function" ? "auth,hosting,functions" : "auth,hosting",
		"--project",
		PROJECT_ID,
		"--config",
		config,
	];
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
		env: {
			// The Functions emulator runs one request at a time per Node process and starts up to 50 of them
			// at once: a burst of visits (500 in 10 s) spawned dozens of cold processes on a 2-core machine,
			// and Hosting answered 504 until they were up. Four queue a burst on warm workers instead.
			// Production runs up to 80 requests at once in one instance, so nothing here depends on the number.
			FUNCTIONS_EMULATOR_PARALLEL: "4",
			...process.env,
			FIRESTORE_EMULATOR_HOST: options.firestoreHost,
		},
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
		// firebase-tools leaves behind the function workers still busy when it stops (a burst of visits left
		// dozens, each a Node process), and the process that reads the function's triggers; they are in its group.
		try {
			if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
		} catch {
			// The group is already empty.
		}
		process.off("exit", killOnExit);
		log.end();
	};

	// Starting is mostly CPU (firebase-tools compiles the Auth emulator's API schema, the Functions emulator
	// loads the function twice): a minute can pass on a busy 2-core machine before anything answers.
	const deadline = Date.now() + (options.timeoutMs ?? 180_000);
	const authUrl = `http://127.0.0.1:${options.authPort}/`;
	const hostingUrl = `http://127.0.0.1:${options.hostingPort}/`;
	// The function answers 404 until the Functions emulator has loaded it, some time after Hosting is up.
	// Asking it for "/" (its home page, no database read) also starts the first worker, which a visitor
	// would otherwise wait for.
	const ready = async () =>
		(await answers(authUrl)) &&
		(await answers(hostingUrl)) &&
		(functionUrl === null || (await answers(functionUrl, true)));
	while (!(await ready())) {
		if (child.exitCode !== null || Date.now() > deadline) {
			// Decided before stop(), which makes every child exit.
			const why = child.exitCode !== null ? `exited with code ${child.exitCode}` : "did not start in time";
			await stop();
			throw new Error(`The Firebase emulators ${why}. Last lines of ${logFile}:\n${tail(logFile)}`);
		}
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
	return { logFile, stop };
}
