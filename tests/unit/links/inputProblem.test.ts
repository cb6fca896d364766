// @vitest-environment node
import { describe, expect, it } from "vitest";
import { type AppError, appError } from "../../../src/errors";
import { inputError, parseInputProblem } from "../../../src/links/inputProblem";

describe("an address's or alias's problem in an error's detail", () => {
	it.each([
		inputError("invalid-url", { problem: "needs-scheme" }),
		inputError("invalid-url", { problem: "invisible-character", character: "\u200b" }),
		inputError("invalid-url", { problem: "host-too-long", limit: 253 }),
		inputError("restricted-page", { problem: "browser-page", scheme: "chrome:" }),
		inputError("url-too-long", { problem: "address-too-long", length: 2049, limit: 2048 }),
		inputError("alias-invalid", { problem: "character-not-allowed", character: "🚀" }),
		inputError("alias-invalid", { problem: "too-short", length: 2, minimum: 3 }),
		inputError("alias-reserved", { problem: "database-reserved" }),
	])("reads back as it was written: %j", (error) => {
		expect(JSON.stringify(parseInputProblem(error))).toBe(error.detail);
	});

	it("keeps half a surrogate pair intact across the message boundary", () => {
		const error = inputError("alias-invalid", { problem: "character-not-allowed", character: "\ud800" });
		const sent: AppError = JSON.parse(JSON.stringify(error));
		expect(parseInputProblem(sent)).toEqual({ problem: "character-not-allowed", character: "\ud800" });
	});

	it.each<[string, AppError]>([
		["no detail", appError("invalid-url")],
		["an older worker's English", appError("invalid-url", "it needs http:// or https:// in front")],
		["a server's text that happens to be JSON", appError("invalid-url", '"needs-scheme"')],
		["JSON that is not an object", appError("alias-invalid", "[1,2]")],
		["null", appError("alias-invalid", "null")],
		["another code's problem", appError("invalid-url", '{"problem":"too-short","length":2,"minimum":3}')],
		["a problem nobody defined", appError("invalid-url", '{"problem":"too-pink"}')],
		["a field missing", appError("alias-invalid", '{"problem":"too-short","length":2}')],
		["a field of the wrong type", appError("alias-invalid", '{"problem":"too-short","length":"2","minimum":3}')],
		["a field too many", appError("invalid-url", '{"problem":"needs-scheme","html":"<b>"}')],
		["a code whose detail is never a problem", appError("rate-limited", '{"problem":"needs-scheme"}')],
		["an inherited name for a problem", appError("invalid-url", '{"problem":"toString"}')],
	])("is not read from %s", (_kind, error) => {
		expect(parseInputProblem(error)).toBeNull();
	});
});
