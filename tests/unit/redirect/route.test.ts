import { describe, expect, it } from "vitest";
import { routeOf } from "../../../redirect/route";

describe("what a path on the short-link site opens", () => {
	it("opens the home page at the root", () => {
		expect(routeOf("/")).toEqual({ kind: "home" });
		expect(routeOf("/index.html")).toEqual({ kind: "home" });
	});

	it("follows generated codes and aliases, case kept", () => {
		expect(routeOf("/aB3dE7z")).toEqual({ kind: "follow", code: "aB3dE7z" });
		expect(routeOf("/my_alias-2")).toEqual({ kind: "follow", code: "my_alias-2" });
		expect(routeOf(`/${"x".repeat(64)}`)).toEqual({ kind: "follow", code: "x".repeat(64) });
	});

	it("previews a code followed by +", () => {
		expect(routeOf("/aB3dE7z+")).toEqual({ kind: "preview", code: "aB3dE7z" });
	});

	it("takes one trailing slash as the same link, as some sites and editors add one", () => {
		expect(routeOf("/aB3dE7z/")).toEqual({ kind: "follow", code: "aB3dE7z" });
		expect(routeOf("/aB3dE7z+/")).toEqual({ kind: "preview", code: "aB3dE7z" });
	});

	it("calls anything that cannot be a code malformed, so nothing is read for it", () => {
		for (const path of [
			"/ab",
			`/${"x".repeat(65)}`,
			"/has%20space",
			"/caf%C3%A9",
			"/a.b.c",
			"/code/more",
			"/code//",
			"//code",
			"/ab/",
			"/+",
			"/+/",
			"/abc++",
			"/abc+x",
			"/favicon.ico",
		]) {
			expect(routeOf(path), path).toEqual({ kind: "malformed" });
		}
	});
});
