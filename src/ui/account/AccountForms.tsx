import { useEffect, useId, useRef, useState } from "react";
import type { Session } from "../../messages";
import type { AccountFormMode } from "./formProps";
import { ResetPasswordForm } from "./ResetPasswordForm";
import { SignInForm } from "./SignInForm";
import { SignUpForm } from "./SignUpForm";
import { useSignedIn } from "./useSignedIn";
import "./account.css";

export type { AccountFormMode } from "./formProps";

export interface AccountFormsProps {
	initialMode?: AccountFormMode;
	/** The forms' heading level: 2 where the page's h1 is right above (the popup), 3 inside a page's section. */
	headingLevel?: 2 | 3;
	/** Focus the first field on mount: yes where the user just asked for the forms, no on a page that loads with them. */
	autoFocus?: boolean;
	/**
	 * Called once signed in or signed up: by the form's answer, or, when that answer was lost (timed out
	 * here but done in the background), by the session turning into an account other than the one the
	 * forms opened with. Called once.
	 */
	onDone(session: Session): void;
}

/**
 * Sign up, sign in and reset password, one at a time, with links between them that carry the email
 * typed so far. Layout-neutral: the forms fill their container, so the popup and the options page can
 * both host them.
 */
export function AccountForms({
	initialMode = "sign-up",
	headingLevel = 2,
	autoFocus = true,
	onDone,
}: AccountFormsProps) {
	const [view, setView] = useState({ mode: initialMode, email: "", switched: false });
	const headingId = useId();
	const container = useRef<HTMLDivElement>(null);
	const finish = useSignedIn(onDone);

	useEffect(() => {
		// After a switch the old form's button is gone; the new form's first field is where the user goes on.
		if (view.switched || autoFocus) container.current?.querySelector("input")?.focus();
	}, [view, autoFocus]);

	const props = {
		email: view.email,
		heading: { id: headingId, level: headingLevel },
		onDone: finish,
		switchTo: (mode: AccountFormMode, email: string) => setView({ mode, email, switched: true }),
	};
	return (
		<div ref={container} className="account-forms">
			{view.mode === "sign-up" && <SignUpForm {...props} />}
			{view.mode === "sign-in" && <SignInForm {...props} />}
			{view.mode === "reset-password" && (
				<ResetPasswordForm
					email={view.email}
					heading={props.heading}
					leave={{ to: "sign-in", go: (email) => props.switchTo("sign-in", email) }}
				/>
			)}
		</div>
	);
}
