// @vitest-environment node
import { describe, expect, it } from "vitest";
import { WARM_AFTER_USE_MS } from "../../background/keepWarm";
import { type OffscreenDocuments, offscreenCopies } from "../../background/offscreenCopies";

/** A turn of the event loop: each call to the browser takes one, as Chrome's do, so calls can interleave. */
const turn = () => new Promise<void>((settle) => setTimeout(settle, 0));

/**
 * Chrome's side as Shorty meets it: one offscreen document at a time (a second opening throws, also while
 * the first is still listed as it closes itself), and a copy sent with none answering reaching nobody.
 */
function browserWithOneDocument() {
	const state = { open: false, closing: false, openings: 0, failOpenings: 0, refuseCopies: false };
	const copied: string[] = [];
	const documents: OffscreenDocuments = {
		async isOpen() {
			await turn();
			return state.open;
		},
		async open(closeAfterMs) {
			// Told to stay as long as the worker is kept warm after a use.
			expect(closeAfterMs).toBe(WARM_AFTER_USE_MS);
			await turn();
			state.openings += 1;
			if (state.failOpenings > 0) {
				state.failOpenings -= 1;
				throw new Error("Offscreen document could not load");
			}
			if (state.open) throw new Error("Only a single offscreen document may be created.");
			state.open = true;
		},
		async close() {
			await turn();
			state.open = false;
			state.closing = false;
		},
		async copy(text) {
			await turn();
			if (!state.open || state.closing) return "unreached";
			if (state.refuseCopies) return "refused";
			copied.push(text);
			return "copied";
		},
	};
	return { state, copied, startCopy: offscreenCopies(documents) };
}

describe("copies through the offscreen document", () => {
	it("opens the document as the copy starts, before its text is there", async () => {
		const { state, startCopy } = browserWithOneDocument();
		startCopy();
		await expect.poll(() => state.open).toBe(true);
	});

	it("copies in a document already open, opening none", async () => {
		const { state, copied, startCopy } = browserWithOneDocument();
		await startCopy().copy("https://s.example/first");
		await startCopy().copy("https://s.example/second");
		expect(copied).toEqual(["https://s.example/first", "https://s.example/second"]);
		expect(state.openings).toBe(1);
	});

	it("opens one document for copies started together, and copies their texts in the order they come", async () => {
		const { state, copied, startCopy } = browserWithOneDocument();
		const [first, second] = [startCopy(), startCopy()];
		await Promise.all([second.copy("https://s.example/2"), first.copy("https://s.example/1")]);
		expect(state.openings).toBe(1);
		expect(copied).toEqual(["https://s.example/2", "https://s.example/1"]);
	});

	it.each([
		["closed itself while the text was being made", (state: { open: boolean }) => (state.open = false)],
		["is still listed but closing as the copy reaches it", (state: { closing: boolean }) => (state.closing = true)],
	])("copies once, in a new document, when the last %s", async (_, goes) => {
		const { state, copied, startCopy } = browserWithOneDocument();
		const pending = startCopy();
		await expect.poll(() => state.open).toBe(true);
		goes(state);
		await pending.copy("https://s.example/after-a-close");
		expect(copied).toEqual(["https://s.example/after-a-close"]);
		expect(state.openings).toBe(2);
	});

	it("reports a copy the document refuses, and opens no other document for it", async () => {
		const { state, copied, startCopy } = browserWithOneDocument();
		state.refuseCopies = true;
		await expect(startCopy().copy("https://s.example/refused")).rejects.toMatchObject({ code: "clipboard-failed" });
		expect(copied).toEqual([]);
		expect(state.openings).toBe(1);
	});

	it("tries a failed opening again for the copy, and reports it when that fails too", async () => {
		const once = browserWithOneDocument();
		once.state.failOpenings = 1;
		await once.startCopy().copy("https://s.example/second-try");
		expect(once.copied).toEqual(["https://s.example/second-try"]);

		const twice = browserWithOneDocument();
		twice.state.failOpenings = 2;
		await expect(twice.startCopy().copy("https://s.example/never")).rejects.toThrow("could not load");
		expect(twice.copied).toEqual([]);
		// Nothing is left stuck behind the failure: the next copy opens a document and copies.
		await twice.startCopy().copy("https://s.example/next");
		expect(twice.copied).toEqual(["https://s.example/next"]);
	});

	it("needs nothing more from a copy whose text never came (a shorten that failed)", async () => {
		const { state, copied, startCopy } = browserWithOneDocument();
		startCopy();
		await startCopy().copy("https://s.example/after-a-failure");
		expect(copied).toEqual(["https://s.example/after-a-failure"]);
		expect(state.openings).toBe(1);
	});
});
