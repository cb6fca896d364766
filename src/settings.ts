/**
 * The user's settings, kept in storage.sync so they follow the user to every browser they sign in to.
 * One reader for the worker and for the popup's first script, which reads them itself: one hop to the
 * browser rather than two through the worker, and no wait for a stopped worker to start
 * (popup/firstRequests.ts).
 */
import type { Storage } from "webextension-polyfill";
import type { Settings } from "./messages";

const DEFAULTS: Settings = { autoCopy: true, shortenOnOpen: true };

export async function readSettings(storage: Pick<Storage.StorageArea, "get">): Promise<Settings> {
	const stored = await storage.get(Object.keys(DEFAULTS));
	// Only booleans count: anything else in storage (an older version's value) falls back to the default.
	const pick = (key: keyof Settings) => (typeof stored[key] === "boolean" ? (stored[key] as boolean) : DEFAULTS[key]);
	return { autoCopy: pick("autoCopy"), shortenOnOpen: pick("shortenOnOpen") };
}
