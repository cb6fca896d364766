import { type Ref, useEffect, useId, useRef, useState } from "react";
import { t } from "../src/i18n/translate";
import type { Session } from "../src/messages";
import { AccountForms } from "../src/ui/account/AccountForms";
import { ResetPasswordForm } from "../src/ui/account/ResetPasswordForm";
import { SignedInAs } from "../src/ui/account/SignedInAs";

export interface AccountSectionProps {
	/** Undefined until the background has said who is signed in. */
	session: Session | undefined;
	/** The section, which takes focus when its forms or buttons go away (signed in or out). */
	ref?: Ref<HTMLElement>;
	onSessionChanged: () => void;
}

/**
 * Who is signed in, with Sign out; without an account, the forms to sign in (with its password reset) or,
 * from an anonymous session, to create an account that keeps its links. The background calls below this
 * section send a waiting delete first (see sendingDeletesFirst), so no session change strands one.
 */
export function AccountSection({ session, ref, onSessionChanged }: AccountSectionProps) {
	const user = session?.user ?? null;
	return (
		<section ref={ref} className="account" aria-labelledby="account-heading" tabIndex={-1}>
			<h2 id="account-heading">{t("account")}</h2>
			{session === undefined ? (
				<p>{t("checkingSignIn")}</p>
			) : user && !user.anonymous ? (
				<>
					<SignedInAs user={user} onSignedOut={onSessionChanged} />
					<PasswordReset email={user.email ?? ""} />
				</>
			) : (
				<>
					{user ? <SignedInAs user={user} onSignedOut={onSessionChanged} /> : <p>{t("accountKeepsLinks")}</p>}
					<AccountForms
						// Keyed by user: signing out of an anonymous session starts again at sign in.
						key={user?.uid ?? "nobody"}
						initialMode={user ? "sign-up" : "sign-in"}
						headingLevel={3}
						autoFocus={false}
						onDone={onSessionChanged}
					/>
				</>
			)}
		</section>
	);
}

/**
 * Sends a signed-in user a password reset email, behind a button so the form does not crowd the page: the
 * form opens on their address, its field focused, and Cancel (Close once sent) or Escape puts focus back
 * on the button. Not the account forms, whose way out leads to signing in.
 */
function PasswordReset({ email }: { email: string }) {
	const [open, setOpen] = useState(false);
	const headingId = useId();
	const opened = useRef<HTMLDivElement>(null);
	const button = useRef<HTMLButtonElement>(null);
	const toggled = useRef(false);
	useEffect(() => {
		if (!toggled.current) return;
		if (open) opened.current?.querySelector("input")?.focus();
		else button.current?.focus();
	}, [open]);
	const show = (next: boolean) => {
		toggled.current = true;
		setOpen(next);
	};
	if (open) {
		return (
			<div ref={opened}>
				<ResetPasswordForm
					email={email}
					heading={{ id: headingId, level: 3 }}
					leave={{ to: "close", go: () => show(false) }}
				/>
			</div>
		);
	}
	return (
		<button ref={button} type="button" className="secondary-button" onClick={() => show(true)}>
			{t("resetPassword")}
		</button>
	);
}
