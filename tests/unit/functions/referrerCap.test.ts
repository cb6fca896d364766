/** How many referring hosts one instance adds to one day document (functions/src/clicks.ts). */
import { describe, expect, it } from "vitest";
import { REFERRER_HOSTS_PER_DOCUMENT, ReferrerCap } from "../../../functions/src/clicks";

const hosts = (count: number, prefix = "site") => Array.from({ length: count }, (_, i) => `${prefix}${i}.example`);

describe("the referrer cap", () => {
	it("adds new hosts to a document up to the cap, and keeps counting the hosts it has", () => {
		const cap = new ReferrerCap();
		const day = "clicks/abc/days/2026-11-23-0";
		expect(hosts(REFERRER_HOSTS_PER_DOCUMENT).every((host) => cap.admit(day, host))).toBe(true);
		expect(cap.admit(day, "one-too-many.example")).toBe(false);
		expect(cap.admit(day, "site0.example")).toBe(true);
		// Another shard, another link: a cap of their own.
		expect(cap.admit("clicks/abc/days/2026-11-23-1", "one-too-many.example")).toBe(true);
		expect(cap.admit("clicks/xyz/days/2026-11-23-0", "one-too-many.example")).toBe(true);
	});

	it("forgets everything past its number of documents, so its memory stays bounded", () => {
		const cap = new ReferrerCap(2, 3);
		for (const document of ["a", "b", "c"]) {
			cap.admit(document, "x.example");
			cap.admit(document, "y.example");
		}
		expect(cap.admit("a", "z.example")).toBe(false);
		cap.admit("d", "x.example");
		expect(cap.admit("a", "z.example")).toBe(true);
	});
});
