/**
 * What the browser benchmarks share: a throwaway local backend and a local test site (withBenchBackend,
 * which Firefox's benchmark uses too), and the extension built against that backend with Chromium loading
 * it (withExtensionRig); all torn down afterwards, whatever happens. With a round trip, the build talks to
 * the backend through latency proxies (latencyProxy.ts), as if it were far away.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildLocalExtension } from "../../scripts/localBuild";
import { type Extension, launchExtension } from "../e2e/extension";
import { serveTestSite, type TestSite } from "../e2e/testSite";
import { type BackendHosts, startTestBackend } from "../testBackend";
import { type Exchange, type LatencyProxy, startLatencyProxy } from "./latencyProxy";

/** The proxies in front of Auth and Firestore. */
export interface FarNetwork {
	auth: LatencyProxy;
	firestore: LatencyProxy;
	setRoundTrip(ms: number): void;
	/** Both proxies' exchanges up to `until` (Date.now()), oldest first; forgets all they logged. */
	take(until?: number): Exchange[];
	close(): Promise<void>;
}

export interface ExtensionRig {
	backend: BackendHosts;
	/** The build, which more browsers may load (launchExtension). */
	extensionDir: string;
	extension: Extension;
	site: TestSite;
	/** Null unless the rig was asked for a round trip. */
	network: FarNetwork | null;
}

export interface RigOptions {
	/** Put latency proxies between the extension and the backend, starting at this round trip. */
	roundTripMs?: number;
}

/** Far above what a browser benchmark takes (a few minutes); only a browser that stopped answering reaches it. */
const RIG_LIMIT_MS = 14 * 60_000;

/** Latency proxies in front of `backend`'s Auth and Firestore, starting at `roundTripMs`. */
async function startFarNetwork(backend: BackendHosts, roundTripMs: number): Promise<FarNetwork> {
	const auth = await startLatencyProxy(backend.auth, roundTripMs);
	const firestore = await startLatencyProxy(backend.firestore, roundTripMs);
	return {
		auth,
		firestore,
		setRoundTrip(ms) {
			auth.setRoundTrip(ms);
			firestore.setRoundTrip(ms);
		},
		take: (until) => [...auth.take(until), ...firestore.take(until)].sort((a, b) => a.at - b.at),
		async close() {
			await auth.close();
			await firestore.close();
		},
	};
}

/** The hosts a build talks to: `backend`'s own, or the proxies of `network` in front of it. */
function hostsThrough(backend: BackendHosts, network: FarNetwork | null): BackendHosts {
	return network ? { ...backend, auth: network.auth.host, firestore: network.firestore.host } : backend;
}

const PAGE_TO_SHORTEN = (path: string) => `<!doctype html><title>Bench ${path}</title><p>A page to shorten</p>`;

/**
 * A throwaway local backend and a test site of pages to shorten (`page(path)`), for `run`; over
 * RIG_LIMIT_MS, the process exits.
 */
export async function withBenchBackend<T>(
	run: (bench: { backend: BackendHosts; site: TestSite }) => Promise<T>,
	page: (path: string) => string = PAGE_TO_SHORTEN,
): Promise<T> {
	// Exiting runs the exit handlers that stop the emulators and the browser, which a kill from outside would not.
	const watchdog = setTimeout(() => {
		console.error(`bench: over ${RIG_LIMIT_MS / 60_000} minutes, giving up`);
		process.exit(1);
	}, RIG_LIMIT_MS).unref();
	// The extension benchmarks open no short link: the static page starts sooner than the function.
	const backend = await startTestBackend({ shortLinks: "static-page" });
	const site = await serveTestSite(page);
	try {
		return await run({ backend: backend.hosts, site });
	} finally {
		clearTimeout(watchdog);
		site.close();
		await backend.stop();
	}
}

/**
 * The extension built against `backend` into a folder of its own, through latency proxies when the options
 * ask for a round trip, for `use`; the folder and the proxies are gone afterwards.
 */
export async function withExtensionBuild<T>(
	backend: BackendHosts,
	options: RigOptions,
	use: (build: { extensionDir: string; network: FarNetwork | null }) => Promise<T>,
): Promise<T> {
	const extensionDir = mkdtempSync(join(tmpdir(), "shorty-bench-extension-"));
	let network: FarNetwork | null = null;
	try {
		if (options.roundTripMs !== undefined) network = await startFarNetwork(backend, options.roundTripMs);
		await buildLocalExtension(extensionDir, hostsThrough(backend, network));
		return await use({ extensionDir, network });
	} finally {
		await network?.close();
		rmSync(extensionDir, { recursive: true, force: true });
	}
}

export function withExtensionRig<T>(run: (rig: ExtensionRig) => Promise<T>, options: RigOptions = {}): Promise<T> {
	return withBenchBackend(({ backend, site }) =>
		withExtensionBuild(backend, options, async ({ extensionDir, network }) => {
			const extension = await launchExtension(extensionDir);
			try {
				return await run({ backend, extensionDir, extension, site, network });
			} finally {
				await extension.close();
			}
		}),
	);
}
