/**
 * What the built background reads of the extension API as it starts, run in a context of its own against an
 * API that records each read: only what it listens to or uses, with the browser's own `browser` (Chrome 148
 * on, Firefox) never listed or copied as the bundler's CommonJS interop did (scripts/polyfillAsModule.ts),
 * and the same through the polyfill's wrapper of `chrome` in earlier Chrome.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { type Context, createContext, Script } from "node:vm";
import { describe, expect, it } from "vitest";
import { countingIntl } from "../countingCollator";
import { DIST } from "./dist";

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
			// The polyfill's wrapper asks `in` before it wraps a member.
			has: () => true,
		},
	);
}

/**
 * Runs the built background with `names` ("browser", "chrome") bound to one API that records each namespace
 * read and any listing or describing of it, and `globals` beside them; returns the reads once the start's
 * promises have settled, and the context it ran in.
 */
async function startBackground(names: string[], globals: object = {}): Promise<{ reads: string[]; context: Context }> {
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
				reads.push(`(${String(key)} described)`);
				return undefined;
			},
		},
	);
	const context = createContext({ ...Object.fromEntries(names.map((name) => [name, api])), ...globals });
	const source = readFileSync(resolve(DIST, "service-worker.js"), "utf8");
	new Script(source, { filename: "service-worker.js" }).runInContext(context);
	await new Promise((settle) => setTimeout(settle));
	return { reads: [...new Set(reads)].sort(), context };
}

const USED_AT_START = ["action", "commands", "contextMenus", "i18n", "runtime", "storage"];

describe("the background's start", () => {
	it("with the browser's own `browser`: reads only the namespaces it listens to or uses, and never lists or copies it", async () => {
		expect((await startBackground(["browser", "chrome"])).reads).toEqual(USED_AT_START);
	});

	it("with `chrome` alone (before Chrome 148): the polyfill's wrapper reads the same namespaces", async () => {
		expect((await startBackground(["chrome"])).reads).toEqual(USED_AT_START);
	});

	it("makes no collator: the first in a process loads the language's collation data (src/links/nameOrder.ts)", async () => {
		const counting = countingIntl();
		const { reads, context } = await startBackground(["browser", "chrome"], { Intl: counting.Intl });
		expect(reads).toEqual(USED_AT_START);
		expect(counting.made()).toBe(0);
		// The background's context counts a collator made in it: a count of none is not for want of seeing.
		new Script("new Intl.Collator()").runInContext(context);
		expect(counting.made()).toBe(1);
	});
});
