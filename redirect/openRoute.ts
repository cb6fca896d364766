/** The page's one decision: given the path, what to read, what to show and where to go. */
import { FirestoreAnswerError, type TargetStore } from "./firestoreRest";
import { followableUrl } from "./followableUrl";
import { withForwardedQuery } from "./forwardedQuery";
import type { Route } from "./route";
import type { View } from "./views";

/** The page acts through handlers; the function's pages (links instead) share the same views. */
type PageView = View<() => void>;

export interface PageDeps {
	store: TargetStore;
	/** Draws a view; `focus` moves focus to its heading (after Retry). */
	show(view: PageView, focus?: boolean): void;
	/** location.replace in the browser: the short link does not stay in the visitor's history. */
	navigate(url: string): void;
	/** Resolves once the visitor is on the page, which a prerendered page waits for (activation.ts). */
	activated(): Promise<void>;
	/** The site's origin, "https://sho.rt", to show the short link in the preview. */
	origin: string;
	/** The short link's query string, location.search: it goes on to the target (./forwardedQuery.ts). */
	search: string;
}

export async function openRoute(route: Route, deps: PageDeps, retried = false): Promise<void> {
	if (route.kind === "home" || route.kind === "malformed") {
		deps.show({ kind: route.kind === "home" ? "home" : "not-found" });
		return;
	}
	const { code } = route;
	if (retried) deps.show({ kind: "opening" });
	let address: string | null;
	try {
		address = await deps.store.readTarget(code);
	} catch (error) {
		const retry = () => void openRoute(route, deps, true);
		deps.show(
			error instanceof FirestoreAnswerError
				? { kind: "failed", status: error.status, retry: error.passing ? retry : null }
				: { kind: "unreachable", retry },
			retried,
		);
		return;
	}
	if (address === null) {
		deps.show({ kind: "not-found" }, retried);
		return;
	}
	const followable = followableUrl(address);
	if (!followable) {
		deps.show({ kind: "refused", address }, retried);
		return;
	}
	const url = withForwardedQuery(followable, deps.search);
	if (route.kind === "preview") {
		deps.show({ kind: "preview", shortLink: `${deps.origin}/${code}`, url, proceed: { href: url.href } }, retried);
		return;
	}
	await deps.activated();
	deps.navigate(url.href);
}
