/**
 * The function's one decision, free of Cloud Functions and Firestore: given a request, what to read,
 * what to count and what to answer. The path decides first, with the static page's own routing
 * (redirect/route.ts), so a path that cannot be a code never reaches the database.
 */
import { followableUrl } from "../../redirect/followableUrl";
import { withForwardedQuery } from "../../redirect/forwardedQuery";
import { routeOf } from "../../redirect/route";
import { acceptedLanguages, type SiteLanguage, siteLanguage } from "../../redirect/siteText";
import { isOnShortLinkSite, siteHostOf } from "../../src/links/shortLinkSite";
import { audienceOf } from "./audience";
import type { CountedLink, Visit } from "./clicks";
import type { FollowedLink } from "./links";
import { PAGE_CSP, pageHtml, type ServerView } from "./page";
import { visitorOf } from "./visitors";

export interface ShortLinkRequest {
	method: string;
	/** As sent, percent-encoding kept (Express's req.path). */
	path: string;
	/** The query string as sent, "" or "?…": it goes on to the target (redirect/forwardedQuery.ts). */
	search: string;
	/** Names in lower case, as Node gives them. */
	headers: Record<string, string | string[] | undefined>;
}

export interface Answer {
	status: number;
	headers: Record<string, string>;
	/** Left out of the response to HEAD. */
	body: string;
}

export interface AnswerDeps {
	/** links.ts's readLink. */
	readLink(code: string): Promise<FollowedLink | null>;
	countVisit(link: CountedLink, visit: Visit): Promise<void>;
	/**
	 * The project's own hosts (<project>.web.app, <project>.firebaseapp.com): a target there would send
	 * the visitor back to this function, and any custom domain reaches it through them too.
	 */
	siteHosts: readonly string[];
	/** How long a visitor waits for the target before getting the 503 page. */
	readTimeoutMs: number;
	/** How long a visitor waits for the count before being sent on anyway (see docs/architecture.md). */
	countWaitMs: number;
	/** Where failures go that the visitor is spared: a failed count, an unexpected error. */
	logError(message: string, error: unknown): void;
}

/**
 * No cache may keep an answer: a redirect kept by a browser or by Hosting's CDN would send later clicks
 * to the target without counting them, or to a target since changed, and a kept 404 would hide a link
 * created after it (Hosting's CDN keeps a 404 without such a header for 10 minutes).
 */
const NO_STORE = { "Cache-Control": "private, no-store" };

/** The language of the visitor's browser (Accept-Language) among the pages' four, English otherwise. */
function languageOf(headers: ShortLinkRequest["headers"]): SiteLanguage {
	const header = headers["accept-language"];
	return siteLanguage(acceptedLanguages(Array.isArray(header) ? header.join(",") : header));
}

/** The pages answered to `request`, in its visitor's language. */
function pagesFor(request: ShortLinkRequest) {
	const language = languageOf(request.headers);
	return (status: number, view: ServerView, extra: Record<string, string> = {}): Answer => ({
		status,
		headers: {
			...NO_STORE,
			"Content-Type": "text/html; charset=utf-8",
			"Content-Security-Policy": PAGE_CSP,
			"X-Content-Type-Options": "nosniff",
			"Content-Language": language,
			Vary: "Accept-Language",
			...extra,
		},
		body: pageHtml(view, language),
	});
}

/**
 * Whether following `url` would come back here: to the site the visitor came through (its host and port
 * as forwarded, so a custom domain counts too), or to the project's own hosts. Such a link would
 * redirect forever, each hop a read and a count.
 */
function isThisSite(url: URL, request: ShortLinkRequest, siteHosts: readonly string[]): boolean {
	// The forwarded host is the visitor's to send: one that is not a host adds nothing.
	const host = siteOf(request.headers);
	const site = `https://${host}/`;
	const forwarded = host !== "" && URL.canParse(site) ? [siteHostOf(site)] : [];
	return isOnShortLinkSite(url, [...siteHosts, ...forwarded]);
}

/** Rejects after `ms`, so a Firestore that does not answer costs the visitor a bounded wait. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
	let timer: NodeJS.Timeout | undefined;
	const timeout = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
	});
	return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The site as the visitor reached it, for the preview: Hosting forwards the original host (a custom
 * domain, or <project>.web.app). Without a scheme, which not every proxy forwards: "sho.rt/abc1234".
 */
function siteOf(headers: ShortLinkRequest["headers"]): string {
	const first = (name: string) =>
		String(headers[name] ?? "")
			.split(",")[0]
			?.trim() ?? "";
	return first("x-forwarded-host") || first("host");
}

async function decide(request: ShortLinkRequest, deps: AnswerDeps): Promise<Answer> {
	const page = pagesFor(request);
	if (request.method !== "GET" && request.method !== "HEAD") {
		return { status: 405, headers: { ...NO_STORE, Allow: "GET, HEAD" }, body: "" };
	}
	const route = routeOf(request.path);
	if (route.kind === "home") return page(200, { kind: "home" });
	if (route.kind === "malformed") return page(404, { kind: "not-found" });
	const { code } = route;
	let link: FollowedLink | null;
	try {
		link = await within(deps.readLink(code), deps.readTimeoutMs);
	} catch (error) {
		deps.logError(`Reading links/${code} failed`, error);
		const retry = { href: `${request.path}${request.search}` };
		return page(503, { kind: "failed", status: 503, retry }, { "Retry-After": "5" });
	}
	if (link === null) return page(404, { kind: "not-found" });
	const followable = followableUrl(link.url);
	// The link exists but will never be followed: not a 404, and nothing a retry could change.
	if (!followable || isThisSite(followable, request, deps.siteHosts)) {
		return page(403, { kind: "refused", address: link.url });
	}
	const url = withForwardedQuery(followable, request.search);
	if (route.kind === "preview") {
		// Continue goes through /<code>, with the query, so the visit is counted like any other.
		return page(200, {
			kind: "preview",
			shortLink: `${siteOf(request.headers)}/${code}`,
			url,
			proceed: { href: `/${code}${request.search}` },
		});
	}
	const visitor = visitorOf(request.method, request.headers);
	const fromThisSite = (referrer: URL) => isThisSite(referrer, request, deps.siteHosts);
	const visit: Visit = visitor === "person" ? { visitor, ...audienceOf(request.headers, fromThisSite) } : { visitor };
	await within(deps.countVisit({ code, owner: link.owner }, visit), deps.countWaitMs).catch((error: unknown) =>
		deps.logError(`Counting a ${visitor} visit to ${code} failed or is late`, error),
	);
	// Temporary, not 301/308: a permanent redirect is cached by browsers, and their next clicks would
	// never reach the function. 302 rather than 307: for GET and HEAD, all that gets here, they mean the
	// same, and 302 is the one every client and link unfurler has always followed.
	return { status: 302, headers: { ...NO_STORE, Location: url.href }, body: "" };
}

/** Never rejects: whatever goes wrong, the visitor gets a page that says so, with a retry. */
export async function answerShortLink(request: ShortLinkRequest, deps: AnswerDeps): Promise<Answer> {
	try {
		return await decide(request, deps);
	} catch (error) {
		deps.logError(`Answering ${request.method} ${request.path} failed`, error);
		const page = pagesFor(request);
		// Only a short link's own path is offered again: any other path could be "//elsewhere.example".
		const { kind } = routeOf(request.path);
		const retry = { href: kind === "follow" || kind === "preview" ? `${request.path}${request.search}` : "/" };
		return page(503, { kind: "failed", status: 503, retry }, { "Retry-After": "5" });
	}
}
