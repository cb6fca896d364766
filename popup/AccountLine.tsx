import type { Ref } from "react";
import { t } from "../src/i18n/translate";
import type { AccountFormMode } from "../src/ui/account/AccountForms";
import { SignedInAs } from "../src/ui/account/SignedInAs";
import { useSession } from "../src/ui/account/useSession";
import { Message } from "../src/ui/Message";

export interface AccountLineProps {
	ref: Ref<HTMLElement>;
	hidden: boolean;
	/** Opens the account forms; `opener` is the button pressed, where focus returns when they close. */
	onOpen(mode: AccountFormMode, opener: HTMLElement): void;
	/** Puts focus on the line, when the button that had it is gone (signed out, or asked again). */
	focusLine(): void;
}

/**
 * The popup's last line: who is signed in and Sign out, or, without an account (signed out, or the
 * anonymous session the first shorten made), the way to create one. It keeps its height while the
 * session is being read, so the popup does not grow when the answer comes, and says so, with Retry, when
 * the background could not tell. It takes focus (tabIndex -1) when what had focus went away: after
 * signing in, up or out, or a Retry.
 */
export function AccountLine({ ref, hidden, onOpen, focusLine }: AccountLineProps) {
	const { session, unavailable, retry } = useSession();
	const user = session?.user;
	return (
		<section ref={ref} className="account-line" hidden={hidden} tabIndex={-1} aria-label={t("account")}>
			{unavailable && (
				<p className="account-line__entry">
					<Message
						name="accountUnavailable"
						values={{
							retry: (
								<button
									type="button"
									className="link-button"
									onClick={() => {
										retry();
										focusLine();
									}}
								>
									{t("retry")}
								</button>
							),
						}}
					/>
				</p>
			)}
			{user && !user.anonymous && <SignedInAs user={user} onSignedOut={focusLine} />}
			{session && (!user || user.anonymous) && (
				<p className="account-line__entry">
					<Message
						name="saveYourLinks"
						values={{
							create: (
								<button
									type="button"
									className="link-button"
									onClick={(event) => onOpen("sign-up", event.currentTarget)}
								>
									{t("createAnAccountInSentence")}
								</button>
							),
							signin: (
								<button
									type="button"
									className="link-button"
									onClick={(event) => onOpen("sign-in", event.currentTarget)}
								>
									{t("signInInSentence")}
								</button>
							),
						}}
					/>
				</p>
			)}
		</section>
	);
}
