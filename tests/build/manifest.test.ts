import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLocalExtension } from "../../scripts/localBuild";
import {
	buildAsNpmRunBuild,
	LOCAL_BACKEND,
	manifestOf,
	newFolder,
	PROJECT_SETTINGS,
	policyDirective,
	removeFolders,
	whyNotAClassicScript,
	withSettings,
} from "./builds";
import { DIST } from "./dist";

const manifest = JSON.parse(readFileSync(resolve(DIST, "manifest.json"), "utf8"));

/** Width and height from a PNG's IHDR chunk. */
function pngSize(path: string): [number, number] {
	const bytes = readFileSync(path);
	expect(bytes.subarray(1, 4).toString("ascii")).toBe("PNG");
	return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe("the built manifest", () => {
	// Chrome keeps V8's code cache for a classic worker and none for a module one (scripts/classicBackground.ts).
	it("is Manifest V3 with a classic service worker: one strict file in dist/ that compiles as a script, importing nothing", () => {
		expect(manifest.manifest_version).toBe(3);
		expect(manifest.background).toEqual({ service_worker: "service-worker.js" });
		const worker = readFileSync(resolve(DIST, manifest.background.service_worker), "utf8");
		expect(whyNotAClassicScript(worker, manifest.background.service_worker)).toBeNull();
	});

	it("asks only for the permissions Shorty's features use, and host access only to the backend it talks to", () => {
		expect([...manifest.permissions].sort()).toEqual(
			["activeTab", "clipboardWrite", "contextMenus", "notifications", "offscreen", "scripting", "storage"].sort(),
		);
		// No .env in a checkout: `npm run build` talks to the local backend on its default ports.
		expect(manifest.host_permissions).toEqual(["http://127.0.0.1:9099/*", "http://127.0.0.1:8080/*"]);
		expect(manifest.optional_host_permissions ?? []).toEqual([]);
		expect(JSON.stringify(manifest)).not.toContain("<all_urls>");
	});

	it("has a content security policy that allows scripts only from the extension itself, and no plugins", () => {
		expect(policyDirective(DIST, "script-src")).toBe("'self'");
		expect(policyDirective(DIST, "object-src")).toBe("'none'");
		expect(policyDirective(DIST, "base-uri")).toBe("'none'");
		expect(policyDirective(DIST, "frame-ancestors")).toBe("'none'");
	});

	it("ships every icon it names, as a PNG of the declared size", () => {
		const icons = { ...manifest.icons, ...manifest.action.default_icon } as Record<string, string>;
		expect(Object.keys(manifest.icons).sort()).toEqual(["128", "16", "32", "48"]);
		for (const [size, path] of Object.entries(icons)) {
			expect(pngSize(resolve(DIST, path))).toEqual([Number(size), Number(size)]);
		}
	});

	it("points the popup and options page at built HTML files", () => {
		expect(existsSync(resolve(DIST, manifest.action.default_popup))).toBe(true);
		expect(existsSync(resolve(DIST, manifest.options_ui.page))).toBe(true);
	});
});

describe("where the extension may connect", () => {
	const forProject = newFolder("csp-project");
	const forProjectFirefox = newFolder("csp-project-firefox");
	const local = newFolder("csp-local");
	beforeAll(async () => {
		await withSettings(PROJECT_SETTINGS, async () => {
			await buildAsNpmRunBuild(forProject);
			await buildAsNpmRunBuild(forProjectFirefox, "firefox");
		});
		await buildLocalExtension(local, LOCAL_BACKEND);
	}, 60_000);
	afterAll(removeFolders);

	it("a build for a Firebase project: exactly the endpoints of Firebase Auth and Firestore, in both browsers", () => {
		const firebase =
			"https://identitytoolkit.googleapis.com https://securetoken.googleapis.com https://firestore.googleapis.com";
		expect(policyDirective(forProject, "connect-src")).toBe(firebase);
		expect(policyDirective(forProjectFirefox, "connect-src")).toBe(firebase);
		expect(policyDirective(forProject, "object-src")).toBe("'none'");
	});

	// Host access removes the CORS preflight before each request (docs/architecture.md, "Preflights"); it
	// names exactly the hosts the policy lets the extension connect to, and no web page.
	it("a build for a Firebase project: host access to those endpoints only, in both browsers", () => {
		const firebase = [
			"https://identitytoolkit.googleapis.com/*",
			"https://securetoken.googleapis.com/*",
			"https://firestore.googleapis.com/*",
		];
		expect(manifestOf(forProject).host_permissions).toEqual(firebase);
		expect(manifestOf(forProjectFirefox).host_permissions).toEqual(firebase);
	});

	it("a local build: exactly its emulators, and no Google endpoint", () => {
		expect(policyDirective(local, "connect-src")).toBe(
			`http://${LOCAL_BACKEND.auth} http://${LOCAL_BACKEND.firestore}`,
		);
		expect(policyDirective(local, "script-src")).toBe("'self'");
		expect(policyDirective(local, "object-src")).toBe("'none'");
		expect(manifestOf(local).host_permissions).toEqual([
			`http://${LOCAL_BACKEND.auth}/*`,
			`http://${LOCAL_BACKEND.firestore}/*`,
		]);
	});
});
