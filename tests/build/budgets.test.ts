import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { OFFSCREEN_DOCUMENT } from "../../src/messages";
import { type EntryBundle, extensionBundles, sizeOf, sourceOf } from "./bundles";
import { DIST } from "./dist";

const bundles = extensionBundles(DIST);
const bundle = (name: EntryBundle["name"]) => bundles.find((entry) => entry.name === name) as EntryBundle;
const KB = 1024;

/**
 * Gzip bytes each entry may fetch before it can show anything. The service worker's budget is above the
 * 50 KB issue 10 asked for: Firebase Auth (web-extension) and Firestore lite alone, tree-shaken to the
 * calls Shorty makes, are 59 KB gzip, so 50 KB would mean leaving the official SDK. 80 KB is that floor
 * plus Shorty's own worker code, which now holds the user's links (the IndexedDB mirror and the search
 * index, about 6 KB; a service worker cannot load code on demand) (docs/architecture.md, "Bundle budgets").
 */
const BUDGETS: Record<EntryBundle["name"], number> = { popup: 100 * KB, options: 120 * KB, "service worker": 80 * KB };

// Strings only the Firebase SDK carries: its package names and the Google endpoints it calls. (Not
// "FirebaseError": src/errors.ts names it to recognise errors that crossed from the worker.)
const FIREBASE_MARKERS = ["@firebase/", "identitytoolkit.googleapis.com", "firestore.googleapis.com"];

describe("bundle size budgets (gzip)", () => {
	for (const { name, initial } of bundles) {
		it(`the ${name} loads at most ${BUDGETS[name] / KB} KB of JavaScript to start`, () => {
			expect(sizeOf(DIST, initial).gzip).toBeLessThanOrEqual(BUDGETS[name]);
		});
	}

	it("the popup keeps its QR encoder out of the first load", () => {
		expect(bundle("popup").lazy.join(" ")).toMatch(/QrCode/);
	});

	it("the options page keeps its analytics chart out of the first load", () => {
		expect(bundle("options").lazy.join(" ")).toMatch(/LinkAnalyticsView/);
		expect(bundle("options").initial.join(" ")).not.toMatch(/LinkAnalyticsView/);
	});
});

describe("the popup's first script", () => {
	// Sent for beside the page's module and its imports, and run as soon as it has arrived, waiting for neither
	// the document nor its stylesheets; the module takes its requests over: why it is classic and async is in
	// scripts/classicScript.ts.
	it("is an async classic script, the head's first and before the module, that imports nothing", () => {
		const html = readFileSync(join(DIST, "popup/index.html"), "utf8");
		const [first, second = ""] = html.match(/<script[^>]*>/g) ?? [];
		expect(first).toBe('<script src="/popup/start.js" async>');
		expect(second).toMatch(/^<script type="module"/);
		expect(html.indexOf(first as string)).toBeLessThan(html.indexOf("<link"));
		// Built apart, as a library: nothing left for a bundler or Node to fill in.
		expect(sourceOf(DIST, ["popup/start.js"])).not.toMatch(/\bimport\b|\bprocess\./);
		expect(bundle("popup").initial).toContain("popup/start.js");
	});
});

describe("the offscreen clipboard document's script", () => {
	// The worker's copy waits for the document to load (background/offscreenCopies.ts): one file, no module graph.
	it("is the page's only one, a classic script that imports nothing", () => {
		const html = readFileSync(join(DIST, OFFSCREEN_DOCUMENT), "utf8");
		expect(html.match(/<script[^>]*>/g)).toEqual(['<script src="/offscreen/main.js" async>']);
		expect(html).not.toContain("modulepreload");
		expect(sourceOf(DIST, ["offscreen/main.js"])).not.toMatch(/\bimport\b|\bprocess\./);
	});

	// Its messages' module imports src/errors.ts, whose set of every error code, made at load, it never reads.
	it("carries nothing it does not run: no list of error codes", () => {
		expect(sourceOf(DIST, ["offscreen/main.js"])).not.toContain("permission-denied");
	});
});

