/**
 * The popup's first script, the offscreen document's script and the background are built apart from the
 * rest (scripts/classicScript.ts, scripts/classicBackground.ts): `npm start`'s watching build must still
 * rebuild each when any of its modules changes, though the rest of the build need not import them
 * (popup/start.ts alone reads firstRequests.ts and the browser environment, offscreen/main.ts alone
 * closeWhenQuiet.ts; nothing else imports background/).
 */
import { join } from "node:path";
import { resolveConfig } from "vite";
import { describe, expect, it } from "vitest";
import { configFromEnv, localBackendEnv } from "../../src/config";
import { EXTENSION_ROOT, extensionConfig } from "../../vite.config";
import { LOCAL_BACKEND } from "./builds";

/** The files the plugin `name` asks a watching build to follow, as the extension's local build resolves it. */
async function watchedFiles(name: string): Promise<string[]> {
	const config = extensionConfig("chrome", configFromEnv(localBackendEnv(LOCAL_BACKEND)));
	const resolved = await resolveConfig({ ...config, configFile: false, logLevel: "warn" }, "build");
	const plugin = resolved.plugins.find((candidate) => candidate.name === name);
	if (!plugin) throw new Error(`The extension's build has no ${name}`);
	const watched: string[] = [];
	const context = {
		addWatchFile: (id: string) => {
			watched.push(id);
		},
	};
	// The hook alone, outside a build: all it needs of the build is where to report what it watches.
	await (plugin.buildStart as unknown as (this: typeof context) => Promise<void>).call(context);
	return watched;
}

describe.each([
	{
		part: "the popup's first script",
		plugin: "shorty:classic-script:popup/start.js",
		modules: ["popup/start.ts", "popup/firstRequests.ts", "popup/browserEnvironment.ts", "src/settings.ts"],
	},
	{
		part: "the offscreen clipboard document's script",
		plugin: "shorty:classic-script:offscreen/main.js",
		modules: ["offscreen/main.ts", "offscreen/closeWhenQuiet.ts", "src/messages.ts"],
	},
	{
		part: "the background",
		plugin: "shorty:classic-background",
		modules: ["background/index.ts", "background/menus.ts", "src/firebase.ts", "src/links/store/create.ts"],
	},
])("$part, built apart", ({ plugin, modules }) => {
	it("is followed by a watching build through every module of its own", async () => {
		const watched = await watchedFiles(plugin);
		for (const module of modules) expect(watched).toContain(join(EXTENSION_ROOT, module));
		expect(watched.filter((file) => file.includes("node_modules"))).toEqual([]);
	}, 60_000);
});
