/**
 * The function's pages, rendered on the server from the same views as the static page (redirect/views.ts)
 * and in the same document (redirect/index.html, its script taken out, its stylesheets inlined): a
 * visitor sees the same page from either site. They carry no script, so every control is a link.
 */
import { createHash } from "node:crypto";
import template from "../../redirect/index.html?raw";
import { type SiteLanguage, siteText } from "../../redirect/siteText";
import pageCss from "../../redirect/style.css?inline";
import { type Child, contentOf, type View } from "../../redirect/views";
import themeCss from "../../src/ui/theme.css?inline";

/** A view whose controls are links: what a page without script can offer. */
export type ServerView = View<{ href: string }>;

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text and attribute values alike: everything from the database or the request goes through this. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? "");

function html(child: Child): string {
	if (typeof child === "string") return escapeHtml(child);
	const attributes = Object.entries(child.attributes)
		.map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
		.join("");
	return `<${child.tag}${attributes}>${child.children.map(html).join("")}</${child.tag}>`;
}

/** The same two stylesheets redirect/main.ts imports, in the same order. */
const css = `${themeCss}\n${pageCss}`;

/** Replaces the one match of `pattern`; a template that no longer has it fails the function's tests at once. */
function replaceOnce(text: string, pattern: RegExp, replacement: string): string {
	const matches = text.match(new RegExp(pattern, "g"))?.length ?? 0;
	if (matches !== 1) throw new Error(`page.ts: redirect/index.html has ${matches} matches of ${pattern}, not one`);
	return text.replace(pattern, () => replacement);
}

/**
 * The pages' only resource is their inline stylesheet, allowed by hash; no script may run at all. In a
 * meta tag too, because Hosting's own Content-Security-Policy header (firebase.json, for every path)
 * replaces the function's; frame-ancestors only counts in a header, which Hosting's already carries.
 */
const DOCUMENT_CSP = [
	"default-src 'none'",
	`style-src 'sha256-${createHash("sha256").update(css).digest("base64")}'`,
	"img-src data:",
	"base-uri 'none'",
	"form-action 'none'",
].join("; ");

/** For visitors who reach the function without Hosting in front: the same policy, and no framing. */
export const PAGE_CSP = `${DOCUMENT_CSP}; frame-ancestors 'none'`;

const shellEdits: Array<[RegExp, string]> = [
	// The static page's script: the function's pages have none.
	[/\s*<script\b[^>]*><\/script>/, ""],
	// First in the head, so the policy covers everything after it.
	[/<head>/, `<head>\n\t\t<meta http-equiv="Content-Security-Policy" content="${DOCUMENT_CSP}" />`],
	[/<\/head>/, `\t<style>${css}</style>\n\t</head>`],
];
const shell = shellEdits.reduce((text, [pattern, replacement]) => replaceOnce(text, pattern, replacement), template);

export function pageHtml(view: ServerView, language: SiteLanguage = "en"): string {
	const { title, heading, body } = contentOf(view, siteText(language));
	const main = `${heading ? `<h1>${escapeHtml(heading)}</h1>` : ""}${body.map(html).join("")}`;
	const titled = replaceOnce(shell, /<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
	const spoken = replaceOnce(titled, /<html lang="en">/, `<html lang="${language}">`);
	return replaceOnce(spoken, /<main>[\s\S]*<\/main>/, `<main>${main}</main>`);
}
