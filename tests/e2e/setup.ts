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

/** Builds the extension (or its Firefox variant) into `outDir` with these VITE_* variables, leaving process.env alone. */
export async function buildExtension(
	outDir: string,
	env: Record<string, string>,
	mode: "production" | "firefox" = "production",
): Promise<void> {
	const saved = { ...process.env };
	Object.assign(process.env, env);
	try {
		await build({ root: REPO_ROOT, mode, logLevel: "warn", build: { outDir, emptyOutDir: true } });
	} finally {
		process.env = saved;
	}
}

/** The VITE_* variables that point a build at `backend`, as `npm start` sets them. */
export function backendEnv({ auth, firestore, hosting }: BackendHosts): Record<string, string> {
	return {
		VITE_AUTH_EMULATOR_HOST: auth,
		VITE_FIRESTORE_EMULATOR_HOST: firestore,
		VITE_SHORT_LINK_BASE: `http://${hosting ?? "127.0.0.1:5000"}/`,
	};
}

export default async function setup(project: TestProject) {
	const backend = await startTestBackend({ redirectPage: true });
	const extensionDir = mkdtempSync(join(tmpdir(), "shorty-extension-"));
	await buildExtension(extensionDir, backendEnv(backend.hosts));
	project.provide("backend", backend.hosts);
	project.provide("extensionDir", extensionDir);
	return async () => {
		await backend.stop();
		rmSync(extensionDir, { recursive: true, force: true });
	};
}
