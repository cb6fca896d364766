/**
 * What JavaScript each entry point of a build loads, for the size budgets (tests/build/budgets.test.ts)
 * and the size figures of `npm run bench`. "Initial" is what the browser fetches to start the page: its
 * scripts and everything they import statically. "Lazy" is what it may fetch later through dynamic
 * imports, which Vite lists in each chunk's `__vite__mapDeps` table.
 */
import { readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { gzipSync } from "node:zlib";

export interface EntryBundle {
	name: "popup" | "options" | "service worker";
	initial: string[];
	lazy: string[];
}

const STATIC_REFERENCE = /(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g;
const HTML_REFERENCE = /<(?:script|link)[^>]+(?:src|href)="([^"]+\.js)"/g;
const LAZY_TABLE = /__vite__mapDeps=\([^)]*\[([^\]]*)\]/g;

function read(dist: string, file: string): string {
	return readFileSync(join(dist, file), "utf8");
}

/** `file` (a dist/ path) and every script it imports statically, in no particular order. */
function staticClosure(dist: string, file: string, seen: Set<string>): Set<string> {
	if (file.endsWith(".js")) seen.add(file);
	const source = read(dist, file);
	for (const [, reference = ""] of source.matchAll(file.endsWith(".html") ? HTML_REFERENCE : STATIC_REFERENCE)) {
		const target = reference.startsWith("/") ? reference.slice(1) : posix.join(posix.dirname(file), reference);
		if (!seen.has(target)) staticClosure(dist, target, seen);
	}
	return seen;
}

/** Scripts named in the lazy-import tables of `files` (paths there are relative to dist/). */
function lazyReferences(dist: string, files: Iterable<string>): string[] {
	return [...files].flatMap((file) =>
		[...read(dist, file).matchAll(LAZY_TABLE)].flatMap(([, list = ""]) =>
			[...list.matchAll(/"([^"]+\.js)"/g)].map(([, path = ""]) => path),
		),
	);
}

function bundleOf(dist: string, name: EntryBundle["name"], entry: string): EntryBundle {
	const initial = staticClosure(dist, entry, new Set());
	const everything = new Set(initial);
	for (let pending = lazyReferences(dist, initial); pending.length > 0; ) {
		const fresh = pending.filter((file) => !everything.has(file));
		for (const file of fresh) staticClosure(dist, file, everything);
		pending = lazyReferences(dist, fresh);
	}
	return { name, initial: [...initial], lazy: [...everything].filter((file) => !initial.has(file)) };
}

/** The popup, the options page and the service worker of the extension built into `dist`. */
export function extensionBundles(dist: string): EntryBundle[] {
	const manifest = JSON.parse(read(dist, "manifest.json"));
	return [
		bundleOf(dist, "popup", manifest.action.default_popup),
		bundleOf(dist, "options", manifest.options_ui.page),
		bundleOf(dist, "service worker", manifest.background.service_worker),
	];
}

/** Raw and gzip (level 9) bytes of `files` together, each compressed on its own as a server would. */
export function sizeOf(dist: string, files: string[]): { raw: number; gzip: number } {
	const sources = files.map((file) => readFileSync(join(dist, file)));
	return {
		raw: sources.reduce((sum, source) => sum + source.length, 0),
		gzip: sources.reduce((sum, source) => sum + gzipSync(source, { level: 9 }).length, 0),
	};
}

export const sourceOf = (dist: string, files: string[]): string => files.map((file) => read(dist, file)).join("\n");
