/**
 * Short links as the world sees them: plain HTTP requests, as curl, an unfurler or a browser sends them,
 * to the Hosting emulator, which hands code-shaped paths to the Cloud Function in the Functions emulator;
 * the function reads and counts with the real Admin SDK against the suite's Firestore server.
 */
import { createHash } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { firestoreAdmin, TEST_OWNER } from "../firestoreAdmin";

const backend = inject("backend");
const site = `http://${backend.hosting}`;
const admin = firestoreAdmin(`http://${backend.firestore}`);

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const SAFARI_IOS =
	"Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
const UNFURLERS = {
	Slackbot: "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
	Twitterbot: "Twitterbot/1.0",
	facebookexternalhit: "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
	Discordbot: "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
	curl: "curl/8.5.0",
	wget: "Wget/1.21.4",
};

let codes = 0;
/** A fresh link, so each test counts from zero. */
async function link(url: string): Promise<string> {
	codes += 1;
	const code = `fn${codes}${Date.now().toString(36)}`;
	await admin.addLink(code, url);
	return code;
}

const open = (path: string, init: RequestInit = {}) => fetch(`${site}${path}`, { redirect: "manual", ...init });
const as = (userAgent: string, init: RequestInit = {}) => ({ ...init, headers: { "User-Agent": userAgent } });

