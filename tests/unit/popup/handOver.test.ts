import { afterEach, describe, expect, it } from "vitest";
import type { FirstRequests } from "../../../popup/firstRequests";
import { handOver, takeOver } from "../../../popup/handOver";

/** Opaque to the hand-over, which only keeps it: any FirstRequests will do. */
const someFirstRequests = (): FirstRequests => ({
	call: async () => ({ ok: true, data: {} }) as never,
	environment: {} as never,
	arrived: () => ({}),
});

/** Whether `promise` is still pending once everything already queued has run. */
async function isPending(promise: Promise<unknown>): Promise<boolean> {
	const pending = Symbol("pending");
	return (await Promise.race([promise, new Promise((resolve) => setTimeout(() => resolve(pending), 0))])) === pending;
}

// One window holds the hand-over; a test that fails midway must not leave its half to the next.
afterEach(() => {
	const place = globalThis as Record<symbol, unknown>;
	delete place[Symbol.for("shorty.popup.firstRequests")];
	delete place[Symbol.for("shorty.popup.waitingForFirstRequests")];
});

describe("the first requests handed from the popup's first script to its page", () => {
	it("reach the page as sent when the first script ran first, as it nearly always does", async () => {
		const first = someFirstRequests();
		handOver(first);
		await expect(takeOver()).resolves.toBe(first);
	});

	it("reach the page once the first script runs, when the page's module ran first, and only there", async () => {
		const first = someFirstRequests();
		const taking = takeOver();
		expect(await isPending(taking)).toBe(true);
		handOver(first);
		await expect(taking).resolves.toBe(first);
		// Handed to the waiting page, not also kept for another take.
		expect(await isPending(takeOver())).toBe(true);
	});

	it("are taken once", async () => {
		handOver(someFirstRequests());
		await takeOver();
		expect(await isPending(takeOver())).toBe(true);
	});

	it("are refused once the window has loaded without them: the first script failed", async () => {
		const taking = takeOver();
		window.dispatchEvent(new Event("load"));
		await expect(taking).rejects.toThrow("The popup's first script did not run");
	});
});
