import { useId, useRef } from "react";
import { t } from "../src/i18n/translate";
import type { AccountFormMode } from "../src/ui/account/AccountForms";
import { useFocusOnMount } from "./useFocusOnMount";

export interface SignedOutChoiceProps {
	/** Opens the account forms; `opener` is the button pressed, where focus returns when they close. */
	onOpenAccount(mode: AccountFormMode, opener: HTMLElement): void;
	onShortenWithoutAccount(): void;
}

/**
 * After the user signed out on purpose, the popup makes no account for them by itself: it asks. Signing
 * in comes first (focused); going on without an account starts a new anonymous session, which is then
 * remembered as their choice.
 */
export function SignedOutChoice({ onOpenAccount, onShortenWithoutAccount }: SignedOutChoiceProps) {
	const signIn = useRef<HTMLButtonElement>(null);
	const titleId = useId();
	useFocusOnMount(signIn);
	return (
		<section className="popup-message signed-out-choice" aria-labelledby={titleId}>
			<h2 id={titleId} className="popup-message__title">
				{t("signedOutTitle")}
			</h2>
			<p>{t("signedOutExplain")}</p>
			<div className="signed-out-choice__accounts">
				<button ref={signIn} type="button" onClick={(event) => onOpenAccount("sign-in", event.currentTarget)}>
					{t("signIn")}
				</button>
				<button
					type="button"
					className="secondary-button"
					onClick={(event) => onOpenAccount("sign-up", event.currentTarget)}
				>
					{t("createAnAccount")}
				</button>
			</div>
			<button type="button" className="link-button signed-out-choice__anonymous" onClick={onShortenWithoutAccount}>
				{t("shortenWithoutAccount")}
			</button>
		</section>
	);
}
