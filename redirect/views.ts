/**
 * Everything a short-link page can show, as plain data with no DOM: the static page draws it with DOM
 * calls (showView.ts), the Cloud Function renders it to HTML on the server (functions/src/page.ts). One
 * description keeps both sites saying the same thing. Addresses from the database are only ever text,
 * never markup: each renderer sets or escapes them as such.
 */
import type { SiteText } from "./siteText";

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

/** Where the element for a placeholder goes in a translated sentence; private-use characters no message holds. */
const mark = (index: number) => `\uE000${index}\uE001`;

/** The sentence `text`, its marks replaced by `elements` (by index), wherever the language put them. */
function withElements(text: string, elements: Child[]): Child[] {
	return text
		.split(/\uE000(\d+)\uE001/)
		.map((part, index) => (index % 2 === 1 ? (elements[Number(part)] ?? "") : part))
		.filter((part) => part !== "");
}

const paragraph = (...children: Child[]) => tag("p", {}, ...children);
/** Long addresses wrap anywhere instead of widening the page on a phone. */
const address = (text: string) => tag("p", { class: "address" }, text);
const homeLink = (text: SiteText) => tag("a", { href: "/" }, text("siteHome"));

/** A button where a script can act, a link that loads the page again where none runs. */
function retryControl(retry: Action, text: SiteText): Tag {
	const label = text("siteRetry");
	if (typeof retry === "function") return { ...tag("button", { type: "button" }, label), onclick: retry };
	return tag("a", { class: "button", href: retry.href }, label);
}

function continueLink(url: URL, proceed: { href: string }, text: SiteText): Tag {
	return tag("a", { class: "button", href: proceed.href }, text("siteContinue", { host: url.hostname }));
}

/** `view` in the words of `text`, the visitor's language. */
export function contentOf(view: View, text: SiteText): Content {
	switch (view.kind) {
		case "opening":
			return {
				title: text("siteOpeningTitle"),
				heading: "",
				body: [tag("p", { role: "status" }, text("siteOpening"))],
			};
		case "home":
			return {
				title: "Shorty",
				heading: text("siteHomeHeading"),
				body: [
					paragraph(text("siteHomeAbout")),
					paragraph(...withElements(text("siteHomePreview", { plus: mark(0) }), [tag("kbd", {}, "+")])),
				],
			};
		case "not-found":
			return {
				title: text("siteNotFoundTitle"),
				heading: text("siteNotFoundHeading"),
				body: [paragraph(text("siteNotFoundBody")), homeLink(text)],
			};
		case "refused":
			return {
				title: text("siteRefusedTitle"),
				heading: text("siteRefusedHeading"),
				body: [paragraph(text("siteRefusedBody")), address(view.address), homeLink(text)],
			};
		case "unreachable":
			return {
				title: text("siteFailedTitle"),
				heading: text("siteFailedHeading"),
				body: [paragraph(text("siteUnreachable")), retryControl(view.retry, text)],
			};
		case "failed":
			return {
				title: text("siteFailedTitle"),
				heading: text("siteFailedHeading"),
				body: view.retry
					? [paragraph(text("siteBusy", { status: String(view.status) })), retryControl(view.retry, text)]
					: [paragraph(text("siteServiceRefused", { status: String(view.status) })), homeLink(text)],
			};
		case "preview":
			return {
				title: text("sitePreviewTitle", { host: view.url.hostname }),
				heading: text("sitePreviewHeading"),
				body: [
					paragraph(
						...withElements(text("sitePreviewLeads", { link: mark(0), host: mark(1) }), [
							view.shortLink,
							tag("strong", {}, view.url.hostname),
						]),
					),
					address(view.url.href),
					continueLink(view.url, view.proceed, text),
				],
			};
	}
}
