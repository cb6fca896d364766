/**
 * What the built background does to the browser's extension API as it starts. From Chrome 148, and in
 * Firefox, `browser` is the browser's own namespace, whose API namespaces Chrome builds only when first
 * touched; webextension-polyfill hands that object over as it is, and the bundler's CommonJS interop used to
 * copy every property of it, building them all at every start (scripts/polyfillAsModule.ts). Here the script
 * runs in a context of its own against an API that records what is read of it.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { createContext, Script } from "node:vm";
import { describe, expect, it } from "vitest";

const DIST = resolve(import.meta.dirname, "../../dist");
const EXTENSION_ORIGIN = "chrome-extension://abcdefghijklmnopabcdefghijklmnop/";

const event = () => ({ addListener() {}, removeListener() {}, hasListener: () => false });

/** One API namespace: events, the few values the background reads at its start, and promise-returning calls. */
function namespace(): object {
	const storageArea = () => new Proxy({}, { get: (_area, key) => (key === "onChanged" ? event() : async () => ({})) });
	const values: Record<string, unknown> = {
		id: new URL(EXTENSION_ORIGIN).host,
		getURL: (path: string) => `${EXTENSION_ORIGIN}${path}`,
		getMessage: () => "",
		getUILanguage: () => "en-US",
		session: storageArea(),
		local: storageArea(),
		sync: storageArea(),
	};
	return new Proxy(
		{},
		{
			get: (_namespace, key) => {
				if (typeof key !== "string") return undefined;
				if (key in values) return values[key];
				return key.startsWith("on") ? event() : async () => undefined;
			},
		},
	);
}

/** Runs the built background against a `browser` that records each namespace read and any listing or copying of it. */
function startBackground(): string[] {
	const reads: string[] = [];
	const api = new Proxy(
		{},
		{
			get: (_api, key) => {
				if (typeof key !== "string") return undefined;
				reads.push(key);
				return namespace();
			},
			has: (_api, key) => typeof key === "string",
			ownKeys: () => {
				reads.push("(every namespace listed)");
				return [];
			},
			getOwnPropertyDescriptor: (_api, key) => {
				reads.push(`(${String(key)} copied)`);
				return undefined;
			},
		},
	);
	const context: Record<string, unknown> = {
		browser: api,
		chrome: api,
		console,
		setTimeout,
		clearTimeout,
		performance,
		crypto,
		URL,
		TextEncoder,
		TextDecoder,
		fetch,
		navigator: { userAgent: "Mozilla/5.0 Chrome/156.0.0.0" },
	};
	context.self = context;
	const source = readFileSync(resolve(DIST, "service-worker.js"), "utf8");
	new Script(source, { filename: "service-worker.js" }).runInContext(createContext(context));
	return [...new Set(reads)];
}

describe("the background's start", () => {
	it("reads only the API namespaces it listens to or uses, and never lists or copies the browser's own", () => {
		expect(startBackground().sort()).toEqual(["commands", "contextMenus", "i18n", "runtime", "storage"]);
	});
});
