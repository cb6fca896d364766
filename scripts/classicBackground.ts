/**
 * The background as one classic script: the worker's entry and everything it imports built into one file
 * with no imports (scripts/classicScript.ts), which the manifest names without `"type": "module"`, as
 * Chrome's service worker and as Firefox's event page alike. Chrome keeps V8's code cache for a classic
 * extension worker and none for a module one: a trace of a worker starting for the popup's shorten showed
 * the module worker's 227 KB compiled afresh (20 ms, 18 of them parsing) at every start, the classic one's
 * read from the cache (4 ms). Firefox's event page, a module build before, showed the popup's link 17 to
 * 24 ms sooner after it had stopped, as a classic script (docs/architecture.md, "A classic background script").
 * Chrome's worker may not import() anything, and the background imports nothing lazily in either browser, so
 * code splitting never spared it a byte; it only shared files with the pages, which share no memory with it.
 */
import type { CrxPlugin } from "@crxjs/vite-plugin";
import type { TargetBrowser } from "../vite.config.ts";
import { classicBuild } from "./classicScript.ts";
import { polyfillAsModule } from "./polyfillAsModule.ts";

/**
 * The manifest's background for `browser`: Chrome's service worker, or Firefox's event page (Firefox runs no
 * service worker for an extension).
 */
function backgroundEntry(browser: TargetBrowser, fileName: string) {
	return browser === "firefox" ? { scripts: [fileName] } : { service_worker: fileName };
}

export function classicBackground({
	entry,
	fileName,
	browser,
}: {
	entry: string;
	fileName: string;
	browser: TargetBrowser;
}): CrxPlugin {
	// The background is the polyfill's one user (src/browser.ts).
	const built = classicBuild(entry, [polyfillAsModule()]);
	return {
		name: "shorty:classic-background",
		apply: "build",
		// After @crxjs's own manifest hooks, which would wrap any background the manifest names in a module loader.
		enforce: "post",
		...built.hooks,
		generateBundle() {
			this.emitFile({ type: "asset", fileName, source: built.code() });
		},
		renderCrxManifest: (manifest) => ({ ...manifest, background: backgroundEntry(browser, fileName) }),
	};
}
