/**
 * For the end-to-end suite: a local backend serving the redirect page, and the extension built against
 * it. Both builds bake the backend's addresses in, so each run gets its own builds in temporary folders
 * rather than reusing dist/ and redirect/dist/, which stay the plain `npm run build` output. Both are
 * local builds (scripts/localBuild.ts, redirect/build.ts): a developer's `.env` cannot point them at a
 * real project.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { buildLocalExtension } from "../../scripts/localBuild";
import { type BackendHosts, startTestBackend } from "../testBackend";

declare module "vitest" {
	export interface ProvidedContext {
		backend: BackendHosts;
		extensionDir: string;
	}
}

export default async function setup(project: TestProject) {
	const backend = await startTestBackend({ redirectPage: true });
	const extensionDir = mkdtempSync(join(tmpdir(), "shorty-extension-"));
	await buildLocalExtension(extensionDir, backend.hosts);
	project.provide("backend", backend.hosts);
	project.provide("extensionDir", extensionDir);
	return async () => {
		await backend.stop();
		rmSync(extensionDir, { recursive: true, force: true });
	};
}
