/**
 * The function's decision for a link whose target is the short-link site itself: a 403 refusal, and no
 * count, so a link pointing at itself (or at another short link) cannot redirect forever
 * (functions/src/answer.ts). Firestore is replaced by the two answers the function would read.
 */
import { describe, expect, it } from "vitest";
import { type AnswerDeps, answerShortLink, type ShortLinkRequest } from "../../../functions/src/answer";
import type { CountedLink, Visit } from "../../../functions/src/clicks";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

function site(target: string) {
	const counted: Array<{ link: CountedLink; visit: Visit }> = [];
	const deps: AnswerDeps = {
		readLink: async () => ({ url: target, owner: "owner-uid" }),
		countVisit: async (link, visit) => {
			counted.push({ link, visit });
		},
		siteHosts: ["demo-shorty.web.app", "demo-shorty.firebaseapp.com"],
		readTimeoutMs: 1000,
		countWaitMs: 1000,
		logError: () => undefined,
	};
	const open = (headers: ShortLinkRequest["headers"]) =>
		answerShortLink(
			{ method: "GET", path: "/abc1234", search: "", headers: { "user-agent": CHROME, ...headers } },
			deps,
		);
	return { open, counted };
}

describe("a short link to the short-link site itself", () => {
	it("is refused with the refusal page, and nothing is counted", async () => {
		for (const [target, headers] of [
			["https://sho.rt/other12", { "x-forwarded-host": "sho.rt", host: "shortlink-abc-uc.a.run.app" }],
			["https://SHO.RT./abc1234", { "x-forwarded-host": "sho.rt" }],
			["https://sho.rt:443/abc1234+", { "x-forwarded-host": "sho.rt" }],
			["http://127.0.0.1:5000/abc1234", { host: "127.0.0.1:5000" }],
			["https://demo-shorty.web.app/abc1234", { "x-forwarded-host": "sho.rt" }],
			["https://demo-shorty.firebaseapp.com/x", { "x-forwarded-host": "demo-shorty.web.app" }],
		] as const) {
			const { open, counted } = site(target);
			const answer = await open(headers);
			expect(answer.status, target).toBe(403);
			expect(answer.headers.Location, target).toBeUndefined();
			expect(answer.body, target).toContain("This short link cannot be opened");
			expect(counted, target).toEqual([]);
		}
	});

	it("still redirects to other sites, and to the same host on another port", async () => {
		for (const [target, headers] of [
			["https://example.com/sho.rt", { "x-forwarded-host": "sho.rt" }],
			["https://www.sho.rt/", { "x-forwarded-host": "sho.rt" }],
			["https://other-project.web.app/", { "x-forwarded-host": "sho.rt" }],
			["http://127.0.0.1:8000/page", { host: "127.0.0.1:5000" }],
		] as const) {
			const { open, counted } = site(target);
			const answer = await open(headers);
			expect(answer.status, target).toBe(302);
			expect(answer.headers.Location, target).toBe(new URL(target).href);
			expect(counted, target).toHaveLength(1);
		}
	});

	it("counts a person with the referring host, device and browser, for the link's owner (read with the link)", async () => {
		const { open, counted } = site("https://example.com/");
		await open({ "x-forwarded-host": "sho.rt", referer: "https://News.Example.org/item?id=1" });
		expect(counted).toEqual([
			{
				link: { code: "abc1234", owner: "owner-uid" },
				visit: { visitor: "person", referrer: "news.example.org", device: "desktop", browser: "chrome" },
			},
		]);
	});

	it("names no referring site for a visit sent on by the site's own pages, as the preview's Continue is", async () => {
		const { open, counted } = site("https://example.com/");
		await open({ "x-forwarded-host": "sho.rt", referer: "https://sho.rt/abc1234+" });
		await open({ "x-forwarded-host": "sho.rt", referer: "https://demo-shorty.web.app/abc1234+" });
		expect(counted.map(({ visit }) => visit)).toEqual([
			{ visitor: "person", referrer: null, device: "desktop", browser: "chrome" },
			{ visitor: "person", referrer: null, device: "desktop", browser: "chrome" },
		]);
	});
});
