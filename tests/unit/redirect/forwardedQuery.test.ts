import { describe, expect, it } from "vitest";
import { withForwardedQuery } from "../../../redirect/forwardedQuery";

const forwarded = (target: string, search: string) => withForwardedQuery(new URL(target), search).href;

describe("a short link's query string, passed on to its target", () => {
	it("leaves the target exactly as stored when the short link has no query", () => {
		const target = new URL("https://example.com/a%20b?x=1+2&y=%7E#part");
		for (const search of ["", "?", "?&&"]) expect(withForwardedQuery(target, search)).toBe(target);
	});

	it("adds the short link's parameters after the target's own, which keep their order and encoding", () => {
		expect(forwarded("https://example.com/page", "?utm_source=newsletter")).toBe(
			"https://example.com/page?utm_source=newsletter",
		);
		expect(forwarded("https://example.com/page?q=a+b&lang=%C3%A9", "?utm_source=x&utm_medium=email")).toBe(
			"https://example.com/page?q=a+b&lang=%C3%A9&utm_source=x&utm_medium=email",
		);
		expect(forwarded("https://example.com/page?a=1&&b=2;c", "?utm_source=x")).toBe(
			"https://example.com/page?a=1&&b=2;c&utm_source=x",
		);
	});

	it("keeps the target's fragment after the query", () => {
		expect(forwarded("https://example.com/doc#section-2", "?ref=chat")).toBe(
			"https://example.com/doc?ref=chat#section-2",
		);
	});

	it("never overrides a parameter the target sets, however the short link spells its name", () => {
		const target = new URL("https://app.example/login?next=%2Fhome&my%20tag=1&flag");
		expect(withForwardedQuery(target, "?next=https://evil.example&my+tag=3&flag=on")).toBe(target);
		expect(withForwardedQuery(target, "?next=x&ref=mail").href).toBe(
			"https://app.example/login?next=%2Fhome&my%20tag=1&flag&ref=mail",
		);
	});

	it("passes repeated and valueless parameters on as sent", () => {
		expect(forwarded("https://example.com/", "?tag=a&tag=b&debug")).toBe("https://example.com/?tag=a&tag=b&debug");
	});

	it("takes a malformed escape as written rather than failing the redirect", () => {
		expect(forwarded("https://example.com/?k=v", "?%E0%A4%A=2")).toBe("https://example.com/?k=v&%E0%A4%A=2");
		expect(forwarded("https://example.com/?%E0%A4%A=1", "?%E0%A4%A=2")).toBe("https://example.com/?%E0%A4%A=1");
	});

	it("never adds a fragment: a '#' in what is forwarded stays in the query", () => {
		const url = withForwardedQuery(new URL("https://example.com:8443/path"), "?a=1#https://evil.example");
		expect(url.hash).toBe("");
		expect(url.href).toBe("https://example.com:8443/path?a=1%23https://evil.example");
	});

	it("encodes what may not stand in a URL, so the Location header stays one line", () => {
		expect(forwarded("https://example.com/", '?q=a b"<>\r\n')).toBe("https://example.com/?q=a%20b%22%3C%3E");
	});
});
