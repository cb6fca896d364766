import { describe, expect, it } from "vitest";
import type { FirstRequests } from "../../../popup/firstRequests";
import { handOver, takeOver } from "../../../popup/handOver";

/** Opaque to the hand-over, which only keeps it: any FirstRequests will do. */
const someFirstRequests = (): FirstRequests => ({
	call: async () => ({ ok: true, data: {} }) as never,
	environment: {} as never,
	arrived: () => ({}),
});

describe("the first requests handed from the popup's first script to its page", () => {
	it("reach the page as sent when the first script ran first, as it nearly always does", async () => {
		const first = someFirstRequests();
		handOver(first);
		await expect(takeOver()).resolves.toBe(first);
	});

	it("reach the page once the first script runs, when the page's module ran first", async () => {
		const first = someFirstRequests();
		let taken: FirstRequests | undefined;
		const taking = takeOver().then((handed) => {
			taken = handed;
		});
		await Promise.resolve();
		expect(taken).toBeUndefined();
		handOver(first);
		await taking;
		expect(taken).toBe(first);
	});

	it("are taken once: a later page would not find the first one's", async () => {
		handOver(someFirstRequests());
		await takeOver();
		const next = someFirstRequests();
		const waiting = takeOver();
		handOver(next);
		await expect(waiting).resolves.toBe(next);
	});
});
