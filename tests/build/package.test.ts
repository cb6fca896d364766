/**
 * `npm run package` as a store reviewer receives it: each zip opens with manifest.json at its root,
 * holds every file the manifest and its pages name and nothing a store must not get (source maps,
 * sources, `.env`), is named by the version inside it, and is built for the project `.env` names. Without
 * a project, nothing is packaged and the message says what to set.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join, posix } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeStorePackages, type PackageFolders, releaseVersion, shippedFiles } from "../../scripts/storePackages";
import type { TargetBrowser } from "../../vite.config";
import { filesOf, newFolder, PROJECT_SETTINGS, removeFolders, withSettings } from "./builds";
import { zipEntries } from "./zipEntries";

afterAll(removeFolders);

const VERSION = (JSON.parse(readFileSync("manifest.json", "utf8")) as { version: string }).version;

const foldersOfThisTest = (): PackageFolders => ({
	builds: { chrome: newFolder("package-chrome"), firefox: newFolder("package-firefox") },
	artifacts: newFolder("package-artifacts"),
});

interface PackagedManifest {
	version: string;
	icons: Record<string, string>;
	action: { default_popup: string; default_icon: Record<string, string> };
	options_ui: { page: string };
	background: { service_worker?: string; scripts?: string[] };
}

/** The files the manifest names: pages, worker or background scripts, icons. */
function namedByManifest(manifest: PackagedManifest): string[] {
	return [
		...Object.values(manifest.icons),
		...Object.values(manifest.action.default_icon),
		manifest.action.default_popup,
		manifest.options_ui.page,
		...(manifest.background.service_worker ? [manifest.background.service_worker] : []),
		...(manifest.background.scripts ?? []),
	];
}

/** The scripts and styles a page loads, as paths in the package. */
function loadedByPage(page: string, html: string): string[] {
	return [...html.matchAll(/\b(?:src|href)="([^"]+)"/g)].map(([, reference = ""]) =>
		reference.startsWith("/") ? reference.slice(1) : posix.join(posix.dirname(page), reference),
	);
}

describe("npm run package with a project configured", () => {
	const folders = foldersOfThisTest();
	let packages: string[] = [];

	beforeAll(async () => {
		packages = await withSettings(PROJECT_SETTINGS, () => makeStorePackages(folders));
	}, 120_000);

	it("makes one package per browser, named by the release's version", () => {
		expect(packages.map((path) => basename(path))).toEqual([
			`shorty-chrome-${VERSION}.zip`,
			`shorty-firefox-${VERSION}.zip`,
		]);
		expect(readdirSync(folders.artifacts).sort()).toEqual([
			`shorty-chrome-${VERSION}.zip`,
			`shorty-firefox-${VERSION}.zip`,
		]);
	});

	describe.each(["chrome", "firefox"] as TargetBrowser[])("the %s package", (browser) => {
		const entries = () => zipEntries(join(folders.artifacts, `shorty-${browser}-${VERSION}.zip`));
		const manifest = () => JSON.parse(entries().get("manifest.json")?.toString("utf8") ?? "null") as PackagedManifest;

		it("has manifest.json at its root, with the version in the package's name", () => {
			expect(entries().has("manifest.json")).toBe(true);
			expect(manifest().version).toBe(VERSION);
		});

		it("holds every file the manifest names and every script and style its pages load", () => {
			const files = entries();
			const pages = [...files.keys()].filter((file) => file.endsWith(".html"));
			expect(pages).toContain(manifest().action.default_popup);
			const needed = [
				...namedByManifest(manifest()),
				...pages.flatMap((page) => loadedByPage(page, files.get(page)?.toString("utf8") ?? "")),
			];
			expect(needed.filter((file) => !files.has(file))).toEqual([]);
		});

		it("holds exactly the build, and no source map, source file or .env", () => {
			const names = [...entries().keys()];
			expect(names.sort()).toEqual(
				[...filesOf(folders.builds[browser]).keys()].map((file) => file.split("\\").join("/")).sort(),
			);
			expect(names.filter((name) => /\.(map|ts|tsx)$|(^|\/)\.env|(^|\/)\./.test(name))).toEqual([]);
			const scripts = [...entries()].filter(([name]) => name.endsWith(".js"));
			expect(scripts.filter(([, content]) => content.includes("sourceMappingURL")).map(([name]) => name)).toEqual([]);
		});

		it("is built for the configured project and carries no other setting", () => {
			const contents = [...entries().values()].map((content) => content.toString("utf8"));
			expect(contents.some((content) => content.includes(PROJECT_SETTINGS.VITE_FIREBASE_PROJECT_ID))).toBe(true);
			expect(contents.some((content) => content.includes("demo-shorty"))).toBe(false);
			expect(contents.some((content) => content.includes(PROJECT_SETTINGS.VITE_SECRET_X))).toBe(false);
		});
	});
});

describe("npm run package refuses", () => {
	it("to package without a Firebase project, naming what to set, and writes nothing", async () => {
		const folders = foldersOfThisTest();
		// Empty, as .env.example leaves it; set in the environment, it also outranks a developer's own .env.
		const packaging = withSettings({ VITE_FIREBASE_PROJECT_ID: "" }, () => makeStorePackages(folders));
		await expect(packaging).rejects.toThrow(
			/needs your own Firebase project.*set VITE_FIREBASE_PROJECT_ID and VITE_FIREBASE_API_KEY in \.env/,
		);
		expect(readdirSync(folders.artifacts)).toEqual([]);
		expect(readdirSync(folders.builds.chrome)).toEqual([]);
	});

	it("to package for a demo project, which never reaches Firebase", async () => {
		const settings = { ...PROJECT_SETTINGS, VITE_FIREBASE_PROJECT_ID: "demo-shorty" };
		await expect(withSettings(settings, () => makeStorePackages(foldersOfThisTest()))).rejects.toThrow(
			/"demo-shorty" is a demo project/,
		);
	});

	it("to package short links that are not on https", async () => {
		const settings = { ...PROJECT_SETTINGS, VITE_SHORT_LINK_BASE: "http://127.0.0.1:5000/" };
		await expect(withSettings(settings, () => makeStorePackages(foldersOfThisTest()))).rejects.toThrow(
			"A store package needs short links on https, but VITE_SHORT_LINK_BASE is http://127.0.0.1:5000/",
		);
	});

	it("a version that manifest.json and package.json do not agree on, or that a store rejects", () => {
		expect(() => releaseVersion("0.2.0", "0.1.0")).toThrow(
			"manifest.json says version 0.2.0 but package.json says 0.1.0: set both to the version you are releasing",
		);
		expect(() => releaseVersion("1.02", "1.02")).toThrow(/"1.02" is not one the stores accept/);
		expect(releaseVersion("1.2.3.4", "1.2.3.4")).toBe("1.2.3.4");
	});

	it("a build holding a file no extension loads, such as a .env or a source map copied from public/", () => {
		const dir = newFolder("package-stray");
		mkdirSync(join(dir, "assets"));
		writeFileSync(join(dir, "manifest.json"), "{}");
		writeFileSync(join(dir, ".env"), "VITE_FIREBASE_API_KEY=x");
		writeFileSync(join(dir, "assets", "index.js.map"), "{}");
		expect(() => shippedFiles(dir)).toThrow(/files no extension loads.*\.env, assets\/index\.js\.map/);
	});
});
