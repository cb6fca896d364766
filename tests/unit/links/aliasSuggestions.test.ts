// @vitest-environment node
import { describe, expect, it } from "vitest";
import { aliasCandidates } from "../../../src/links/aliasSuggestions";
import { checkAlias } from "../../../src/links/codes";
import { MAX_CODE_LENGTH } from "../../../src/links/schema";

const page = { url: "https://docs.example.com/guides/pricing-plans?ref=nav", title: "Pricing and plans – Acme" };

describe("aliasCandidates", () => {
	it("offers the next number first, then the alias with words of the page, then more numbers", () => {
		expect(aliasCandidates("launch", page)).toEqual([
			"launch-2",
			"launch-pricing",
			"launch-plans",
			"launch-acme",
			"launch-3",
			"launch-4",
			"launch-5",
			"launch-6",
		]);
	});

	it("counts on from a taken numbered alias instead of adding a second number", () => {
		expect(aliasCandidates("docs-2", { url: "https://example.com/" }).slice(0, 3)).toEqual([
			"docs-3",
			"docs-example",
			"docs-4",
		]);
	});

	it("keeps the alias's case, and leaves out words the alias already holds", () => {
		const candidates = aliasCandidates("Pricing", page);
		expect(candidates.slice(0, 3)).toEqual(["Pricing-2", "Pricing-plans", "Pricing-acme"]);
		expect(candidates).not.toContain("Pricing-pricing");
	});

	it("takes words without accents, skips empty words, bare numbers, punycode and the top-level domain", () => {
		const candidates = aliasCandidates("talk", {
			url: "https://www.café.fr/2026/Conférence/index.html",
			title: "The Café that is ours, of 2026",
		});
		expect(candidates.slice(0, 3)).toEqual(["talk-2", "talk-cafe", "talk-ours"]);
		expect(candidates).toContain("talk-conference");
		for (const word of ["the", "that", "2026", "www", "index", "html", "fr", "xn"]) {
			expect(candidates).not.toContain(`talk-${word}`);
		}
	});

	it("shortens a long alias so every candidate is at most 64 characters, and all are valid aliases", () => {
		const long = "a".repeat(MAX_CODE_LENGTH);
		const candidates = aliasCandidates(long, page);
		expect(candidates.length).toBeGreaterThan(0);
		for (const candidate of candidates) {
			expect(candidate.length).toBeLessThanOrEqual(MAX_CODE_LENGTH);
			expect(checkAlias(candidate).ok).toBe(true);
		}
		expect(candidates[0]).toBe(`${"a".repeat(MAX_CODE_LENGTH - 2)}-2`);
	});

	it("never offers a reserved alias or the same one twice", () => {
		const candidates = aliasCandidates("help", { url: "https://example.com/help/help", title: "Help" });
		expect(new Set(candidates).size).toBe(candidates.length);
		expect(candidates.every((candidate) => checkAlias(candidate).ok)).toBe(true);
	});

	it("survives an address it cannot read, offering numbers", () => {
		expect(aliasCandidates("promo", { url: "not a url" }).slice(0, 2)).toEqual(["promo-2", "promo-3"]);
	});
});
