import { describe, expect, it } from "vitest";
import type { FirstRequests } from "../../../popup/firstRequests";
import { handOver, takeOver } from "../../../popup/handOver";

describe("the first requests handed from the popup's first script to its page", () => {
	it("reach the page as sent, once; a page with none says its first script never ran", () => {
		// Opaque to the hand-over, which only keeps it: any FirstRequests will do.
		const first: FirstRequests = {
			call: async () => ({ ok: true, data: {} }) as never,
			environment: {} as never,
			arrived: () => ({}),
		};
		handOver(first);
		expect(takeOver()).toBe(first);
		expect(() => takeOver()).toThrow("The popup's first script did not run");
	});
});
