/** Draws a view (views.ts) in the static page with plain DOM calls: a framework would cost more bytes than all of this. */
import type { SiteText } from "./siteText";
import { type Child, contentOf, type View } from "./views";

function node(child: Child): Node | string {
	if (typeof child === "string") return child;
	const element = document.createElement(child.tag);
	for (const [name, value] of Object.entries(child.attributes)) element.setAttribute(name, value);
	if (child.onclick) element.onclick = child.onclick;
	element.append(...child.children.map(node));
	return element;
}

/**
 * Replaces what `root` shows with `view`. With `focus`, the heading takes focus, so a keyboard or
 * screen-reader user is not left on a button that no longer exists (after Retry).
 */
export function showView(root: HTMLElement, view: View, text: SiteText, focus = false): void {
	const { title, heading, body } = contentOf(view, text);
	document.title = title;
	const h1 = Object.assign(document.createElement("h1"), { tabIndex: -1, textContent: heading });
	root.replaceChildren(...(heading ? [h1] : []), ...body.map(node));
	if (focus && heading) h1.focus();
}
