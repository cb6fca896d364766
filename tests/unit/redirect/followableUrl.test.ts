import { describe, expect, it } from "vitest";
import { followableUrl } from "../../../redirect/followableUrl";

describe("which stored addresses the page follows", () => {
	it("follows http and https addresses, as the browser will read them", () => {
		expect(followableUrl("https://example.com/a?b=c#d")?.href).toBe("https://example.com/a?b=c#d");
		expect(followableUrl("HTTP://Example.com")?.href).toBe("http://example.com/");
	});

	it("refuses every other scheme, however it is spelled", () => {
		for (const address of [
			"javascript:alert(1)",
			"JavaScript:alert(1)",
			" javascript:alert(1)",
			"java\tscript:alert(1)",
			"data:text/html,<script>alert(1)</script>",
			"file:///etc/passwd",
			"vbscript:msgbox(1)",
			"blob:https://example.com/1234",
			"chrome://settings",
		]) {
			expect(followableUrl(address), address).toBeNull();
		}
	});

	it("refuses what is not an absolute address at all", () => {
		for (const address of ["", "example.com", "//example.com/x", "/relative", "https://"]) {
			expect(followableUrl(address), address).toBeNull();
		}
	});
});
