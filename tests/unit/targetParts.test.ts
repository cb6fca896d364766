import { describe, expect, it } from "vitest";
import { targetParts } from "../../src/ui/displayUrl";

describe("a target cut before its last part, which a narrow column keeps in view", () => {
	it.each([
		[
			"developer.chrome.com/docs/extensions/develop/concepts/service-workers?ref=10",
			"developer.chrome.com/docs/extensions/develop/concepts",
			"/service-workers?ref=10",
		],
		["react.dev/reference/react/useEffect", "react.dev/reference/react", "/useEffect"],
		// A query or fragment with slashes of its own stays in the end.
		["example.com/search?q=a/b", "example.com", "/search?q=a/b"],
		["example.com/app#/settings/profile", "example.com", "/app#/settings/profile"],
		["example.com/?utm_source=x", "example.com", "/?utm_source=x"],
		["example.com", "example.com", ""],
	])("%s", (target, start, end) => {
		expect(targetParts(target)).toEqual([start, end]);
	});
});
