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
});
