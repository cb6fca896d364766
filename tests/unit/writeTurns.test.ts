import { afterEach, describe, expect, it, vi } from "vitest";
import { createWriteTurns, TURN_WAIT_MS } from "../../background/writeTurns";

/** A write the test answers: `started` says whether the turns let it begin. */
function heldWrite<T>(answer: T) {
	let release: (ok: boolean) => void = () => undefined;
	const state = { started: false };
	const write = () => {
		state.started = true;
		return new Promise<T>((resolve, reject) => {
			release = (ok) => (ok ? resolve(answer) : reject(new Error("the write failed")));
		});
	};
	return { write, state, answer: (ok = true) => release(ok) };
}

/** Lets every promise chain that can move, move. */
const settle = () => new Promise((resolve) => setTimeout(resolve));

describe("the worker's writes to links, in turn", () => {
	it("starts a write to a link only once the earlier one to it has been answered, and a failure counts", async () => {
		const turns = createWriteTurns();
		const first = heldWrite("tags [a]");
		const second = heldWrite("tags [a, b]");
		const third = heldWrite("tags [b]");
		const firstDone = turns.forLinks(["abc1234"], first.write).catch((error: Error) => error.message);
		const secondDone = turns.forLinks(["abc1234"], second.write);
		const thirdDone = turns.forLinks(["abc1234"], third.write);
		await settle();
		expect([first.state.started, second.state.started, third.state.started]).toEqual([true, false, false]);

		first.answer(false);
		expect(await firstDone).toBe("the write failed");
		await settle();
		expect([second.state.started, third.state.started]).toEqual([true, false]);
		second.answer();
		expect(await secondDone).toBe("tags [a, b]");
		await settle();
		expect(third.state.started).toBe(true);
		third.answer();
		expect(await thirdDone).toBe("tags [b]");
	});

	it("lets writes to other links go at once, and a delete of several wait for each of them", async () => {
		const turns = createWriteTurns();
		const one = heldWrite("one");
		const other = heldWrite("other");
		const both = heldWrite(["one", "other"]);
		void turns.forLinks(["one1111"], one.write);
		void turns.forLinks(["other22"], other.write);
		const deleted = turns.forLinks(["one1111", "other22", "one1111"], both.write);
		await settle();
		expect([one.state.started, other.state.started, both.state.started]).toEqual([true, true, false]);
		one.answer();
		await settle();
		expect(both.state.started).toBe(false);
		other.answer();
		await settle();
		both.answer();
		expect(await deleted).toEqual(["one", "other"]);
	});

	it("starts a change of every link (a tag renamed) after the writes under way, and holds later ones until it ends", async () => {
		const turns = createWriteTurns();
		const edit = heldWrite("edit");
		const rename = heldWrite({ changed: 3 });
		const later = heldWrite("later edit");
		void turns.forLinks(["abc1234"], edit.write);
		const renamed = turns.forAll(rename.write);
		void turns.forLinks(["zzz9999"], later.write);
		await settle();
		expect([edit.state.started, rename.state.started, later.state.started]).toEqual([true, false, false]);
		edit.answer();
		await settle();
		expect([rename.state.started, later.state.started]).toEqual([true, false]);
		rename.answer();
		expect(await renamed).toEqual({ changed: 3 });
		await settle();
		expect(later.state.started).toBe(true);
	});

	describe("behind a write that is never answered", () => {
		afterEach(() => {
			vi.useRealTimers();
		});

		it("fails a write that waited TURN_WAIT_MS as timeout without starting it, and the next still waits", async () => {
			vi.useFakeTimers();
			const turns = createWriteTurns();
			const stalled = heldWrite("tags [a]");
			const gaveUp = heldWrite("tags [a, b]");
			const next = heldWrite("tags [b]");
			void turns.forLinks(["abc1234"], stalled.write);
			const failed = turns.forLinks(["abc1234"], gaveUp.write).catch((error: { code?: string }) => error.code);
			await vi.advanceTimersByTimeAsync(TURN_WAIT_MS);
			expect(await failed).toBe("timeout");
			expect(gaveUp.state.started).toBe(false);

			void turns.forLinks(["abc1234"], next.write);
			await vi.advanceTimersByTimeAsync(0);
			expect(next.state.started).toBe(false);
			stalled.answer();
			await vi.advanceTimersByTimeAsync(0);
			expect(next.state.started).toBe(true);
		});
	});
});
