import { describe, expect, it } from "vitest";
import { ShortyError } from "../../src/errors";
import { createClient, createMessageHandler } from "../../src/messages";
import { inProcessBackground } from "./inProcessBackground";

const pingReply = { version: "1.2.3", startedAt: 42 };

describe("messages between pages and the background", () => {
	it("a ping returns the background's version and start time", async () => {
		const call = inProcessBackground({ ping: () => pingReply });
		expect(await call({ type: "ping" })).toEqual({ ok: true, data: pingReply });
	});

	it("an asynchronous handler's result arrives the same way", async () => {
		const call = inProcessBackground({ ping: async () => pingReply });
		expect(await call({ type: "ping" })).toEqual({ ok: true, data: pingReply });
	});

	it("a known failure keeps its code and message across the boundary", async () => {
		const call = inProcessBackground({
			ping: () => {
				throw new ShortyError("background-unavailable", "worker is shutting down");
			},
		});
		expect(await call({ type: "ping" })).toEqual({
			ok: false,
			error: { code: "background-unavailable", message: "worker is shutting down" },
		});
	});

	it("an unexpected exception becomes an internal error that names its cause", async () => {
		const call = inProcessBackground({
			ping: () => {
				throw new TypeError("x is undefined");
			},
		});
		const reply = await call({ type: "ping" });
		expect(reply).toMatchObject({ ok: false, error: { code: "internal" } });
		expect(!reply.ok && reply.error.message).toContain("x is undefined");
	});

	it.each([
		["an unknown type", { type: "delete-everything" }],
		["a message without a type", { url: "https://example.com" }],
		["a non-object", "ping"],
		["null", null],
		["an inherited property name", { type: "toString" }],
	])("the background refuses %s", async (_, message) => {
		const handle = createMessageHandler({ ping: () => pingReply });
		expect(await handle(message)).toMatchObject({ ok: false, error: { code: "unknown-message" } });
	});

	it("a send that rejects (no worker, or a worker killed mid-request) reads as background-unavailable", async () => {
		const call = createClient(() =>
			Promise.reject(new Error("Could not establish connection. Receiving end does not exist.")),
		);
		const reply = await call({ type: "ping" });
		expect(reply).toMatchObject({ ok: false, error: { code: "background-unavailable" } });
		expect(!reply.ok && reply.error.message).toContain("Receiving end does not exist");
	});

	it("a reply that is missing or malformed reads as background-unavailable", async () => {
		for (const reply of [undefined, null, "pong", { version: "1" }]) {
			const call = createClient(async () => reply);
			expect(await call({ type: "ping" })).toMatchObject({ ok: false, error: { code: "background-unavailable" } });
		}
	});
});
