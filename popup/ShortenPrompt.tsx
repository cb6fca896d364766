import { useId, useRef } from "react";
import type { MessageKey } from "../src/i18n/catalogue";
import { t } from "../src/i18n/translate";
import type { PrivateAddressKind } from "../src/links/privateAddress";
import type { PageToShorten } from "../src/pageToShorten";
import { TargetLine } from "../src/ui/TargetLine";
import { useFocusOnMount } from "./useFocusOnMount";

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
			<TargetLine url={page.url} className="shorten-prompt__url" />
			<button ref={button} type="button" className="shorten-prompt__button" onClick={onShorten}>
				{t("shortenThisPage")}
			</button>
		</section>
	);
}

const whereItLeads = {
	"this-device": "privateThisDevice",
	"private-network": "privateNetwork",
	"local-name": "privateLocalName",
} as const satisfies Record<PrivateAddressKind, MessageKey>;

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
				{t("privateQuestion")}
			</h2>
			<p className="shorten-prompt__url shorten-prompt__url--whole">{page.url}</p>
			<p className="shorten-prompt__why">{t(whereItLeads[kind], { host })}</p>
			<button type="button" className="secondary-button shorten-prompt__button" onClick={onShorten}>
				{t("shortenAnyway")}
			</button>
		</section>
	);
}
