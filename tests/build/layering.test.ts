/**
 * The dependency direction of docs/architecture.md, checked on the import graph of the sources from
 * every entry point, so a forbidden import through a shared module counts as much as a direct one:
 * - Firebase is imported only by the worker (background/, src/firebase.ts) and, Firestore lite only,
 *   by the link domain (src/links/).
 * - The pages (popup/, options/, offscreen/, src/ui/, redirect/) reach neither Firebase nor the worker.
 * - The link domain reaches no browser API (webextension-polyfill, src/browser.ts, chrome.*, browser.*),
 *   no UI and not the worker.
 * - The pages reach browser APIs through the browser's own namespace (src/ui/pageBrowser.ts), never
 *   through webextension-polyfill's import (src/browser.ts), which is the worker's.
 * tests/build/budgets.test.ts checks the built bundles for Firebase code in the pages as well.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLASSIC_SCRIPTS } from "../../vite.config";
import { ImportGraph, pageScripts, REPO_ROOT, type Reach } from "./importGraph";

const graph = new ImportGraph();
const manifest = JSON.parse(readFileSync(join(REPO_ROOT, "manifest.json"), "utf8"));
const WORKER_ENTRY: string = manifest.background.service_worker;
/** Every folder with an index.html is a page: popup, options, offscreen document, redirect page. */
const PAGES = readdirSync(REPO_ROOT, { withFileTypes: true })
	.filter((entry) => entry.isDirectory() && readdirSync(join(REPO_ROOT, entry.name)).includes("index.html"))
	.map((entry) => `${entry.name}/index.html`);
const ENTRIES = [WORKER_ENTRY, ...PAGES.flatMap(pageScripts), ...CLASSIC_SCRIPTS.map((script) => script.entry)];

/** Every module of Shorty's that a browser loads. */
const shipped = [...new Set(ENTRIES.flatMap((entry) => [...graph.reachable(entry).files.keys()]))].sort();

const inFolder =
	(...folders: string[]) =>
	(path: string) =>
		folders.some((folder) => path.startsWith(folder));
const isWorker = (path: string) => path.startsWith("background/") || path === "src/firebase.ts";
const isPage = inFolder("popup/", "options/", "offscreen/", "src/ui/", "redirect/");
const isLinkDomain = inFolder("src/links/");
const isFirebase = (name: string) => /^@?firebase(\/|$)/.test(name);
const isUiPackage = (name: string) => /^(react|react-dom)(\/|$)|^@radix-ui\//.test(name);
const BROWSER_API_PACKAGE = "webextension-polyfill";
const BROWSER_API_MODULE = "src/browser.ts";

interface Forbidden {
	file(path: string): boolean;
	package(name: string): boolean;
}

/** The files and packages `reach` arrives at that `forbidden` names, each with its chain of imports. */
function offending(reach: Reach, forbidden: Forbidden): [string, string[]][] {
	return [
		...[...reach.files].filter(([path]) => forbidden.file(path)),
		...[...reach.packages].filter(([name]) => forbidden.package(name)),
	];
}

/** Each forbidden file or package once, by the shortest chain that reaches it from any of `starts`. */
function shortestChains(starts: string[], forbidden: Forbidden): string[] {
	const shortest = new Map<string, string[]>();
	for (const start of starts) {
		for (const [target, steps] of offending(graph.reachable(start), forbidden)) {
			const known = shortest.get(target);
			if (!known || steps.length < known.length) shortest.set(target, steps);
		}
	}
	return [...shortest.values()].map((steps) => steps.join(" → ")).sort();
}

describe("the layering", () => {
	it("is read from every entry point: the worker, the popup, the options page, offscreen and redirect pages", () => {
		expect(PAGES.sort()).toEqual([
			"offscreen/index.html",
			"options/index.html",
			"popup/index.html",
			"redirect/index.html",
		]);
		// The walk really follows imports, or every rule below would pass on nothing.
		const worker = graph.reachable(WORKER_ENTRY);
		expect([...worker.files.keys()]).toEqual(expect.arrayContaining(["src/firebase.ts", "src/links/store.ts"]));
		expect([...worker.packages.keys()]).toContain("firebase/auth/web-extension");
		expect(shipped).toEqual(
			expect.arrayContaining(["popup/QrCode.tsx", "popup/browserEnvironment.ts", "src/ui/account/AccountForms.tsx"]),
		);
	});

	it("imports Firebase only in the worker and, Firestore lite only, in the link domain", () => {
		const misplaced = shipped.flatMap((path) =>
			graph
				.module(path)
				.packages.filter(isFirebase)
				.filter((name) => !(isWorker(path) || (isLinkDomain(path) && name === "firebase/firestore/lite")))
				.map((name) => `${path} → ${name}`),
		);
		expect(misplaced).toEqual([]);
	});

	it("keeps Firebase and the worker out of every page, directly or through a shared module", () => {
		expect(shortestChains(shipped.filter(isPage), { file: isWorker, package: isFirebase })).toEqual([]);
	});

	it("keeps webextension-polyfill's import (src/browser.ts) out of every page, directly or through a shared module", () => {
		const polyfill = { file: (path: string) => path === BROWSER_API_MODULE, package: () => false };
		expect(shortestChains([WORKER_ENTRY], polyfill)).not.toEqual([]);
		expect(shortestChains(shipped.filter(isPage), polyfill)).toEqual([]);
	});

	it("keeps browser APIs, the UI and the worker out of the link domain, directly or through a shared module", () => {
		const linkModules = readdirSync(join(REPO_ROOT, "src/links"))
			.filter((name) => /\.tsx?$/.test(name))
			.map((name) => `src/links/${name}`);
		expect(linkModules).toContain("src/links/store.ts");
		const imports = shortestChains(linkModules, {
			file: (file) => file === BROWSER_API_MODULE || isPage(file) || isWorker(file),
			package: (name) => name === BROWSER_API_PACKAGE || isUiPackage(name),
		});
		// What the link domain reaches is the link domain and what it shares with everyone (src/errors.ts).
		const reached = new Set(linkModules.flatMap((path) => [...graph.reachable(path).files.keys()]));
		const globals = [...reached].flatMap((file) =>
			graph.module(file).browserGlobals.map((use) => `${file} uses ${use}`),
		);
		expect([...imports, ...globals]).toEqual([]);
	});
});
