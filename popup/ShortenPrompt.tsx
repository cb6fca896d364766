import { useId, useRef } from "react";
import { useFocusOnMount } from "./useFocusOnMount";
import type { PageToShorten } from "./useShortLink";

/**
 * With shortenOnOpen off: the page the popup would shorten, and one prominent button for it. The button
 * has focus, so Enter shortens; the card is the link card's size, so nothing moves when the link comes.
 */
export function ShortenPrompt({ page, onShorten }: { page: PageToShorten; onShorten: () => void }) {
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
