// @vitest-environment node
import { describe, expect, it } from "vitest";
import { localShortLinkSite } from "../../../local/config";
import { rulesForSite } from "../../../local/deployedRules";
import { configFromEnv } from "../../../src/config";
import { shortLinkSiteHosts } from "../../../src/links/shortLinkSite";
import { RULES_TEXT } from "../links/firestoreRules";

const project = (env: Record<string, string>) =>
	shortLinkSiteHosts(configFromEnv({ VITE_FIREBASE_PROJECT_ID: "my-shorty", VITE_FIREBASE_API_KEY: "key", ...env }));

describe("the rules npm run deploy sends name the project's short-link site", () => {
	it("its web.app and firebaseapp.com names, and the custom domain of the short-link base", () => {
		expect(project({ VITE_SHORT_LINK_BASE: "https://sho.rt/" })).toEqual([
			"my-shorty.firebaseapp.com",
			"my-shorty.web.app",
			"sho.rt",
		]);
		expect(project({})).toEqual(["my-shorty.firebaseapp.com", "my-shorty.web.app"]);
		expect(project({ VITE_FIREBASE_AUTH_DOMAIN: "login.example.com" })).toContain("login.example.com");
	});

	it("changes shortLinkSite() and nothing else in firestore.rules", () => {
		const deployed = rulesForSite(RULES_TEXT, project({ VITE_SHORT_LINK_BASE: "https://sho.rt/" }));
		expect(deployed).toContain("return ['my-shorty.firebaseapp.com', 'my-shorty.web.app', 'sho.rt'];");
		const changed = deployed.split("\n").filter((line, i) => line !== RULES_TEXT.split("\n")[i]);
		expect(changed).toEqual(["      return ['my-shorty.firebaseapp.com', 'my-shorty.web.app', 'sho.rt'];"]);
	});

	it("gives back firestore.rules as committed for the local backend's own site", () => {
		expect(rulesForSite(RULES_TEXT, localShortLinkSite())).toBe(RULES_TEXT);
	});

	it("refuses a host that could end a rules string, and rules without the function", () => {
		expect(() => rulesForSite(RULES_TEXT, ["sho.rt'] || true || ['"])).toThrow(/cannot go into the rules/);
		expect(() => rulesForSite(RULES_TEXT, [])).toThrow(/cannot go into the rules/);
		expect(() => rulesForSite("rules_version = '2';", ["sho.rt"])).toThrow(/expected one/);
	});
});
