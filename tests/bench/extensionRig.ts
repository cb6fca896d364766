/**
 * What the browser benchmarks share: a throwaway local backend, the extension built against it, Chromium
 * with it loaded, and a local test site; all torn down afterwards, whatever happens.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildLocalExtension } from "../../scripts/localBuild";
import { type Extension, launchExtension } from "../e2e/extension";
import { serveTestSite, type TestSite } from "../e2e/testSite";
import { type BackendHosts, startTestBackend } from "../testBackend";

export interface ExtensionRig {
	backend: BackendHosts;
	extension: Extension;
	site: TestSite;
}

/** Far above what a browser benchmark takes (under a minute); only a browser that stopped answering reaches it. */
const RIG_LIMIT_MS = 10 * 60_000;

export async function withExtensionRig<T>(run: (rig: ExtensionRig) => Promise<T>): Promise<T> {
	// Exiting runs the exit handlers that stop the emulators and the browser, which a kill from outside would not.
	const watchdog = setTimeout(() => {
		console.error(`bench: over ${RIG_LIMIT_MS / 60_000} minutes, giving up`);
		process.exit(1);
	}, RIG_LIMIT_MS).unref();
	const backend = await startTestBackend();
	const extensionDir = mkdtempSync(join(tmpdir(), "shorty-bench-extension-"));
	const site = await serveTestSite((path) => `<!doctype html><title>Bench ${path}</title><p>A page to shorten</p>`);
	let extension: Extension | undefined;
	try {
		await buildLocalExtension(extensionDir, backend.hosts);
		extension = await launchExtension(extensionDir);
		return await run({ backend: backend.hosts, extension, site });
	} finally {
		clearTimeout(watchdog);
		await extension?.close();
		site.close();
		await backend.stop();
		rmSync(extensionDir, { recursive: true, force: true });
	}
}
