import { CredentialsFields } from "./CredentialsFields";
import { FormHeading } from "./fields";
import type { AccountFormProps } from "./formProps";
import { linkWords } from "./linkWords";
import { useCredentialsForm } from "./useCredentialsForm";
import { useGuestLinkCount } from "./useGuestLinkCount";

/**
 * Signs in to an existing account. From an anonymous session that has links, signing in leaves those
 * links with the anonymous user, where nobody can reach them again (the two users cannot be merged), so
 * the form says so before the button and offers to create an account instead.
 */
export function SignInForm({ email, heading, onDone, switchTo }: AccountFormProps) {
	const count = useGuestLinkCount();
	const form = useCredentialsForm("signIn", email, onDone);
	const { theLinks, them } = linkWords(count);
	return (
		<form className="account-form" onSubmit={form.onSubmit} noValidate aria-labelledby={heading.id}>
			<FormHeading {...heading}>Sign in</FormHeading>
			{count !== null && count > 0 && (
				<div className="account-notice account-notice--warning">
					<p>
						Signing in to an existing account leaves {theLinks} you made without an account behind: that account will
						not show {them}.
					</p>
					<button type="button" className="link-button" onClick={() => switchTo("sign-up", form.values.email)}>
						Create an account instead to keep {them}
					</button>
				</div>
			)}
			<CredentialsFields form={form} purpose="current" submit={{ label: "Sign in", pendingLabel: "Signing in…" }} />
			<p className="account-form__switch">
				<button type="button" className="link-button" onClick={() => switchTo("reset-password", form.values.email)}>
					Forgot your password?
				</button>
				<span>
					New here?{" "}
					<button type="button" className="link-button" onClick={() => switchTo("sign-up", form.values.email)}>
						Create an account
					</button>
				</span>
			</p>
		</form>
	);
}
