/**
 * The redirect page as `npm run build` leaves it in redirect/dist/ (firebase.json's hosting.public):
 * one self-contained file within its budget, its Content-Security-Policy matching what it inlines, and
 * no Firebase SDK (the page speaks Firestore's REST API itself, redirect/firestoreRest.ts).
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

const DIST = resolve(import.meta.dirname, "../../redirect/dist");
const KB = 1024;
/** Issue 10's budget for the whole page, Firestore client included. */
const BUDGET = 25 * KB;

const page = readFileSync(resolve(DIST, "index.html"), "utf8");
const inline = (element: "script" | "style") =>
	[...page.matchAll(new RegExp(`<${element}[^>]*>([\\s\\S]*?)</${element}>`, "g"))].map(([, body = ""]) => body);
const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(page)?.[1] ?? "";
const directive = (name: string) => policy.split("; ").find((entry) => entry.startsWith(`${name} `)) ?? "";
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
