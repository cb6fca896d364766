/**
 * The popup's first script is built apart from the rest (scripts/classicScript.ts): `npm start`'s watching
 * build must still rebuild it when any of its modules changes, though the page's own modules import
 * none of them (popup/start.ts alone reads firstRequests.ts and the browser environment).
 */
import { join } from "node:path";
import { resolveConfig } from "vite";
import { describe, expect, it } from "vitest";
import { configFromEnv, localBackendEnv } from "../../src/config";
import { EXTENSION_ROOT, extensionConfig } from "../../vite.config";
import { LOCAL_BACKEND } from "./builds";

/** The files the popup's first script asks a watching build to follow, as the extension's local build resolves it. */
async function watchedFiles(): Promise<string[]> {
	const config = extensionConfig("chrome", configFromEnv(localBackendEnv(LOCAL_BACKEND)));
	const resolved = await resolveConfig({ ...config, configFile: false, logLevel: "warn" }, "build");
	const plugin = resolved.plugins.find((candidate) => candidate.name === "shorty:classic-script");
	if (!plugin) throw new Error("The extension's build has no classic script");
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

describe("the popup's first script, built apart", () => {
	it("is followed by a watching build through every module of its own", async () => {
		const watched = await watchedFiles();
		for (const module of ["popup/start.ts", "popup/firstRequests.ts", "popup/browserEnvironment.ts", "src/settings.ts"])
			expect(watched).toContain(join(EXTENSION_ROOT, module));
		expect(watched.filter((file) => file.includes("node_modules"))).toEqual([]);
	}, 60_000);
});
