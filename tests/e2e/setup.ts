/**
 * For the end-to-end suite: a local backend serving the redirect page, and the extension built against
 * it. Both builds bake the backend's addresses in (VITE_* variables, as `npm start` does), so each run
 * gets its own builds in temporary folders rather than reusing dist/ and redirect/dist/, which stay the
 * plain `npm run build` output.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "vite";
import type { TestProject } from "vitest/node";
import { REPO_ROOT } from "../../local/config";
import { type BackendHosts, startTestBackend } from "../testBackend";

declare module "vitest" {
	export interface ProvidedContext {
		backend: BackendHosts;
		extensionDir: string;
	}
}

/** Builds the extension into `outDir` with these VITE_* variables, leaving process.env as it was. */
export async function buildExtension(outDir: string, env: Record<string, string>): Promise<void> {
	const saved = { ...process.env };
	Object.assign(process.env, env);
	try {
		await build({ root: REPO_ROOT, logLevel: "warn", build: { outDir, emptyOutDir: true } });
	} finally {
		process.env = saved;
	}
}

export default async function setup(project: TestProject) {
	const backend = await startTestBackend({ redirectPage: true });
	const extensionDir = mkdtempSync(join(tmpdir(), "shorty-extension-"));
	const { auth, firestore, hosting } = backend.hosts;
	await buildExtension(extensionDir, {
		VITE_AUTH_EMULATOR_HOST: auth,
		VITE_FIRESTORE_EMULATOR_HOST: firestore,
		VITE_SHORT_LINK_BASE: `http://${hosting ?? "127.0.0.1:5000"}/`,
	});
	project.provide("backend", backend.hosts);
	project.provide("extensionDir", extensionDir);
	return async () => {
		await backend.stop();
		rmSync(extensionDir, { recursive: true, force: true });
	};
}
