/** The page's one decision: given the path, what to read, what to show and where to go. */
import type { TargetStore } from "./firestoreRest";
import { followableUrl } from "./followableUrl";
import type { Route } from "./route";
import type { View } from "./views";

export interface PageDeps {
	store: TargetStore;
	/** Draws a view; `focus` moves focus to its heading (after Retry). */
	show(view: View, focus?: boolean): void;
	/** location.replace in the browser: the short link does not stay in the visitor's history. */
	navigate(url: string): void;
	/** The site's origin, "https://sho.rt", to show the short link in the preview. */
	origin: string;
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
	} catch {
		deps.show({ kind: "unreachable", retry: () => void openRoute(route, deps, true) }, retried);
		return;
	}
	if (address === null) {
		deps.show({ kind: "not-found" }, retried);
		return;
	}
	const url = followableUrl(address);
	if (!url) {
		deps.show({ kind: "refused", address }, retried);
		return;
	}
	const countClick = () => void deps.store.countClick(code);
	if (route.kind === "preview") {
		deps.show({ kind: "preview", shortLink: `${deps.origin}/${code}`, url, onContinue: countClick }, retried);
		return;
	}
	// Not awaited: the request is keepalive, so it outlives this page and the visitor never waits for it.
	countClick();
	deps.navigate(url.href);
}
