/**
 * firebase.json's hosting section and the short-link routing agree on what a code is: Hosting sends
 * code-shaped paths to the function and everything else to 404.html (status 404), and the function (or
 * the static page, in the static deploy) reads the database for exactly the paths Hosting sends it.
 */
import { describe, expect, it } from "vitest";
import { type FirebaseJson, readJson } from "../../../local/config";
import { staticSite } from "../../../local/staticSite";
import { routeOf } from "../../../redirect/route";

const config = readJson<FirebaseJson>("firebase.json");
const { hosting } = config;

describe("firebase.json's hosting", () => {
	it("sends the function exactly the paths it reads a link for", () => {
		const [rewrite, ...others] = hosting.rewrites;
		expect(others).toEqual([]);
		expect(rewrite?.function).toEqual({ functionId: "shortLink", region: "us-central1" });
		// Hosting matches with RE2; this pattern means the same in JavaScript.
		const sentToPage = new RegExp(rewrite?.regex ?? "$^", "u");
		for (const path of [
			"/aB3dE7z",
			"/aB3dE7z+",
			"/aB3dE7z/",
			"/aB3dE7z+/",
			"/aB3dE7z//",
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

	it("lets no Cache-Control of its own reach a short link, whose answers must never be cached", () => {
		const codePaths = ["/aB3dE7z", "/aB3dE7z+", "/aB3dE7z/"];
		for (const rule of hosting.headers) {
			if (!rule.headers.some(({ key }) => key.toLowerCase() === "cache-control")) continue;
			// Hosting matches with RE2; these patterns mean the same in JavaScript.
			expect(rule.source, "a glob could match a code").toBeUndefined();
			for (const path of codePaths) expect(new RegExp(rule.regex ?? "", "u").test(path), path).toBe(false);
		}
	});

	it("forbids framing every page, so the preview's Continue cannot be clickjacked", () => {
		const all = hosting.headers.find((rule) => rule.source === "**");
		expect(all?.headers).toContainEqual({ key: "Content-Security-Policy", value: "frame-ancestors 'none'" });
	});
});

describe("the static deploy's hosting (npm run deploy:static)", () => {
	const site = staticSite(config).hosting;

	it("sends the static page the same paths the function gets, and deploys no function", () => {
		expect(site.rewrites).toEqual([{ regex: hosting.rewrites[0]?.regex, destination: "/index.html" }]);
		expect("functions" in staticSite(config)).toBe(false);
	});

	it("caches the page at code paths like the page itself, and keeps the other headers", () => {
		const pageCache = hosting.headers.find((rule) => rule.headers.some(({ key }) => key === "Cache-Control"));
		expect(site.headers).toEqual([
			...hosting.headers,
			{ regex: hosting.rewrites[0]?.regex, headers: pageCache?.headers },
		]);
	});
});
