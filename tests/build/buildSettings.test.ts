/**
 * Which backend each kind of build talks to while a developer's settings name their real project, and
 * which settings reach a bundle at all. Builds for the tests, the benchmarks and `npm start`
 * (scripts/localBuild.ts) must talk to the local backend they are given: the end-to-end suite creates
 * accounts and writes and deletes links, which against the `.env` project would happen in production.
 */
import { join } from "node:path";
import { build, type Rollup } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { REDIRECT_DIR } from "../../redirect/vite.config";
import { buildLocalExtension, watchLocalExtension } from "../../scripts/localBuild";
import {
	buildAsNpmRunBuild,
	filesContaining,
	filesOf,
	LOCAL_BACKEND,
	newFolder,
	PROJECT_SETTINGS,
	policyDirective,
	removeFolders,
	withSettings,
} from "./builds";

afterAll(removeFolders);

const {
	VITE_FIREBASE_PROJECT_ID: PROJECT,
	VITE_FIREBASE_API_KEY: API_KEY,
	VITE_SHORT_LINK_BASE: BASE,
	VITE_SECRET_X: SECRET,
} = PROJECT_SETTINGS;
const EMULATORS = `http://${LOCAL_BACKEND.auth} http://${LOCAL_BACKEND.firestore}`;

/** What a build made for the local backend holds, and what it must not. */
function expectLocalOnly(dir: string) {
	for (const text of [PROJECT, API_KEY, BASE, SECRET]) expect(filesContaining(dir, text), text).toEqual([]);
	// The SDK keeps Google's hosts as its defaults, so the bundle names them; the browser lets the
	// extension connect only to what the manifest's policy names: the emulators.
	expect(policyDirective(dir, "connect-src")).toBe(EMULATORS);
	expect(filesContaining(dir, `"demo-shorty"`).length + filesContaining(dir, "`demo-shorty`").length).toBeGreaterThan(
		0,
	);
	expect(filesContaining(dir, LOCAL_BACKEND.firestore)).not.toEqual([]);
	expect(filesContaining(dir, `http://${LOCAL_BACKEND.hosting}/`)).not.toEqual([]);
}

/** Waits for a watch build's first complete build. */
function firstBuild(watcher: Rollup.RollupWatcher): Promise<void> {
	return new Promise((resolve, reject) => {
		watcher.on("event", (event) => {
			if (event.code === "END") resolve();
			if (event.code === "ERROR") reject(event.error);
		});
	});
}

describe("with a developer's settings for a real project in place", () => {
	it("the end-to-end suite's and the benchmarks' builds talk only to the local backend they are given", async () => {
		const chrome = newFolder("local-chrome");
		const firefox = newFolder("local-firefox");
		await withSettings(PROJECT_SETTINGS, async () => {
			await buildLocalExtension(chrome, LOCAL_BACKEND);
			await buildLocalExtension(firefox, LOCAL_BACKEND, "firefox");
		});
		expectLocalOnly(chrome);
		expectLocalOnly(firefox);
	}, 60_000);

	it("`npm start`'s watching build talks only to the local backend too", async () => {
		const outDir = newFolder("local-watch");
		await withSettings(PROJECT_SETTINGS, async () => {
			const watcher = await watchLocalExtension(outDir, LOCAL_BACKEND);
			try {
				await firstBuild(watcher);
			} finally {
				await watcher.close();
			}
		});
		expectLocalOnly(outDir);
	}, 60_000);

	it("`npm run build` builds for that project, and carries no variable Shorty does not read", async () => {
		const outDir = newFolder("npm-run-build");
		await withSettings(PROJECT_SETTINGS, () => buildAsNpmRunBuild(outDir));
		// The settings did reach the build, so the secret had every chance to follow them.
		expect(filesContaining(outDir, PROJECT)).not.toEqual([]);
		expect(filesContaining(outDir, BASE)).not.toEqual([]);
		expect(filesContaining(outDir, SECRET)).toEqual([]);
	}, 60_000);

	it("the redirect page's deploy build carries no variable it does not read either", async () => {
		const outDir = newFolder("redirect-deploy");
		await withSettings(PROJECT_SETTINGS, async () => {
			await build({
				configFile: join(REDIRECT_DIR, "vite.config.ts"),
				mode: "deploy",
				logLevel: "warn",
				build: { outDir },
			});
		});
		expect(filesContaining(outDir, PROJECT)).not.toEqual([]);
		expect(filesContaining(outDir, SECRET)).toEqual([]);
		expect([...filesOf(outDir).keys()].sort()).toEqual(["404.html", "index.html"]);
	}, 60_000);
});
