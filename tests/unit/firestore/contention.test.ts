/** The local server's model of production's write rate on one document (local/firestore/contention.ts). */
import { describe, expect, it } from "vitest";
import { CONTENTION_MESSAGE, WriteContention } from "../../../local/firestore/contention";
import { FirestoreError } from "../../../local/firestore/errors";

function model() {
	let now = 0;
	const contention = new WriteContention({ burst: 5, perSecond: 1 }, () => now);
	const admitted = (paths: string[]) => {
		try {
			contention.admit(paths);
			return true;
		} catch (error) {
			expect(error).toBeInstanceOf(FirestoreError);
			expect((error as FirestoreError).status).toBe("ABORTED");
			expect((error as FirestoreError).message).toBe(CONTENTION_MESSAGE);
			return false;
		}
	};
	return { admitted, wait: (ms: number) => (now += ms) };
}

describe("write contention on one document", () => {
	it("takes a burst, then about one write a second", () => {
		const { admitted, wait } = model();
		const burst = Array.from({ length: 8 }, () => admitted(["c/hot"]));
		expect(burst).toEqual([true, true, true, true, true, false, false, false]);
		wait(999);
		expect(admitted(["c/hot"])).toBe(false);
		wait(1);
		expect(admitted(["c/hot"])).toBe(true);
		expect(admitted(["c/hot"])).toBe(false);
		// Ten quiet seconds refill the burst, and no more.
		wait(10_000);
		expect(Array.from({ length: 6 }, () => admitted(["c/hot"]))).toEqual([true, true, true, true, true, false]);
	});

	it("counts each document apart", () => {
		const { admitted } = model();
		for (let i = 0; i < 5; i++) admitted(["c/hot"]);
		expect(admitted(["c/hot"])).toBe(false);
		expect(admitted(["c/cold"])).toBe(true);
	});

	it("refuses a commit whole when one of its documents is contended, spending nothing of the others", () => {
		const { admitted } = model();
		for (let i = 0; i < 5; i++) admitted(["c/hot"]);
		for (let i = 0; i < 5; i++) expect(admitted(["c/other", "c/hot"])).toBe(false);
		expect(Array.from({ length: 6 }, () => admitted(["c/other"]))).toEqual([true, true, true, true, true, false]);
	});

	it("refuses a model that would refuse everything", () => {
		expect(() => new WriteContention({ burst: 0, perSecond: 1 })).toThrow();
		expect(() => new WriteContention({ burst: 5, perSecond: 0 })).toThrow();
	});
});
