/**
 * The popup's first requests, sent by its first script (start.ts, a classic script that runs as soon as it
 * has arrived, while React and the rest of the page, some 250 KB of script, are still loading):
 * the tab's address and the settings, both read from the browser straight away, then, when the popup
 * shortens on open, the shorten itself. Waiting for React's first render to send them cost some 13 ms of
 * a popup whose target is one round trip plus 60 ms; waiting for the page's module, some 8 ms more, as
 * its answers then queued behind React's chunk on the page's main thread.
 *
 * The page takes what has already arrived when it first renders (`arrived`), so a link known by then is
 * its first frame rather than a skeleton's follow-up. Whatever is still out it asks for as always,
 * through the call returned here, which hands each early reply to the first identical request, once; a
 * later one (a Retry) goes out anew. The early shorten is decided exactly as the page decides its own
 * (src/pageToShorten.ts), so it is always one the page asks for.
 */
import { toAppError } from "../src/errors";
import type { Link } from "../src/links/types";
import {
	type AnyRequest,
	type BackgroundCall,
	type Reply,
	type RequestOf,
	type Settings,
	withinTimeLimit,
} from "../src/messages";
import { pageToShorten, shortenRequest, shortensOnOpen } from "../src/pageToShorten";
import type { ActiveTab, PopupEnvironment } from "./environment";

/** What the first requests have brought by the page's first render. */
export interface Arrived {
	tab?: ActiveTab;
	settings?: Settings;
	/** The page's link, when the popup shortens on open and the worker had it at once (a repeated address). */
	link?: Link;
}

export interface FirstRequests {
	/** The page's call to the background, answering from the early replies first. */
	call: BackgroundCall;
	/** The page's environment, whose activeTab is the tab read early. */
	environment: PopupEnvironment;
	/** Takes what has arrived so far, for the page's first render; later calls find the rest in `call`. */
	arrived(): Arrived;
}

type AnyReply = Reply<AnyRequest["type"]>;

export function sendFirstRequests(call: BackgroundCall, environment: PopupEnvironment): FirstRequests {
	const early = new Map<string, { reply: Promise<AnyReply>; answer?: AnyReply }>();
	/** Keeps `reply` as the early answer to `request`, for the page's first identical request. */
	const keep = (request: AnyRequest, reply: Promise<AnyReply>) => {
		const sent: { reply: Promise<AnyReply>; answer?: AnyReply } = { reply };
		early.set(JSON.stringify(request), sent);
		void reply.then((answer) => {
			sent.answer = answer;
		});
		return reply;
	};
	const send = (request: AnyRequest) => keep(request, call(request));
	const take = (request: AnyRequest) => {
		const key = JSON.stringify(request);
		const sent = early.get(key);
		early.delete(key);
		return sent;
	};

	let knownTab: ActiveTab | undefined;
	let shortenSent: RequestOf<"shorten"> | undefined;
	const tab = environment.activeTab();
	// Read from storage here, one hop to the browser, rather than asked of the worker: two hops, one more
	// for a worker that has to start first, and the answer back before React's chunk takes the main
	// thread. Kept as the answer to the page's own first read, within the same time limit.
	const settings = keep(
		{ type: "getSettings" },
		withinTimeLimit<"getSettings">(
			environment.settings().then(
				(data) => ({ ok: true, data }),
				(error: unknown) => ({ ok: false, error: toAppError(error) }),
			),
		),
	) as Promise<Reply<"getSettings">>;
	// Settled once the early shorten is sent or known not to be: until then a shorten waits, or it would
	// go out twice.
	const shortenDecided = Promise.all([tab, settings]).then(
		([tab, settings]) => {
			knownTab = tab;
			if (!settings.ok || !environment.network.online()) return;
			const checked = pageToShorten(tab, environment.shortLinkBase, environment.siteHosts);
			if (!checked.ok || !shortensOnOpen(checked.page, settings.data.shortenOnOpen)) return;
			shortenSent = shortenRequest(checked.page, false);
			void send(shortenSent);
			performance.mark("shorty:shorten-sent");
		},
		() => {},
	);

	/** An early reply that has arrived and succeeded, taken; a failure stays for the page's own request. */
	function takeArrived<T extends AnyRequest["type"]>(request: AnyRequest & { type: T }) {
		const answer = early.get(JSON.stringify(request))?.answer as Reply<T> | undefined;
		if (!answer?.ok) return undefined;
		take(request);
		return answer.data;
	}

	const adopting = async (request: AnyRequest) => {
		if (request.type === "shorten") await shortenDecided;
		return take(request)?.reply ?? call(request);
	};
	return {
		call: adopting as BackgroundCall,
		environment: { ...environment, activeTab: () => tab },
		arrived() {
			// The settings only with the tab: the page decides on neither alone.
			if (!knownTab) return {};
			const settingsNow = takeArrived({ type: "getSettings" });
			const link = settingsNow && shortenSent ? takeArrived(shortenSent) : undefined;
			return { tab: knownTab, ...(settingsNow ? { settings: settingsNow } : {}), ...(link ? { link } : {}) };
		},
	};
}
