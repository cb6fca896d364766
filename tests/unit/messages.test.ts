import { afterEach, describe, expect, it, vi } from "vitest";
import { ShortyError } from "../../src/errors";
import { createClient, createMessageHandler, REQUEST_TIMEOUT_MS } from "../../src/messages";
import { inProcessBackground, someHandlers } from "./inProcessBackground";

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

	it("a known failure keeps its code and detail across the boundary", async () => {
		const call = inProcessBackground({
			ping: () => {
				throw new ShortyError("background-unavailable", "worker is shutting down");
			},
		});
		expect(await call({ type: "ping" })).toEqual({
			ok: false,
			error: { code: "background-unavailable", detail: "worker is shutting down" },
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
		expect(!reply.ok && reply.error.detail).toContain("x is undefined");
	});

	describe("checking requests at the boundary", () => {
		const received: unknown[] = [];
		const handle = createMessageHandler(
			someHandlers({
				shorten: (request) => {
					received.push(request);
					return { code: "abc1234" } as never;
				},
			}),
		);

		it.each([
			["a field of the wrong type", { type: "shorten", url: 42 }, '"url" must be a string'],
			["a missing required field", { type: "shorten", title: "no url" }, '"url" must be a string'],
			[
				"an unexpected field",
				{ type: "shorten", url: "https://example.com", owner: "someone-else" },
				'unexpected field "owner"',
			],
			[
				"an optional field of the wrong type",
				{ type: "shorten", url: "https://example.com", alias: ["x"] },
				'"alias" must be a string',
			],
		])("refuses %s as invalid-request, and the handler never runs", async (_, message, problem) => {
			const reply = await handle(message);
			expect(reply).toMatchObject({ ok: false, error: { code: "invalid-request" } });
			expect(reply?.ok === false && reply.error.detail).toContain(problem);
			expect(received).toEqual([]);
		});

		it("passes a request with its optional fields left out", async () => {
			await expect(handle({ type: "shorten", url: "https://example.com" })).resolves.toMatchObject({ ok: true });
			expect(received).toEqual([{ type: "shorten", url: "https://example.com" }]);
		});
	});

	it.each([
		["an unknown type", { type: "copy-to-clipboard" }],
		["a message without a type", { url: "https://example.com" }],
		["a non-object", "ping"],
		["null", null],
		["an inherited property name", { type: "toString" }],
	])("the background leaves %s unanswered, for another listener to take", (_, message) => {
		const handle = createMessageHandler(someHandlers({ ping: () => pingReply }));
		expect(handle(message)).toBeUndefined();
	});

	it("a send that rejects (no worker, or a worker killed mid-request) reads as background-unavailable", async () => {
		const call = createClient(() =>
			Promise.reject(new Error("Could not establish connection. Receiving end does not exist.")),
		);
		const reply = await call({ type: "ping" });
		expect(reply).toMatchObject({ ok: false, error: { code: "background-unavailable" } });
		expect(!reply.ok && reply.error.detail).toContain("Receiving end does not exist");
	});

	it.each([
		["no reply", undefined],
		["null", null],
		["a string", "pong"],
		["an object without ok", { version: "1" }],
		["a success without data", { ok: true }],
		["a failure without an error", { ok: false }],
		["a failure with an unknown code", { ok: false, error: { code: "nope", message: "x" } }],
		["a failure whose detail is not text", { ok: false, error: { code: "internal", detail: 42 } }],
	])("%s from the background reads as background-unavailable", async (_, reply) => {
		const call = createClient(async () => reply);
		expect(await call({ type: "ping" })).toMatchObject({ ok: false, error: { code: "background-unavailable" } });
	});

	describe("a request the background does not answer in time", () => {
		afterEach(() => vi.useRealTimers());

		it("reads as timeout once the limit has passed, and its late answer is dropped", async () => {
			vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
			let answer: (reply: unknown) => void = () => undefined;
			const call = createClient(() => new Promise((resolve) => (answer = resolve)));
			let settled: unknown = "pending";
			const reply = call({ type: "ping" }).then((value) => (settled = value));
			await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
			expect(settled).toBe("pending");
			await vi.advanceTimersByTimeAsync(1);
			expect(await reply).toMatchObject({ ok: false, error: { code: "timeout" } });
			answer({ ok: true, data: { version: "late", startedAt: 0 } });
			expect(await reply).toMatchObject({ ok: false, error: { code: "timeout" } });
		});
	});
});
