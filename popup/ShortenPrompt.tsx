import { useId, useRef } from "react";
import type { PrivateAddressKind } from "../src/links/privateAddress";
import { useFocusOnMount } from "./useFocusOnMount";
import type { PageToShorten } from "./useShortLink";

/**
 * The page the popup would shorten, and one prominent button for it: with shortenOnOpen off, or after
 * another account signed in. The button has focus, so Enter shortens; the card is the link card's size,
 * so nothing moves when the link comes. A private address gets the question instead.
 */
export function ShortenPrompt(props: PromptProps) {
	return props.page.privateKind === null ? <PagePrompt {...props} /> : <PrivateAddressQuestion {...props} />;
}

interface PromptProps {
	page: PageToShorten;
	onShorten: () => void;
}

function PagePrompt({ page, onShorten }: PromptProps) {
	const button = useRef<HTMLButtonElement>(null);
	const titleId = useId();
	useFocusOnMount(button);
	return (
		<section className="shorten-prompt" aria-labelledby={titleId}>
			<p id={titleId} className="shorten-prompt__title">
				{page.title || new URL(page.url).host}
			</p>
			<p className="shorten-prompt__url" title={page.url}>
				{page.url}
			</p>
			<button ref={button} type="button" className="shorten-prompt__button" onClick={onShorten}>
				Shorten this page
			</button>
		</section>
	);
}

const whereItLeads: Record<PrivateAddressKind, string> = {
	"this-device": "is this computer",
	"private-network": "is on a private network",
	"local-name": "is a name only a local network knows",
};

/**
 * Asked instead of shortening on open: a short link publishes its address to anyone who has the code,
 * and an intranet address should not be published by a toolbar click. The question itself takes focus,
 * not the button, so a stray Enter publishes nothing.
 */
function PrivateAddressQuestion({ page, onShorten }: PromptProps) {
	const question = useRef<HTMLHeadingElement>(null);
	const titleId = useId();
	useFocusOnMount(question);
	const host = new URL(page.url).host;
	const kind = page.privateKind ?? "local-name";
	return (
		<section className="shorten-prompt" aria-labelledby={titleId}>
			<h2 ref={question} id={titleId} className="shorten-prompt__question" tabIndex={-1}>
				This looks like a private address
			</h2>
			<p className="shorten-prompt__url" title={page.url}>
				{page.url}
			</p>
			<p className="shorten-prompt__why">
				{host} {whereItLeads[kind]}. Anyone with its short link could read this address.
			</p>
			<button type="button" className="secondary-button shorten-prompt__button" onClick={onShorten}>
				Shorten anyway
			</button>
		</section>
	);
}
