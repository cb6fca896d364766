import { describe, expect, it } from "vitest";
import { isBackgroundEvent } from "../../../src/messages";
import { inProcessBackground } from "../inProcessBackground";

describe("the options page's messages", () => {
	const call = inProcessBackground({ deleteLinks: ({ codes }) => ({ codes }) });

	it("carries a list of codes to delete", async () => {
		expect(await call({ type: "deleteLinks", codes: ["abc1234", "launch"] })).toEqual({
			ok: true,
			data: { codes: ["abc1234", "launch"] },
		});
	});

	it.each([["abc1234"], [[1, 2]], [null]])("refuses %j as the codes, before any handler runs", async (codes) => {
		const reply = await call({ type: "deleteLinks", codes } as never);
		expect(reply).toMatchObject({ ok: false, error: { code: "invalid-request" } });
		expect(reply.ok === false && reply.error.detail).toContain('"codes" must be a list of strings');
	});

	it("tells the background's announcements from other pages' requests", () => {
		expect(isBackgroundEvent({ type: "links-changed", kind: "created", codes: ["abc1234"] })).toBe(true);
		expect(isBackgroundEvent({ type: "session-changed", session: { user: null } })).toBe(true);
		expect(isBackgroundEvent({ type: "shorten", url: "https://example.com/" })).toBe(false);
		expect(isBackgroundEvent({ type: "links-changed", kind: "renamed", codes: [] })).toBe(false);
		expect(isBackgroundEvent({ type: "links-changed", kind: "deleted", codes: "abc1234" })).toBe(false);
	});
});
