/**
 * The function's pages (functions/src/page.ts), read as a browser would: the views the static page
 * shows, with database text always as text, its stylesheets allowed by the page's policy, and no script.
 */
import { describe, expect, it } from "vitest";
import { PAGE_CSP, pageHtml, type ServerView } from "../../../functions/src/page";

const parse = (html: string) => new DOMParser().parseFromString(html, "text/html");

describe("the function's pages", () => {
	it("shows a stored address full of markup as the text it is", () => {
		const address = `javascript:"><script>alert(1)</script><img src=x onerror=alert(2)>&amp;`;
		const document = parse(pageHtml({ kind: "refused", address }));
		expect(document.querySelector(".address")?.textContent).toBe(address);
		expect(document.querySelectorAll("script, img, [onerror]")).toHaveLength(0);
		expect(document.title).toBe("Link refused · Shorty");
	});

	it("previews with a link through the short link, and the target shown as text", () => {
		const view: ServerView = {
			kind: "preview",
			shortLink: `sho.rt/abc1234"><b>`,
			url: new URL("https://example.com/a?q='x'&y=1"),
			proceed: { href: "/abc1234" },
		};
		const document = parse(pageHtml(view));
		expect(document.querySelector("h1")?.textContent).toBe("Where this link goes");
		expect(document.querySelector("p")?.textContent).toBe(`sho.rt/abc1234"><b> leads to a page on example.com:`);
		expect(document.querySelector(".address")?.textContent).toBe("https://example.com/a?q=%27x%27&y=1");
		const proceed = document.querySelector("a.button");
		expect([proceed?.getAttribute("href"), proceed?.textContent]).toEqual(["/abc1234", "Continue to example.com"]);
		expect(document.querySelectorAll("b")).toHaveLength(0);
	});

	it("offers Retry as a link to the same short link, since the page runs no script", () => {
		const document = parse(pageHtml({ kind: "failed", status: 503, retry: { href: "/abc1234" } }));
		const retry = document.querySelector("a.button");
		expect([retry?.getAttribute("href"), retry?.textContent]).toEqual(["/abc1234", "Retry"]);
		expect(document.querySelectorAll("button, script")).toHaveLength(0);
	});

	it("keeps the static page's document: language, no indexing, one stylesheet, no script", () => {
		const document = parse(pageHtml({ kind: "not-found" }));
		expect(document.documentElement.lang).toBe("en");
		expect(document.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex");
		expect(document.querySelectorAll("style")).toHaveLength(1);
		expect(document.querySelectorAll("script")).toHaveLength(0);
		expect(document.querySelector("main")?.textContent).not.toContain("JavaScript");
		// The stylesheet itself and its hash in the policy: tests/integration/shortLinks.test.ts, on the
		// built function (vitest leaves CSS out of the modules it loads).
		const policy = document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute("content");
		expect(`${policy}; frame-ancestors 'none'`).toBe(PAGE_CSP);
	});
});
