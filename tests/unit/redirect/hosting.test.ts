/**
 * firebase.json's hosting section and the page agree on what a code is: Hosting sends code-shaped paths
 * to the page (status 200) and everything else to 404.html (status 404), and the page reads the
 * database for exactly the paths Hosting sends it.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { routeOf } from "../../../redirect/route";

interface Hosting {
	rewrites: Array<{ regex?: string; source?: string; destination: string }>;
	headers: Array<{ source: string; headers: Array<{ key: string; value: string }> }>;
}

const hosting = (
	JSON.parse(readFileSync(resolve(import.meta.dirname, "../../../firebase.json"), "utf8")) as { hosting: Hosting }
).hosting;

describe("firebase.json's hosting", () => {
	it("sends the page exactly the paths it reads a link for", () => {
		const [rewrite, ...others] = hosting.rewrites;
		expect(others).toEqual([]);
		expect(rewrite?.destination).toBe("/index.html");
		// Hosting matches with RE2; this pattern means the same in JavaScript.
		const sentToPage = new RegExp(rewrite?.regex ?? "$^", "u");
		for (const path of [
			"/aB3dE7z",
			"/aB3dE7z+",
			"/my_alias-2",
			`/${"x".repeat(64)}`,
			`/${"x".repeat(65)}`,
			"/ab",
			"/ab+",
			"/abc++",
			"/has%20space",
			"/a.b",
			"/two/parts",
			"/favicon.ico",
			"/",
		]) {
			const { kind } = routeOf(path);
			expect(sentToPage.test(path), path).toBe(kind === "follow" || kind === "preview");
		}
	});

	it("forbids framing every page, so the preview's Continue cannot be clickjacked", () => {
		const all = hosting.headers.find((rule) => rule.source === "**");
		expect(all?.headers).toContainEqual({ key: "Content-Security-Policy", value: "frame-ancestors 'none'" });
	});
});
