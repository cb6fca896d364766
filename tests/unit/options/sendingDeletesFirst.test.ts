import { afterEach, describe, expect, it, vi } from "vitest";
import { sendingDeletesFirst } from "../../../options/sendingDeletesFirst";
import { type BackgroundCall, REQUEST_TIMEOUT_MS } from "../../../src/messages";

afterEach(() => {
	vi.useRealTimers();
});

/** A background whose answers come `answerAfterMs` after each request, noting the requests' types. */
function slowBackground(answerAfterMs: number) {
	const sent: string[] = [];
	const call = ((request: { type: string }) => {
		sent.push(request.type);
		return new Promise<unknown>((resolve) => setTimeout(() => resolve({ ok: true, data: {} }), answerAfterMs));
	}) as unknown as BackgroundCall;
	return { call, sent };
}

describe("a session change behind a delete waiting for its undo", () => {
	it("sends the delete first, and hears timeout once REQUEST_TIMEOUT_MS have passed in all, not after each", async () => {
		vi.useFakeTimers();
		const background = slowBackground(REQUEST_TIMEOUT_MS - 1_000);
		const flush = async () => {
			await background.call({ type: "deleteLinks", codes: ["abc1234"] });
		};
		let reply: unknown = null;
		void sendingDeletesFirst(
			background.call,
			flush,
		)({ type: "signOut" }).then((answer) => {
			reply = answer;
		});
		await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
		expect(background.sent).toEqual(["deleteLinks", "signOut"]);
		expect(reply).toMatchObject({ ok: false, error: { code: "timeout" } });
	});

	it("sends no session change once the delete has taken the whole time limit: the page says timeout", async () => {
		vi.useFakeTimers();
		const background = slowBackground(0);
		// As the delete's own call answers when its time limit runs out.
		const flush = () => new Promise<void>((settle) => setTimeout(settle, REQUEST_TIMEOUT_MS));
		const reply = sendingDeletesFirst(background.call, flush)({ type: "signIn", email: "a@b.test", password: "x" });
		await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
		expect(await reply).toMatchObject({ ok: false, error: { code: "timeout" } });
		await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
		expect(background.sent).toEqual([]);
	});

	it("holds no other request for the delete", async () => {
		const background = slowBackground(0);
		const flush = () => new Promise<void>(() => undefined);
		expect(await sendingDeletesFirst(background.call, flush)({ type: "ping" })).toEqual({ ok: true, data: {} });
	});
});
