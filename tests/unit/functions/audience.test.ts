/** What a person's visit tells the owner: referring host, device class, browser class (functions/src/audience.ts). */
import { describe, expect, it } from "vitest";
import { audienceOf } from "../../../functions/src/audience";

const UA = {
	chromeWindows:
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
	chromeAndroid:
		"Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36",
	chromeAndroidTablet:
		"Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
	chromeIos:
		"Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/140.0.0.0 Mobile/15E148 Safari/604.1",
	safariMac:
		"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15",
	safariIphone:
		"Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1",
	safariIpad:
		"Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
	firefoxLinux: "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0",
	firefoxIos:
		"Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/140.0 Mobile/15E148 Safari/605.1.15",
	edgeWindows:
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0",
	edgeAndroid:
		"Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36 EdgA/140.0.0.0",
	opera:
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 OPR/124.0.0.0",
	samsung:
		"Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/28.0 Chrome/130.0.0.0 Mobile Safari/537.36",
	vivaldi:
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Vivaldi/7.5",
};

const of = (userAgent: string, more: Record<string, string> = {}) => audienceOf({ "user-agent": userAgent, ...more });

describe("a visit's audience", () => {
	it("names the browser, telling Chromium and WebKit browsers from Chrome and Safari", () => {
		const expected: Record<keyof typeof UA, string> = {
			chromeWindows: "chrome",
			chromeAndroid: "chrome",
			chromeAndroidTablet: "chrome",
			chromeIos: "chrome",
			safariMac: "safari",
			safariIphone: "safari",
			safariIpad: "safari",
			firefoxLinux: "firefox",
			firefoxIos: "firefox",
			edgeWindows: "edge",
			edgeAndroid: "edge",
			opera: "opera",
			samsung: "samsung",
			vivaldi: "other",
		};
		for (const [name, userAgent] of Object.entries(UA)) {
			expect(of(userAgent).browser, name).toBe(expected[name as keyof typeof UA]);
		}
		expect(of("").browser).toBe("other");
	});

	it("tells phones and tablets from desktops", () => {
		for (const phone of [UA.chromeAndroid, UA.chromeIos, UA.safariIphone, UA.firefoxIos, UA.edgeAndroid, UA.samsung]) {
			expect(of(phone).device, phone).toBe("mobile");
		}
		for (const tablet of [UA.safariIpad, UA.chromeAndroidTablet]) expect(of(tablet).device, tablet).toBe("tablet");
		for (const desktop of [UA.chromeWindows, UA.safariMac, UA.firefoxLinux, UA.edgeWindows, UA.opera, UA.vivaldi]) {
			expect(of(desktop).device, desktop).toBe("desktop");
		}
		// Chromium's client hint, where the user agent is reduced.
		expect(
			of("Mozilla/5.0 (Linux; Android 10; K) Chrome/140.0.0.0 Safari/537.36", { "sec-ch-ua-mobile": "?1" }).device,
		).toBe("tablet");
		expect(of(UA.chromeWindows, { "sec-ch-ua-mobile": "?1" }).device).toBe("mobile");
	});

	it("keeps only the Referer's host, in lower case, without port or trailing dot", () => {
		const referrer = (value: string) => of(UA.chromeWindows, { referer: value }).referrer;
		expect(referrer("https://News.Example.COM:8443/story/1?utm=x#top")).toBe("news.example.com");
		expect(referrer("https://t.co/")).toBe("t.co");
		expect(referrer("http://example.org./")).toBe("example.org");
		expect(referrer("https://[2001:db8::1]/")).toBe("[2001:db8::1]");
		expect(referrer("https://xn--bcher-kva.example/")).toBe("xn--bcher-kva.example");
		expect(of(UA.chromeWindows).referrer).toBeNull();
	});

	it("names no referrer for a Referer that no browser sends, so no stored key is odd", () => {
		const referrer = (value: string) => of(UA.chromeWindows, { referer: value }).referrer;
		for (const odd of [
			"",
			"not a url",
			"android-app://com.slack/",
			"file:///etc/passwd",
			"https://__proto__/",
			"https://__x__/",
			"https://a%20b.example/",
			`https://${"a".repeat(64)}.example/`,
			`https://${"abcdefghi.".repeat(26)}com/`,
		]) {
			expect(referrer(odd), odd).toBeNull();
		}
	});
});
