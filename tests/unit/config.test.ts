// @vitest-environment node
import { describe, expect, it } from "vitest";
import { configFromEnv } from "../../src/config";

describe("which backend a build talks to", () => {
	it("with nothing set, the local backend on its default ports", () => {
		expect(configFromEnv({})).toEqual({
			firebase: expect.objectContaining({ projectId: "demo-shorty" }),
			emulators: { auth: "127.0.0.1:9099", firestore: "127.0.0.1:8080" },
			shortLinkBase: "http://127.0.0.1:5000/",
		});
	});

	it("the local backend on the ports `npm start` passes, with the short-link base given a trailing slash", () => {
		const config = configFromEnv({
			VITE_AUTH_EMULATOR_HOST: "127.0.0.1:19099",
			VITE_FIRESTORE_EMULATOR_HOST: "127.0.0.1:18080",
			VITE_SHORT_LINK_BASE: "http://127.0.0.1:15000",
		});
		expect(config.emulators).toEqual({ auth: "127.0.0.1:19099", firestore: "127.0.0.1:18080" });
		expect(config.shortLinkBase).toBe("http://127.0.0.1:15000/");
	});

	it("a real project when one is named, with no emulators and its web.app site as the default base", () => {
		const config = configFromEnv({
			VITE_FIREBASE_PROJECT_ID: "my-shorty",
			VITE_FIREBASE_API_KEY: "key",
			VITE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
		});
		expect(config).toEqual({
			firebase: { projectId: "my-shorty", apiKey: "key", authDomain: "my-shorty.firebaseapp.com" },
			emulators: null,
			shortLinkBase: "https://my-shorty.web.app/",
		});
	});

	it("refuses a project without an API key, naming the missing variable", () => {
		expect(() => configFromEnv({ VITE_FIREBASE_PROJECT_ID: "my-shorty" })).toThrow("VITE_FIREBASE_API_KEY");
	});

	it("refuses a short-link base with a path, naming the variable: links are read from the site's root", () => {
		for (const VITE_SHORT_LINK_BASE of [
			"https://x.com/s/",
			"https://x.com/s",
			"https://x.com/?s=1",
			"https://x.com/#s",
		]) {
			expect(() => configFromEnv({ VITE_SHORT_LINK_BASE }), VITE_SHORT_LINK_BASE).toThrow(
				/VITE_SHORT_LINK_BASE must be a site with no path/,
			);
			expect(() =>
				configFromEnv({ VITE_FIREBASE_PROJECT_ID: "my-shorty", VITE_FIREBASE_API_KEY: "key", VITE_SHORT_LINK_BASE }),
			).toThrow(/VITE_SHORT_LINK_BASE/);
		}
	});

	it("refuses a short-link base that is not a web address", () => {
		for (const VITE_SHORT_LINK_BASE of ["sho.rt", "ftp://sho.rt/", "/s/"]) {
			expect(() => configFromEnv({ VITE_SHORT_LINK_BASE }), VITE_SHORT_LINK_BASE).toThrow(
				/VITE_SHORT_LINK_BASE is not a web address/,
			);
		}
	});

	it("accepts a bare site, with or without the trailing slash", () => {
		expect(configFromEnv({ VITE_SHORT_LINK_BASE: "https://sho.rt" }).shortLinkBase).toBe("https://sho.rt/");
		expect(configFromEnv({ VITE_SHORT_LINK_BASE: "https://sho.rt/" }).shortLinkBase).toBe("https://sho.rt/");
	});

	it("takes a setting left empty, as .env.example leaves it, as unset", () => {
		const config = configFromEnv({
			VITE_FIREBASE_PROJECT_ID: "my-shorty",
			VITE_FIREBASE_API_KEY: "key",
			VITE_FIREBASE_AUTH_DOMAIN: "",
			VITE_FIREBASE_APP_ID: "",
			VITE_SHORT_LINK_BASE: "",
		});
		expect(config.firebase).toEqual({ projectId: "my-shorty", apiKey: "key", authDomain: "my-shorty.firebaseapp.com" });
		expect(config.shortLinkBase).toBe("https://my-shorty.web.app/");
	});
});
