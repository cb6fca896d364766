import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { DIST } from "./dist";
import { findRemoteCode } from "./remoteCode";

const scratch = mkdtempSync(join(tmpdir(), "shorty-remote-code-"));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function filesUnder(dir: string): string[] {
	return readdirSync(dir, { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile() && /\.(js|mjs|html)$/.test(entry.name))
		.map((entry) => join(entry.parentPath, entry.name));
}

/** Bundles one fixture the way the extension build does and returns the emitted JavaScript. */
async function bundle(fixture: string): Promise<string> {
	const outDir = join(scratch, fixture);
	await build({
		configFile: false,
		logLevel: "silent",
		build: {
			outDir,
			lib: { entry: resolve(import.meta.dirname, "fixtures", `${fixture}.ts`), formats: ["es"], fileName: "bundle" },
		},
	});
	return filesUnder(outDir)
		.map((file) => readFileSync(file, "utf8"))
		.join("\n");
}

describe("remote code in the build", () => {
	it("dist/ contains no remotely hosted code or eval", () => {
		const findings = filesUnder(DIST).flatMap((file) =>
			findRemoteCode(readFileSync(file, "utf8")).map((marker) => `${file}: ${marker}`),
		);
		expect(findings).toEqual([]);
	});

	it("would catch a file that imports firebase/auth instead of firebase/auth/web-extension", async () => {
		expect(findRemoteCode(await bundle("auth-web"))).toContain("Google API loader (apis.google.com)");
		expect(findRemoteCode(await bundle("auth-web-extension"))).toEqual([]);
	}, 60_000);

	it("tells remote code apart from local code and names that merely contain eval", () => {
		expect(findRemoteCode("const x = eval('1+1')")).toEqual(["eval()"]);
		expect(findRemoteCode("retrieval(doc); obj.evaluate(x); medieval (age)")).toEqual([]);
		expect(findRemoteCode("const f = new Function('return 1')")).toEqual(["new Function()"]);
		expect(findRemoteCode('await import("https://cdn.example/x.js")')).toEqual(["import() of a URL"]);
		expect(findRemoteCode('<script src="//cdn.example/x.js"></script>')).toEqual(["<script src> of a URL"]);
		expect(findRemoteCode('<script type="module" src="/assets/popup.js"></script>')).toEqual([]);
	});
});
