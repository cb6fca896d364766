/** Who opens a short link: people are counted as clicks, bots and prefetches apart (functions/src/visitors.ts). */
import { describe, expect, it } from "vitest";
import { visitorOf } from "../../../functions/src/visitors";

const get = (userAgent: string, more: Record<string, string> = {}) =>
	visitorOf("GET", { "user-agent": userAgent, ...more });

describe("telling people from bots", () => {
	it("takes today's browsers on desktop and phone for people", () => {
		for (const userAgent of [
			"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
			"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15",
			"Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0",
			"Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1",
			"Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36",
			"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0",
		]) {
			expect(get(userAgent), userAgent).toBe("person");
		}
	});

	it("takes link unfurlers, crawlers, scripts and monitors for bots", () => {
		for (const userAgent of [
			"Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
			"Twitterbot/1.0",
			"facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
			"Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
			"LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
			"TelegramBot (like TwitterBot)",
			"WhatsApp/2.23.20.0",
			"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
			"Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
			"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)",
			"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36",
			"Bluesky Cardyb/1.1",
			"curl/8.5.0",
			"Wget/1.21.4",
			"python-requests/2.32.3",
			"node",
			"axios/1.7.2",
			"Go-http-client/2.0",
			"Pingdom.com_bot_version_1.4_(http://www.pingdom.com/)",
			// Office checks a link clicked in a document before the browser opens it.
			"Mozilla/4.0 (compatible; MSIE 7.0; Windows NT 10.0; WOW64; Trident/7.0; .NET4.0C; .NET4.0E; ms-office; MSOffice 16)",
			"Microsoft Office Existence Discovery",
		]) {
			expect(get(userAgent), userAgent).toBe("bot");
		}
	});

	it("takes a request with no user agent, and any HEAD, for a bot", () => {
		expect(visitorOf("GET", {})).toBe("bot");
		expect(get("")).toBe("bot");
		expect(
			visitorOf("HEAD", { "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0" }),
		).toBe("bot");
	});

	it("tells a browser's prefetch or prerender apart, whoever sends it", () => {
		const chrome =
			"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
		expect(get(chrome, { "sec-purpose": "prefetch" })).toBe("prefetch");
		expect(get(chrome, { "sec-purpose": "prefetch;prerender" })).toBe("prefetch");
		expect(get(chrome, { purpose: "prefetch" })).toBe("prefetch");
		expect(get(chrome, { "sec-purpose": "" })).toBe("person");
	});
});
