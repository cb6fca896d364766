// @vitest-environment node
import { describe, expect, it } from "vitest";
import { SortedList } from "../../../local/firestore/sortedList";

/** A small deterministic generator, so a failure replays the same way. */
function random(seed: number): () => number {
	let state = seed;
	return () => {
		state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
		return state / 2 ** 31;
	};
}

describe("SortedList", () => {
	it("agrees with a sorted array through thousands of inserts and removes", () => {
		const next = random(7);
		const list = new SortedList<number>((a, b) => a - b);
		let model: number[] = [];
		for (let step = 0; step < 6000; step++) {
			const value = Math.floor(next() * 3000);
			if (next() < 0.65 && !model.includes(value)) {
				list.insert(value);
				model.push(value);
				model.sort((a, b) => a - b);
			} else {
				expect(list.remove(value)).toBe(model.includes(value));
				model = model.filter((item) => item !== value);
			}
			if (step % 500 === 0) {
				expect([...list.range(0, list.size)]).toEqual(model);
			}
		}
		expect(list.size).toBe(model.length);
		expect([...list.range(0, list.size)]).toEqual(model);
		expect([...list.range(10, 20, true)]).toEqual(model.slice(10, 20).reverse());
		for (const probe of [-1, 0, 1500, 2999, 5000]) {
			const expected = model.findIndex((item) => item >= probe);
			expect(list.bisect((item) => item >= probe)).toBe(expected < 0 ? model.length : expected);
		}
	});

	it("empties and refills", () => {
		const list = new SortedList<number>((a, b) => a - b);
		for (let i = 0; i < 1200; i++) list.insert(i);
		for (let i = 0; i < 1200; i++) expect(list.remove(i)).toBe(true);
		expect(list.size).toBe(0);
		expect([...list.range(0, 0)]).toEqual([]);
		list.insert(5);
		expect([...list.range(0, 1)]).toEqual([5]);
	});
});
