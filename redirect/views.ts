/**
 * Everything a short-link page can show, as plain data with no DOM: the static page draws it with DOM
 * calls (showView.ts), the Cloud Function renders it to HTML on the server (functions/src/page.ts). One
 * description keeps both sites saying the same thing. Addresses from the database are only ever text,
 * never markup: each renderer sets or escapes them as such.
 */

/**
 * What a control does: a handler in the static page, or an address to load on the function's pages,
 * which carry no script.
 */
export type Action = (() => void) | { href: string };

export type View<A extends Action = Action> =
	| { kind: "opening" }
	| { kind: "home" }
	| { kind: "not-found" }
	/** The target is not an http(s) address: shown as text, never followed. */
	| { kind: "refused"; address: string }
	/** Firestore could not be reached or did not answer in time: the connection, most likely. */
	| { kind: "unreachable"; retry: A }
	/** Firestore answered with an error; a retry only where the error may pass (busy, its own trouble). */
	| { kind: "failed"; status: number; retry: A | null }
	/**
	 * `proceed` is where Continue leads: the static page straight to the target (it counts nothing), the
	 * function through `/<code>`, so the visit is counted.
	 */
	| { kind: "preview"; shortLink: string; url: URL; proceed: { href: string } };

/** The attributes a view uses; both renderers set exactly these. */
export type Attributes = Partial<Record<"class" | "role" | "href" | "type", string>>;

export interface Tag {
	tag: "p" | "a" | "strong" | "kbd" | "button";
	attributes: Attributes;
	/** Only in the static page: the function's pages carry no script. */
	onclick?: () => void;
	children: Child[];
}

export type Child = Tag | string;

export interface Content {
	title: string;
	/** Empty for the "opening" placeholder, which has no heading. */
	heading: string;
	body: Child[];
}

const tag = (name: Tag["tag"], attributes: Attributes, ...children: Child[]): Tag => ({
	tag: name,
	attributes,
	children,
});

const paragraph = (...children: Child[]) => tag("p", {}, ...children);
/** Long addresses wrap anywhere instead of widening the page on a phone. */
const address = (text: string) => tag("p", { class: "address" }, text);
const homeLink = () => tag("a", { href: "/" }, "Go to the home page");

/** A button where a script can act, a link that loads the page again where none runs. */
function retryControl(retry: Action): Tag {
	if (typeof retry === "function") return { ...tag("button", { type: "button" }, "Retry"), onclick: retry };
	return tag("a", { class: "button", href: retry.href }, "Retry");
}

function continueLink(url: URL, proceed: { href: string }): Tag {
	return tag("a", { class: "button", href: proceed.href }, `Continue to ${url.hostname}`);
}

export function contentOf(view: View): Content {
	switch (view.kind) {
		case "opening":
			return { title: "Opening… · Shorty", heading: "", body: [tag("p", { role: "status" }, "Opening the link…")] };
		case "home":
			return {
				title: "Shorty",
				heading: "Shorty short links",
				body: [
					paragraph(
						"This site opens links made with Shorty, a browser extension that shortens the address of the tab you are looking at.",
					),
					paragraph("To see where a short link goes before opening it, add a ", tag("kbd", {}, "+"), " to its end."),
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
					retryControl(view.retry),
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
							retryControl(view.retry),
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
					paragraph(view.shortLink, " leads to a page on ", tag("strong", {}, view.url.hostname), ":"),
					address(view.url.href),
					continueLink(view.url, view.proceed),
				],
			};
	}
}
