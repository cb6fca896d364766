/** Settings in storage.sync, so they follow the user to every browser they sign in to. */
import type { Storage } from "webextension-polyfill";
import type { Handlers, Settings } from "../src/messages";

const DEFAULTS: Settings = { autoCopy: true, shortenOnOpen: true };

export function settingsHandlers(storage: Storage.StorageArea): Pick<Handlers, "getSettings" | "setSettings"> {
	async function read(): Promise<Settings> {
		const stored = await storage.get(Object.keys(DEFAULTS));
		// Only booleans count: anything else in storage (an older version's value) falls back to the default.
		const pick = (key: keyof Settings) => (typeof stored[key] === "boolean" ? (stored[key] as boolean) : DEFAULTS[key]);
		return { autoCopy: pick("autoCopy"), shortenOnOpen: pick("shortenOnOpen") };
	}
	return {
		getSettings: read,
		async setSettings(changes) {
			const { type: _, ...values } = changes;
			await storage.set(values);
			return read();
		},
	};
}
