/** Starts one local backend for the whole integration suite. */
import type { TestProject } from "vitest/node";
import { type BackendHosts, startTestBackend } from "../testBackend";

declare module "vitest" {
	export interface ProvidedContext {
		backend: BackendHosts;
	}
}

export default async function setup(project: TestProject) {
	const backend = await startTestBackend();
	project.provide("backend", backend.hosts);
	return backend.stop;
}
