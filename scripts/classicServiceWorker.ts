/**
 * Chrome's service worker as a classic script: the worker's entry and everything it imports built into
 * one file with no imports (scripts/classicScript.ts), which the manifest names without `"type":
 * "module"`. Chrome keeps V8's code cache for a classic extension worker and none for a module one: a
 * trace of a worker starting for the popup's shorten showed the module worker's 227 KB compiled afresh
 * (20 ms, 18 of them parsing) at every start, the classic one's read from the cache (4 ms). Service
 * workers may not import() anything, so code splitting never spared the worker a byte; it only shared
 * files with the pages, which share no memory with it (docs/architecture.md, "A classic service worker").
 */
import type { CrxPlugin } from "@crxjs/vite-plugin";
import { classicBuild } from "./classicScript.ts";

export function classicServiceWorker({ entry, fileName }: { entry: string; fileName: string }): CrxPlugin {
	const built = classicBuild(entry);
	return {
		name: "shorty:classic-service-worker",
		apply: "build",
		// After @crxjs's own manifest hooks, which would wrap any worker the manifest names in a module loader.
		enforce: "post",
		...built.hooks,
		generateBundle() {
			this.emitFile({ type: "asset", fileName, source: built.code() });
		},
		renderCrxManifest: (manifest) => ({ ...manifest, background: { service_worker: fileName } }),
	};
}
