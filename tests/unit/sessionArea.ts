/**
 * storage.session or storage.local as the worker uses them (get by a key or several, set, remove), in
 * memory; it outlives a worker, as in Chrome.
 */
import type { Storage } from "webextension-polyfill";

export function sessionArea(): Storage.StorageArea {
	const items = new Map<string, unknown>();
	const area = {
		get: async (keys: string | string[]) =>
			Object.fromEntries([keys].flat().flatMap((key) => (items.has(key) ? [[key, items.get(key)]] : []))),
		set: async (values: Record<string, unknown>) => {
			for (const [key, value] of Object.entries(values)) items.set(key, value);
		},
		remove: async (key: string) => {
			items.delete(key);
		},
	};
	return area as unknown as Storage.StorageArea;
}