describe.skipIf(backend.hosting === null)("a short link over HTTP", () => {
	it("redirects every client with 302 to the target, and no cache may keep the answer", async () => {
		const code = await link("https://example.com/landing?from=test&x=1");
		for (const userAgent of [CHROME, SAFARI_IOS, FIREFOX, ...Object.values(UNFURLERS)]) {
			const response = await open(`/${code}`, as(userAgent));
			expect(response.status, userAgent).toBe(302);
			expect(response.headers.get("location"), userAgent).toBe("https://example.com/landing?from=test&x=1");
			expect(response.headers.get("cache-control"), userAgent).toBe("private, no-store");
		}
	});

	it("passes the short link's query string on to the target, but for what the target sets, and counts the visit", async () => {
		const code = await link("https://example.com/campaign?from=test&x=1");
		const response = await open(`/${code}?utm_source=newsletter&x=2&utm_medium=email`, as(CHROME));
		expect(response.status).toBe(302);
		expect(response.headers.get("location")).toBe(
			"https://example.com/campaign?from=test&x=1&utm_source=newsletter&utm_medium=email",
		);
		expect(await admin.visitsOf(code)).toMatchObject({ people: 1 });
	});

	it("keeps the query string through the preview's Continue, and shows where it leads with it", async () => {
		const code = await link("https://example.net/preview");
		const html = await (await open(`/${code}+?ref=chat&lang=fr`, as(CHROME))).text();
		expect(html).toContain('<p class="address">https://example.net/preview?ref=chat&amp;lang=fr</p>');
		expect(html).toContain(`<a class="button" href="/${code}?ref=chat&amp;lang=fr">Continue to example.net</a>`);
	});

	it("takes the short link with one trailing slash as the same link, preview included", async () => {
		const code = await link("https://example.com/slashed");
		const response = await open(`/${code}/`, as(CHROME));
		expect(response.status).toBe(302);
		expect(response.headers.get("location")).toBe("https://example.com/slashed");
		const preview = await open(`/${code}+/`, as(CHROME));
		expect(preview.status).toBe(200);
		expect(await preview.text()).toContain(`<a class="button" href="/${code}">Continue to example.com</a>`);
		expect((await open(`/${code}//`, as(CHROME))).status).toBe(404);
	});

	it("answers HEAD with the same redirect and no body", async () => {
		const code = await link("https://example.org/head");
		const response = await open(`/${code}`, as(CHROME, { method: "HEAD" }));
		expect(response.status).toBe(302);
		expect(response.headers.get("location")).toBe("https://example.org/head");
		expect(await response.text()).toBe("");
	});

	it("serves its pages styled, with the stylesheet allowed by hash and no script allowed at all", async () => {
		const response = await open("/NoSuchLink8", as(CHROME));
		const html = await response.text();
		const [, css = ""] = /<style>([\s\S]*)<\/style>/.exec(html) ?? [];
		expect(css).toContain("--accent");
		// In the page: Hosting's Content-Security-Policy header (firebase.json) replaces the function's.
		const [, policy = ""] = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html) ?? [];
		expect(policy).toContain(`style-src 'sha256-${createHash("sha256").update(css).digest("base64")}'`);
		expect(policy).toContain("default-src 'none'");
		expect(policy).not.toContain("script-src");
		expect(response.headers.get("content-security-policy")).toBe("frame-ancestors 'none'");
	});

	it("answers an unknown code with a 404 page that nothing caches", async () => {
		const response = await open("/NoSuchLink9", as(CHROME));
		expect(response.status).toBe(404);
		expect(response.headers.get("location")).toBeNull();
		expect(response.headers.get("cache-control")).toBe("private, no-store");
		expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
		const html = await response.text();
		expect(html).toContain("<h1>This short link does not exist</h1>");
		expect(html).not.toMatch(/<script/i);
	});

	it("answers malformed paths with 404", async () => {
		for (const path of ["/ab", "/not%20a%20code", "/two/parts", `/${"x".repeat(65)}`, "/abc++", "/__x__"]) {
			const response = await open(path, as(CHROME));
			expect(response.status, path).toBe(404);
			expect(response.headers.get("location"), path).toBeNull();
		}
	});

	it("previews with + on a page rendered on the server, following nothing and counting nothing", async () => {
		const code = await link("https://example.net/it's/a?b=1&c=2");
		const response = await open(`/${code}+`, as(CHROME));
		expect(response.status).toBe(200);
		expect(response.headers.get("location")).toBeNull();
		const html = await response.text();
		expect(html).toContain("<h1>Where this link goes</h1>");
		expect(html).toContain(`${backend.hosting}/${code} leads to a page on <strong>example.net</strong>`);
		expect(html).toContain('<p class="address">https://example.net/it&#39;s/a?b=1&amp;c=2</p>');
		// Continue goes through the short link, so that visit is counted like any other.
		expect(html).toContain(`<a class="button" href="/${code}">Continue to example.net</a>`);
		expect(await admin.visitsOf(code)).toMatchObject({ people: 0, bots: 0, prefetches: 0 });
	});

	it("shows a stored address with markup in it as text, on the preview and on the refusal", async () => {
		const address = "javascript:document.write('<script>alert(1)</script>')";
		const code = await link(address);
		for (const path of [`/${code}`, `/${code}+`]) {
			const response = await open(path, as(CHROME));
			const html = await response.text();
			expect(html, path).not.toMatch(/<script/i);
			expect(html, path).toContain(
				'<p class="address">javascript:document.write(&#39;&lt;script&gt;alert(1)&lt;/script&gt;&#39;)</p>',
			);
		}
	});

	it("never follows a target that is not http(s), and counts nothing for it", async () => {
		for (const address of [
			"javascript:alert(1)",
			"data:text/html,<b>hi</b>",
			"file:///etc/passwd",
			"ftp://example.com/",
		]) {
			const code = await link(address);
			const response = await open(`/${code}`, as(CHROME));
			expect(response.status, address).toBe(403);
			expect(response.headers.get("location"), address).toBeNull();
			expect(await response.text(), address).toContain("<h1>This short link cannot be opened</h1>");
			expect(await admin.visitsOf(code), address).toMatchObject({ people: 0, bots: 0, prefetches: 0 });
		}
	});

	it("counts a person's visit in today's people, with the referring site, device and browser", async () => {
		const code = await link("https://example.com/person");
		const before = new Date().toISOString().slice(0, 10);
		await open(`/${code}`, { headers: { "User-Agent": CHROME, Referer: "https://News.Example.org:8443/item?id=7" } });
		await open(`/${code}`, { headers: { "User-Agent": SAFARI_IOS, Referer: "https://t.co/abc" } });
		await open(`/${code}`, as(FIREFOX));
		const after = new Date().toISOString().slice(0, 10);
		const visits = await admin.visitsOf(code);
		expect(visits).toMatchObject({
			people: 3,
			bots: 0,
			prefetches: 0,
			// The host alone, a map key with its dots; no Referer, no entry.
			referrers: { "news.example.org": 1, "t.co": 1 },
			devices: { desktop: 2, mobile: 1 },
			browsers: { chrome: 1, safari: 1, firefox: 1 },
		});
		expect([before, after]).toContain(visits.days[0]);
		// The link's own document is left alone: every visit would contend for it.
		expect(await admin.clicksOf(code)).toBe(0);
	});

	it("refuses to redirect to the short-link site itself, and counts nothing", async () => {
		for (const target of [`http://${backend.hosting}/elsewhere1`, "https://demo-shorty.firebaseapp.com/x"]) {
			const code = await link(target);
			const response = await open(`/${code}`, as(CHROME));
			expect(response.status, target).toBe(403);
			expect(response.headers.get("location"), target).toBeNull();
			expect(await response.text(), target).toContain("<h1>This short link cannot be opened</h1>");
			expect(await admin.visitsOf(code), target).toMatchObject({ people: 0, bots: 0, documents: 0 });
		}
	});

	it("counts unfurlers, scripts and HEAD as bots, apart from people and out of the link's total", async () => {
		const code = await link("https://example.com/bots");
		for (const userAgent of Object.values(UNFURLERS)) await open(`/${code}`, as(userAgent));
		await open(`/${code}`, as(CHROME, { method: "HEAD" }));
		await open(`/${code}`, { headers: { "User-Agent": "" } });
		const visits = await admin.visitsOf(code);
		expect(visits).toMatchObject({ people: 0, bots: Object.keys(UNFURLERS).length + 2 });
		// Only people are described: a bot's user agent and Referer say nothing about the link's audience.
		expect(visits).toMatchObject({ referrers: {}, devices: {}, browsers: {} });
	});

	it("adds each person, and no bot or prefetch, to the link's all-time totals, which agree with its days", async () => {
		const code = await link("https://example.com/totalled");
		const people = [CHROME, SAFARI_IOS, FIREFOX, CHROME];
		for (const userAgent of people) await open(`/${code}`, as(userAgent));
		for (const userAgent of [UNFURLERS.Slackbot, UNFURLERS.curl]) await open(`/${code}`, as(userAgent));
		await open(`/${code}`, { headers: { "User-Agent": CHROME, "Sec-Purpose": "prefetch" } });
		const visits = await admin.visitsOf(code);
		expect(visits).toMatchObject({ people: people.length, bots: 2, prefetches: 1 });
		const totals = Object.values(await admin.totalsOf(TEST_OWNER, code));
		expect(totals.reduce((sum, total) => sum + (total.people ?? 0), 0)).toBe(visits.people);
		for (const total of totals) {
			expect(total).toMatchObject({ owner: TEST_OWNER, code });
			expect(total.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);
		}
		// One document per shard the people went to, at most the first attempt's 4 for a quiet link.
		expect(totals.length).toBeGreaterThan(0);
		expect(totals.length).toBeLessThanOrEqual(Math.min(people.length, 4));
	});

	it("writes no total for bots and prefetches alone", async () => {
		const code = await link("https://example.com/only-bots");
		for (const userAgent of Object.values(UNFURLERS)) await open(`/${code}`, as(userAgent));
		await open(`/${code}`, { headers: { "User-Agent": CHROME, "Sec-Purpose": "prefetch" } });
		expect(await admin.visitsOf(code)).toMatchObject({ people: 0, bots: Object.keys(UNFURLERS).length, prefetches: 1 });
		expect(await admin.totalsOf(TEST_OWNER, code)).toEqual({});
	});

	it("counts a browser's prefetch apart, not as a click", async () => {
		const code = await link("https://example.com/prefetched");
		const response = await open(`/${code}`, { headers: { "User-Agent": CHROME, "Sec-Purpose": "prefetch;prerender" } });
		expect(response.status).toBe(302);
		expect(await admin.visitsOf(code)).toMatchObject({ people: 0, bots: 0, prefetches: 1 });
	});

	it("refuses other methods with 405, naming the ones it takes", async () => {
		const code = await link("https://example.com/post");
		const response = await open(`/${code}`, as(CHROME, { method: "POST", body: "x" }));
		expect(response.status).toBe(405);
		expect(response.headers.get("allow")).toBe("GET, HEAD");
		expect(await admin.visitsOf(code)).toMatchObject({ documents: 0 });
	});
});
