/**
 * Chrome may load a short link before the visitor opens it (an omnibox prediction, speculation rules). A
 * prerendered page may read its target, but waits to navigate until it is shown, if it ever is: until
 * then nobody has asked to go anywhere.
 */

/** document.prerendering, which TypeScript's DOM library does not declare yet. */
interface MaybePrerendered {
	readonly prerendering?: boolean;
}

/** Resolves once the visitor is really on the page: at once, or when a prerendered page is shown. */
export function whenActivated(document: Document): Promise<void> {
	if (!(document as MaybePrerendered).prerendering) return Promise.resolve();
	return new Promise((resolve) => document.addEventListener("prerenderingchange", () => resolve(), { once: true }));
}
