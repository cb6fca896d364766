/**
 * Everything the page can show, drawn with plain DOM calls: a framework would cost more bytes than all
 * of this. Addresses from the database are only ever set as text, never as markup.
 */

export type View =
	| { kind: "opening" }
	| { kind: "home" }
	| { kind: "not-found" }
	/** The target is not an http(s) address: shown as text, never followed. */
	| { kind: "refused"; address: string }
	/** Firestore could not be reached or did not answer in time: the connection, most likely. */
	| { kind: "unreachable"; retry(): void }
	/** Firestore answered with an error; a retry only where the error may pass (busy, its own trouble). */
	| { kind: "failed"; status: number; retry: (() => void) | null }
	| { kind: "preview"; shortLink: string; url: URL; onContinue(): void };

type Child = Node | string;

function element<K extends keyof HTMLElementTagNameMap>(
	tag: K,
	properties: Partial<HTMLElementTagNameMap[K]>,
	...children: Child[]
): HTMLElementTagNameMap[K] {
	const node = Object.assign(document.createElement(tag), properties);
	node.append(...children);
	return node;
}

const paragraph = (...children: Child[]) => element("p", {}, ...children);
/** Long addresses wrap anywhere instead of widening the page on a phone. */
const address = (text: string) => element("p", { className: "address" }, text);
const homeLink = () => element("a", { href: "/" }, "Go to the home page");
const retryButton = (retry: () => void) => element("button", { type: "button", onclick: retry }, "Retry");

interface Content {
	title: string;
	heading: string;
	body: Child[];
}

function contentOf(view: View): Content {
	switch (view.kind) {
		case "opening":
			return { title: "Opening… · Shorty", heading: "", body: [element("p", { role: "status" }, "Opening the link…")] };
		case "home":
			return {
				title: "Shorty",
				heading: "Shorty short links",
				body: [
					paragraph(
						"This site opens links made with Shorty, a browser extension that shortens the address of the tab you are looking at.",
					),
					paragraph(
						"To see where a short link goes before opening it, add a ",
						element("kbd", {}, "+"),
						" to its end.",
					),
				],
			};
		case "not-found":
			return {
				title: "Link not found · Shorty",
				heading: "This short link does not exist",
				body: [
					paragraph(
						"Check that it was copied in full: short links are case-sensitive. Its owner may also have deleted it.",
					),
					homeLink(),
				],
			};
		case "refused":
			return {
				title: "Link refused · Shorty",
				heading: "This short link cannot be opened",
				body: [
					paragraph("It leads to something other than a web page, so it was not opened. Its address is:"),
					address(view.address),
					homeLink(),
				],
			};
		case "unreachable":
			return {
				title: "Could not open the link · Shorty",
				heading: "Could not open the link",
				body: [
					paragraph("The link service did not answer. Check your connection, then try again."),
					retryButton(view.retry),
				],
			};
		case "failed":
			return {
				title: "Could not open the link · Shorty",
				heading: "Could not open the link",
				body: view.retry
					? [
							paragraph(
								`The link service is busy or having trouble (error ${view.status}). Wait a moment, then try again.`,
							),
							retryButton(view.retry),
						]
					: [
							paragraph(
								`The link service refused to open this short link (error ${view.status}). The fault is on this site, not in your connection, so trying again will not help.`,
							),
							homeLink(),
						],
			};
		case "preview":
			return {
				title: `Preview: ${view.url.hostname} · Shorty`,
				heading: "Where this link goes",
				body: [
					paragraph(view.shortLink, " leads to a page on ", element("strong", {}, view.url.hostname), ":"),
					address(view.url.href),
					element(
						"a",
						{ className: "button", href: view.url.href, onclick: view.onContinue },
						`Continue to ${view.url.hostname}`,
					),
				],
			};
	}
}

/**
 * Replaces what `root` shows with `view`. With `focus`, the heading takes focus, so a keyboard or
 * screen-reader user is not left on a button that no longer exists (after Retry).
 */
export function showView(root: HTMLElement, view: View, focus = false): void {
	const { title, heading, body } = contentOf(view);
	document.title = title;
	const h1 = element("h1", { tabIndex: -1 }, heading);
	root.replaceChildren(...(heading ? [h1] : []), ...body);
	if (focus && heading) h1.focus();
}