describe("the popup's files (vite.config.ts)", () => {
	const html = readFileSync(join(DIST, "popup/index.html"), "utf8");

	// Every file is a request of its own to the extension, with main-thread work for each, while the shorten
	// is on the way: automatic splitting made the popup's start 10 scripts (docs/architecture.md, "The popup's files").
	it("start with at most 5 scripts, the first script included", () => {
		expect(bundle("popup").initial.length, bundle("popup").initial.join(" ")).toBeLessThanOrEqual(5);
	});

	// The preload scanner fetched them beside the first script, which then ran 10 to 15 ms later.
	it("preload no module beside the first script", () => {
		expect(html).toMatch(/<script type="module"/);
		expect(html).not.toMatch(/modulepreload/);
	});

	// The element type React gives every element, in React's own code and nowhere else.
	const REACT_MARKER = "react.transitional.element";
	const withReact = (files: string[]) => files.filter((file) => sourceOf(DIST, [file]).includes(REACT_MARKER));

	it("include React (so the marker below is the right one to look for)", () => {
		expect(withReact(bundle("popup").initial)).not.toEqual([]);
	});

	it("share no React with the worker or the first script", () => {
		expect(withReact(bundle("service worker").initial)).toEqual([]);
		expect(withReact(["popup/start.js"])).toEqual([]);
	});
});

describe("the pages' stylesheets", () => {
	// The theme's variables and base rules come first, so the components' and the page's own rules override them.
	it.each(["popup/index.html", "options/index.html"])("%s: the first stylesheet opens with the theme", (page) => {
		const pageHtml = readFileSync(join(DIST, page), "utf8");
		const [, first = ""] = pageHtml.match(/<link rel="stylesheet"[^>]* href="\/([^"]+)"/) ?? [];
		const css = readFileSync(join(DIST, first), "utf8");
		expect(css.slice(0, css.indexOf("}"))).toMatch(/^:root\{.*--accent:/);
	});
});

describe("Firebase stays in the service worker", () => {
	it("the worker carries the SDK (so the markers below are the right ones to look for)", () => {
		const worker = sourceOf(DIST, bundle("service worker").initial);
		for (const marker of FIREBASE_MARKERS) expect(worker).toContain(marker);
	});

	for (const name of ["popup", "options"] as const) {
		it(`the ${name} loads no Firebase code, now or on demand`, () => {
			const { initial, lazy } = bundle(name);
			const page = sourceOf(DIST, [...initial, ...lazy]);
			expect(FIREBASE_MARKERS.filter((marker) => page.includes(marker))).toEqual([]);
		});
	}
});

// The error reply the polyfill's message listener sends: in its own code and nowhere else.
const POLYFILL_MARKER = "__mozWebExtensionPolyfillReject__";
const withPolyfill = (files: string[]) => files.filter((file) => sourceOf(DIST, [file]).includes(POLYFILL_MARKER));

// The pages use the browser's own API (src/ui/pageBrowser.ts): the polyfill was half the popup's first
// script, which runs sooner without it.
describe("webextension-polyfill stays in the service worker", () => {
	it("the worker carries it (so the marker below is the right one to look for)", () => {
		expect(withPolyfill(bundle("service worker").initial)).not.toEqual([]);
	});

	for (const name of ["popup", "options"] as const) {
		it(`the ${name} loads none of it, now or on demand`, () => {
			const { initial, lazy } = bundle(name);
			expect(withPolyfill([...initial, ...lazy])).toEqual([]);
		});
	}

	it("the offscreen document loads none of it", () => {
		const html = readFileSync(join(DIST, OFFSCREEN_DOCUMENT), "utf8");
		// Its one classic script, which imports nothing (and any file Vite would name in the head beside it).
		const files = [...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((match) => match[1] as string);
		expect(files.length).toBeGreaterThan(0);
		expect(withPolyfill(files)).toEqual([]);
	});
});
