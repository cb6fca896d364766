/**
 * Who is opening a short link: a person, a bot (a crawler, a link unfurler, a script, a monitor), or a
 * browser prefetching a link nobody may open. Everyone gets the redirect; only people count as clicks.
 * The list follows dub.co's detectBot (dubinc/dub apps/web/lib/middleware/utils/bots-list.ts) and the
 * user agents the unfurlers document, cut to the patterns that matter for a short link: a substring
 * per family, not one entry per bot.
 */

export type Visitor = "person" | "bot" | "prefetch";

const BOT_USER_AGENT = new RegExp(
	[
		// Generic words that crawlers, spiders and unfurlers put in their names: Googlebot, bingbot,
		// Slackbot, Twitterbot, Discordbot, LinkedInBot, TelegramBot, Applebot, redditbot, ...
		"bot",
		"crawl",
		"spider",
		"scrape",
		// Scripts and HTTP libraries. A browser's user agent never names a URL ("+http://...") or these.
		"http",
		"fetch",
		"curl",
		"wget",
		"python",
		"node",
		"ruby",
		"java/",
		"axios",
		"postman",
		// Unfurlers whose names hold none of the words above.
		"facebookexternalhit",
		"facebookcatalog",
		"meta-external",
		"whatsapp", // WhatsApp, and Signal's previews, which borrow its name
		"skypeuripreview",
		"vkshare",
		"embedly",
		"iframely",
		"bluesky",
		"bingpreview",
		"mediapartners-google",
		// Search engines and archives.
		"slurp",
		"yandex",
		"baidu",
		"sogou",
		"ia_archiver",
		// Headless browsers: automation, not someone clicking.
		"headlesschrome",
		"phantomjs",
		// Office's check of a link clicked in Word, Excel or PowerPoint before it hands it to the browser,
		// whose own request that follows is the click: "Microsoft Office Existence Discovery", and an
		// Internet Explorer agent marked "ms-office".
		"ms-office",
		"microsoft office",
		// Uptime monitors and link checkers.
		"pingdom",
		"statuscake",
		"uptime",
		"linkcheck",
	].join("|"),
	"i",
);

type Headers = Record<string, string | string[] | undefined>;

const header = (headers: Headers, name: string): string => {
	const value = headers[name];
	return Array.isArray(value) ? value.join(",") : (value ?? "");
};

/** `headers` as Node gives them, names in lower case. */
export function visitorOf(method: string, headers: Headers): Visitor {
	// Chrome's prefetches and prerenders (speculation rules, omnibox predictions) say so; older browsers
	// used Purpose. The visitor may never come, so this is not yet a click.
	if (/prefetch/i.test(header(headers, "sec-purpose")) || /prefetch/i.test(header(headers, "purpose"))) {
		return "prefetch";
	}
	// Browsers navigate with GET; HEAD is a link checker or a script asking where the link goes.
	if (method === "HEAD") return "bot";
	const userAgent = header(headers, "user-agent");
	// Every browser sends a user agent; only scripts leave it out.
	if (userAgent === "" || BOT_USER_AGENT.test(userAgent)) return "bot";
	return "person";
}
