// @vitest-environment node
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashUrl } from "../../../src/links/urlHash";

const nodeSha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

describe("hashUrl", () => {
	it("is the SHA-256 of the FIPS 180-2 test vector 'abc'", async () => {
		expect(await hashUrl("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	});

	it.each(["https://example.com/", "https://xn--bcher-kva.example/caf%C3%A9?q=1#top", "https://example.com/ü"])(
		"matches Node's SHA-256 of the UTF-8 bytes of %s",
		async (url) => {
			expect(await hashUrl(url)).toBe(nodeSha256(url));
		},
	);

	it("is 64 lower-case hex characters, the form firestore.rules requires", async () => {
		expect(await hashUrl("https://EXAMPLE.com/")).toMatch(/^[0-9a-f]{64}$/);
	});

	it("is the same for the same URL and differs for another", async () => {
		expect(await hashUrl("https://example.com/a")).toBe(await hashUrl("https://example.com/a"));
		expect(await hashUrl("https://example.com/a")).not.toBe(await hashUrl("https://example.com/A"));
	});
});
