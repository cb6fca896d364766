/**
 * The store listings (docs/store/listing.<lang>.md) in each language: every part a store asks for, and a
 * short description that Chrome accepts and that says what the manifest says, since Chrome shows the
 * manifest's description as the listing's summary.
 */
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const LANGUAGES = ["en", "de", "fr", "es"];
/** Chrome's limit for the manifest's description, which is the listing's summary. */
const MAX_SUMMARY = 132;

const manifest = JSON.parse(readFileSync("manifest.json", "utf8")) as { description: string; permissions: string[] };

/** The manifest's description as a browser in `language` shows it: the text, or its _locales message. */
function manifestDescription(language: string): string | null {
	const message = /^__MSG_(\w+)__$/.exec(manifest.description)?.[1];
	if (!message) return language === "en" ? manifest.description : null;
	const file = `_locales/${language}/messages.json`;
	const messages = existsSync(file)
		? (JSON.parse(readFileSync(file, "utf8")) as Record<string, { message: string }>)
		: JSON.parse(readFileSync(`public/${file}`, "utf8"));
	return messages[message]?.message ?? null;
}

describe.each(LANGUAGES)("the %s store listing", (language) => {
	const listing = readFileSync(`docs/store/listing.${language}.md`, "utf8");
	const sections = listing.split(/^## /m).slice(1);
	const summary = /^> (.+)$/m.exec(sections[1] ?? "")?.[1] ?? "";

	it("has the name, both descriptions, category, every permission explained and single purpose", () => {
		expect(sections).toHaveLength(6);
		expect(sections[0]?.split("\n").filter(Boolean)[1]).toBe("Shorty");
		const explained = [...(sections[4] ?? "").matchAll(/^\| `(\w+)`/gm)].map(([, permission]) => permission);
		expect(explained.sort()).toEqual([...manifest.permissions].sort());
	});

	it(`has a short description of at most ${MAX_SUMMARY} characters, the manifest's own`, () => {
		expect([...summary].length).toBeGreaterThan(20);
		expect([...summary].length).toBeLessThanOrEqual(MAX_SUMMARY);
		const description = manifestDescription(language);
		if (description !== null) expect(summary).toBe(description);
	});
});
