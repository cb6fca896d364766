import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webExt from "web-ext";
import { FIREFOX_ADDON_ID } from "../../scripts/firefoxManifest";
import {
	buildAsNpmRunBuild,
	newFolder,
	PROJECT_SETTINGS,
	removeFolders,
	whyNotAClassicScript,
	withSettings,
} from "./builds";

// The same sources, built as `npm run build:firefox` does for a project (the add-on that would ship),
// into a folder of this test's own.
const outDir = newFolder("firefox");
let manifest: Record<string, unknown> & { background: { scripts?: string[]; service_worker?: string } };

beforeAll(async () => {
	await withSettings(PROJECT_SETTINGS, () => buildAsNpmRunBuild(outDir, "firefox"));
	manifest = JSON.parse(readFileSync(join(outDir, "manifest.json"), "utf8"));
}, 60_000);

afterAll(removeFolders);

const background = () => readFileSync(join(outDir, "service-worker.js"), "utf8");

/** Every script of the build: the pages' and the background's. */
const bundles = () => [
	...readdirSync(join(outDir, "assets"))
		.filter((file) => file.endsWith(".js"))
		.map((file) => readFileSync(join(outDir, "assets", file), "utf8")),
	background(),
];

describe("the Firefox build", () => {
	it("is Manifest V3, names the add-on, and installs on Firefox ESR 140", () => {
		expect(manifest.manifest_version).toBe(3);
		expect(manifest.browser_specific_settings).toMatchObject({
			gecko: { id: FIREFOX_ADDON_ID, strict_min_version: "140.0" },
			gecko_android: { strict_min_version: "142.0" },
		});
		expect(manifest).not.toHaveProperty("minimum_chrome_version");
	});

	// Built as Chrome's worker is, which started Firefox's event page sooner than a module build (scripts/classicBackground.ts).
	it("runs the background as an event page of one classic script: strict, importing nothing", () => {
		expect(manifest.background).toEqual({ scripts: ["service-worker.js"] });
		expect(whyNotAClassicScript(background(), "service-worker.js")).toBeNull();
	});

	// Firefox lacks offscreen documents, and its background page writes the clipboard itself, not the page's.
	it("asks for neither offscreen nor scripting and ships no offscreen document nor calls to either", () => {
		expect(manifest.permissions).not.toContain("offscreen");
		expect(manifest.permissions).not.toContain("scripting");
		expect(existsSync(join(outDir, "offscreen"))).toBe(false);
		for (const bundle of bundles())
			expect(bundle).not.toMatch(/\boffscreen\.(createDocument|closeDocument)|\bscripting\.executeScript/);
	});

	it("passes Mozilla's add-on linter with no errors and no warnings but React's own innerHTML", async () => {
		const result = await webExt.cmd.lint({ sourceDir: outDir, output: "none" }, { shouldExitProgram: false });
		expect(result.errors).toEqual([]);
		// react-dom sets innerHTML only for dangerouslySetInnerHTML, which Shorty never uses.
		const warnings = result.warnings.filter((warning) => warning.code !== "UNSAFE_VAR_ASSIGNMENT");
		expect(warnings).toEqual([]);
	}, 60_000);
});
