/**
 * Builds of the extension into folders of a test's own, and what is in them. The settings a developer
 * would keep in `.env` are given through the environment (vi.stubEnv), which Vite's loadEnv reads exactly
 * as it reads a `.env` file and ranks above it: no test writes, or depends on, the developer's real `.env`.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Script } from "node:vm";
import { build } from "vite";
import { vi } from "vitest";
import type { LocalBackendHosts } from "../../src/config";
import { EXTENSION_ROOT, type TargetBrowser } from "../../vite.config";

/** A real-looking project as `.env` names it (README, "Using your own Firebase project"), and a secret beside it. */
export const PROJECT_SETTINGS = {
	VITE_FIREBASE_PROJECT_ID: "shorty-prod-4821",
	VITE_FIREBASE_API_KEY: "AIzaSyRealLookingKey0000000000000000000",
	VITE_FIREBASE_AUTH_DOMAIN: "",
	VITE_FIREBASE_APP_ID: "1:123456789012:web:0123456789abcdef",
	VITE_SHORT_LINK_BASE: "https://go.prod-links.example/",
	// Nothing reads it: it must stay out of every bundle.
	VITE_SECRET_X: "do-not-ship-this-secret",
} as const;

/** A local backend on ports of its own, as the test backends and `npm start` pass them. */
export const LOCAL_BACKEND: LocalBackendHosts = {
	auth: "127.0.0.1:19099",
	firestore: "127.0.0.1:18080",
	hosting: "127.0.0.1:15000",
};

/** Sets these variables in the environment for `run`, and only for it. */
export async function withSettings<T>(settings: Record<string, string>, run: () => Promise<T>): Promise<T> {
	for (const [name, value] of Object.entries(settings)) vi.stubEnv(name, value);
	try {
		return await run();
	} finally {
		vi.unstubAllEnvs();
	}
}

/** A new empty folder, removed with the rest by `removeFolders`. */
const folders: string[] = [];
export function newFolder(name: string): string {
	const folder = mkdtempSync(join(tmpdir(), `shorty-${name}-`));
	folders.push(folder);
	return folder;
}

export function removeFolders(): void {
	for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
}

/** `npm run build` (or `npm run build:firefox`) as the command line runs it, into `outDir`. */
export async function buildAsNpmRunBuild(outDir: string, browser: TargetBrowser = "chrome"): Promise<void> {
	await build({
		configFile: join(EXTENSION_ROOT, "vite.config.ts"),
		mode: browser === "firefox" ? "firefox" : "production",
		logLevel: "warn",
		build: { outDir },
	});
}

/** Every file of a build, by path, as text. */
export function filesOf(dir: string): Map<string, string> {
	const paths = readdirSync(dir, { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile())
		.map((entry) => join(entry.parentPath, entry.name));
	return new Map(paths.map((path) => [path.slice(dir.length + 1), readFileSync(path, "utf8")]));
}

/** The files of a build that contain `text`. */
export function filesContaining(dir: string, text: string): string[] {
	return [...filesOf(dir)].filter(([, content]) => content.includes(text)).map(([path]) => path);
}

export interface BuiltManifest {
	content_security_policy: { extension_pages: string };
	[key: string]: unknown;
}

export function manifestOf(dir: string): BuiltManifest {
	return JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as BuiltManifest;
}

/** One directive of the extension pages' policy, e.g. "connect-src", without its name; null when absent. */
export function policyDirective(dir: string, name: string): string | null {
	const directive = manifestOf(dir)
		.content_security_policy.extension_pages.split(";")
		.map((part) => part.trim())
		.find((part) => part.startsWith(`${name} `));
	return directive === undefined ? null : directive.slice(name.length + 1);
}

/**
 * Why `source` is not the background file scripts/classicBackground.ts makes (a classic script, which
 * Chrome keeps compiled between starts, importing nothing, strict), or null when it is.
 */
export function whyNotAClassicScript(source: string, fileName: string): string | null {
	// A classic script's import or export is a syntax error.
	try {
		new Script(source, { filename: fileName });
	} catch (error) {
		return `it does not compile as a classic script: ${(error as Error).message}`;
	}
	// importScripts would be a second file; the strictness is the modules' it replaced, which Shorty's code
	// and its packages are tested under.
	if (/\bimportScripts\s*\(/.test(source)) return "it calls importScripts";
	if (!source.startsWith('"use strict";')) return "it is not strict";
	return null;
}
