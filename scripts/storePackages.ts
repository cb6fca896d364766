/**
 * The packages a store gets (`npm run package`, scripts/package.ts): the production builds for Chrome and
 * Firefox, made afresh for the Firebase project `.env` names, each zipped with manifest.json at the root.
 * A package is refused rather than made when it could only disappoint: a build for the local backend or a
 * demo project (every user's first click would fail), manifest.json and package.json naming different
 * versions, or a file in the build that no extension loads.
 */
import { readdirSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import { build, loadEnv } from "vite";
import webExt from "web-ext";
import { REPO_ROOT, readJson } from "../local/config";
import { configFromEnv, requirePublishableProject } from "../src/config";
import type { TargetBrowser } from "../vite.config";

/** What the build emits for the manifest's pages, worker, icons and messages. */
const SHIPPED_KINDS = new Set([".html", ".js", ".css", ".json", ".png"]);

/** Chrome's rule for `version`, which Firefox accepts too: one to four integers separated by dots. */
const VERSION_PATTERN = /^(0|[1-9][0-9]{0,8})(\.(0|[1-9][0-9]{0,8})){0,3}$/;

/** The mode `vite build` runs in for each browser (vite.config.ts reads `.env` files by it). */
const MODES: Record<TargetBrowser, string> = { chrome: "production", firefox: "firefox" };

export interface PackageFolders {
	/** Where each browser's build goes; emptied first. */
	builds: Record<TargetBrowser, string>;
	/** Where the zips go. */
	artifacts: string;
}

/** `npm run package`'s folders: the builds where `npm run build` and `build:firefox` put them. */
export const DEFAULT_FOLDERS: PackageFolders = {
	builds: { chrome: join(REPO_ROOT, "dist"), firefox: join(REPO_ROOT, "dist-firefox") },
	artifacts: join(REPO_ROOT, "artifacts"),
};

/** The version being released: manifest.json's, which package.json must repeat. */
export function releaseVersion(manifest: string, npm: string): string {
	if (manifest !== npm) {
		throw new Error(
			`manifest.json says version ${manifest} but package.json says ${npm}: set both to the version you are releasing`,
		);
	}
	if (!VERSION_PATTERN.test(manifest)) {
		throw new Error(
			`Version "${manifest}" is not one the stores accept: one to four numbers separated by dots, like 1.2.0`,
		);
	}
	return manifest;
}

/** Refuses a build for the emulators, a demo project or plain-http short links before anything is built. */
function requireProject(browser: TargetBrowser): void {
	const config = configFromEnv(loadEnv(MODES[browser], REPO_ROOT, "VITE_"));
	requirePublishableProject(config, "A store package");
	if (!config.shortLinkBase.startsWith("https://")) {
		throw new Error(
			`A store package needs short links on https, but VITE_SHORT_LINK_BASE is ${config.shortLinkBase}: set it to your Hosting site or custom domain, or leave it empty for https://${config.firebase.projectId}.web.app/`,
		);
	}
}

/**
 * Every file of a build, refusing what a store package must not carry. The build emits only what its
 * entries reach, so beyond that the folder can only hold files copied from public/, such as a stray
 * `.env` or notes; source maps are off for this build, and refused should they appear.
 */
export function shippedFiles(dir: string): string[] {
	const files = readdirSync(dir, { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile())
		.map((entry) => relative(dir, join(entry.parentPath, entry.name)))
		.sort();
	const foreign = files.filter(
		(file) => file.split(sep).some((part) => part.startsWith(".")) || !SHIPPED_KINDS.has(extname(file)),
	);
	if (foreign.length > 0) {
		throw new Error(
			`The build holds files no extension loads, which must not reach a store: ${foreign.join(", ")} (if they come from public/, remove them there)`,
		);
	}
	return files;
}

async function packageFor(browser: TargetBrowser, version: string, folders: PackageFolders): Promise<string> {
	const outDir = folders.builds[browser];
	await build({
		configFile: join(REPO_ROOT, "vite.config.ts"),
		mode: MODES[browser],
		logLevel: "warn",
		build: { outDir, sourcemap: false },
	});
	shippedFiles(outDir);
	const { extensionPath } = await webExt.cmd.build(
		{
			sourceDir: outDir,
			artifactsDir: folders.artifacts,
			filename: `shorty-${browser}-${version}.zip`,
			overwriteDest: true,
		},
		{ showReadyMessage: false },
	);
	return extensionPath;
}

/** Builds and zips both packages; returns their paths, Chrome's first. */
export async function makeStorePackages(folders: PackageFolders = DEFAULT_FOLDERS): Promise<string[]> {
	const version = releaseVersion(
		readJson<{ version: string }>("manifest.json").version,
		readJson<{ version: string }>("package.json").version,
	);
	const browsers: TargetBrowser[] = ["chrome", "firefox"];
	for (const browser of browsers) requireProject(browser);
	const packages: string[] = [];
	// One after the other: both builds share Vite's caches, and two cores are busy enough with one.
	for (const browser of browsers) packages.push(await packageFor(browser, version, folders));
	return packages;
}
