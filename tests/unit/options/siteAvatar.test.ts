import { describe, expect, it } from "vitest";
import { siteColour, siteLetter } from "../../../options/SiteAvatar";

describe("a site's avatar", () => {
	it("is the site's own first letter, not its www", () => {
		expect(siteLetter("developer.chrome.com")).toBe("D");
		expect(siteLetter("www.w3.org")).toBe("W");
	});

	it("has one colour for a site on any port, and not one colour for every site", () => {
		expect(siteColour("pages.example.com:41491")).toBe(siteColour("pages.example.com"));
		expect(siteColour("pages.example.com:33193")).toBe(siteColour("pages.example.com:41491"));
		const sites = ["react.dev", "vite.dev", "firebase.google.com", "developer.mozilla.org", "github.com"];
		expect(new Set(sites.map(siteColour)).size).toBeGreaterThan(1);
	});
});
