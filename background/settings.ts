/** The settings' requests: read and written in storage.sync (src/settings.ts). */
import type { Storage } from "webextension-polyfill";
import type { Handlers } from "../src/messages";
import { readSettings } from "../src/settings";

export function settingsHandlers(storage: Storage.StorageArea): Pick<Handlers, "getSettings" | "setSettings"> {
	return {
		getSettings: () => readSettings(storage),
		async setSettings(changes) {
			const { type: _, ...values } = changes;
			await storage.set(values);
			return readSettings(storage);
		},
	};
}
