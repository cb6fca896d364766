import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webExt from "web-ext";
import { FIREFOX_ADDON_ID } from "../../scripts/firefoxManifest";
import { buildAsNpmRunBuild, newFolder, PROJECT_SETTINGS, removeFolders, withSettings } from "./builds";

// The same sources, built as `npm run build:firefox` does for a project (the add-on that would ship),
// into a folder of this test's own.
const outDir = newFolder("firefox");
let manifest: Record<string, unknown> & { background: { scripts?: string[]; service_worker?: string } };

beforeAll(async () => {
	await withSettings(PROJECT_SETTINGS, () => buildAsNpmRunBuild(outDir, "firefox"));
	manifest = JSON.parse(readFileSync(join(outDir, "manifest.json"), "utf8"));
}, 60_000);

afterAll(removeFolders);

const bundles = () =>
	readdirSync(join(outDir, "assets"))
		.filter((file) => file.endsWith(".js"))
		.map((file) => readFileSync(join(outDir, "assets", file), "utf8"));

describe("the Firefox build", () => {
	it("runs the background as an event page, names the add-on, and installs on Firefox ESR 140", () => {
		expect(manifest.manifest_version).toBe(3);
		expect(manifest.background.scripts).toHaveLength(1);
		expect(manifest.background.service_worker).toBeUndefined();
		expect(manifest.browser_specific_settings).toMatchObject({
			gecko: { id: FIREFOX_ADDON_ID, strict_min_version: "140.0" },
			gecko_android: { strict_min_version: "142.0" },
		});
		expect(manifest).not.toHaveProperty("minimum_chrome_version");
	});

	it("asks for no offscreen permission and ships no offscreen calls, which Firefox lacks", () => {
		expect(manifest.permissions).not.toContain("offscreen");
		for (const bundle of bundles()) expect(bundle).not.toMatch(/\boffscreen\.(createDocument|closeDocument)/);
	});

	it("passes Mozilla's add-on linter with no errors and no warnings but React's own innerHTML", async () => {
		const result = await webExt.cmd.lint({ sourceDir: outDir, output: "none" }, { shouldExitProgram: false });
		expect(result.errors).toEqual([]);
		// react-dom sets innerHTML only for dangerouslySetInnerHTML, which Shorty never uses.
		const warnings = result.warnings.filter((warning) => warning.code !== "UNSAFE_VAR_ASSIGNMENT");
		expect(warnings).toEqual([]);
	}, 60_000);
});
