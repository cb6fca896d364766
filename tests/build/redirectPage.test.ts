/**
 * The redirect page as `npm run build` leaves it in redirect/dist/ (firebase.json's hosting.public):
 * one self-contained file within its budget, its Content-Security-Policy matching what it inlines, and
 * no Firebase SDK (the page speaks Firestore's REST API itself, redirect/firestoreRest.ts).
 */
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildRedirectPage } from "../../redirect/build";

const DIST = resolve(import.meta.dirname, "../../redirect/dist");
const KB = 1024;
/** Issue 10's budget for the whole page, Firestore client included. */
const BUDGET = 25 * KB;

const page = readFileSync(resolve(DIST, "index.html"), "utf8");
const inline = (element: "script" | "style") =>
	[...page.matchAll(new RegExp(`<${element}[^>]*>([\\s\\S]*?)</${element}>`, "g"))].map(([, body = ""]) => body);
const policyOf = (html: string) => /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? "";
const directive = (name: string, html = page) =>
	policyOf(html)
		.split("; ")
		.find((entry) => entry.startsWith(`${name} `)) ?? "";
const hashOf = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("the redirect page build", () => {
	it(`is one file of at most ${BUDGET / KB} KB gzip, everything a visitor downloads`, () => {
		expect(gzipSync(page, { level: 9 }).length).toBeLessThanOrEqual(BUDGET);
		expect(page).not.toMatch(/<script[^>]+src=|<link[^>]+rel="stylesheet"/);
	});

	it("has a 404.html identical to the page, for paths Hosting does not send to it", () => {
		expect(readdirSync(DIST).sort()).toEqual(["404.html", "index.html"]);
		expect(readFileSync(resolve(DIST, "404.html"), "utf8")).toBe(page);
	});

	it("allows exactly its own inline script and styles, and connects only to Firestore", () => {
		const [script, ...otherScripts] = inline("script");
		const [style, ...otherStyles] = inline("style");
		expect([otherScripts, otherStyles]).toEqual([[], []]);
		expect(directive("default-src")).toBe("default-src 'none'");
		expect(directive("script-src")).toBe(`script-src ${hashOf(script ?? "")}`);
		expect(directive("style-src")).toBe(`style-src ${hashOf(style ?? "")}`);
		expect(directive("connect-src")).toMatch(
			/^connect-src (https:\/\/firestore\.googleapis\.com|http:\/\/[\d.]+:\d+)$/,
		);
	});

	it("carries no Firebase SDK code", () => {
		expect(page).not.toContain("@firebase/");
		expect(page).not.toContain("FirebaseError");
	});
});

describe("the page the test backends and `npm start` build", () => {
	afterEach(() => {
		vi.unstubAllEnvs();
	});

	it("talks only to the backend it is given, whatever project the developer's settings name", async () => {
		// loadEnv reads these exactly as it reads a .env file, which the test must not write.
		vi.stubEnv("VITE_FIREBASE_PROJECT_ID", "developers-real-project");
		vi.stubEnv("VITE_FIREBASE_API_KEY", "real-key");
		const outDir = mkdtempSync(join(tmpdir(), "shorty-redirect-build-"));
		try {
			await buildRedirectPage(outDir, { VITE_FIRESTORE_EMULATOR_HOST: "127.0.0.1:18080" });
			const built = readFileSync(join(outDir, "index.html"), "utf8");
			expect(directive("connect-src", built)).toBe("connect-src http://127.0.0.1:18080");
			expect(built).not.toContain("developers-real-project");
		} finally {
			rmSync(outDir, { recursive: true, force: true });
		}
	});
});
