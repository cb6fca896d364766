import { CredentialsFields } from "./CredentialsFields";
import { FormHeading } from "./fields";
import type { AccountFormProps } from "./formProps";
import { linkWords } from "./linkWords";
import { useCredentialsForm } from "./useCredentialsForm";
import { useGuestLinkCount } from "./useGuestLinkCount";

/**
 * Creates an email account. From an anonymous session the background links the new credential to it,
 * so the links made so far stay (same user); the form says so, since that is why anyone signs up here.
 */
export function SignUpForm({ email, heading, onDone, switchTo }: AccountFormProps) {
	const count = useGuestLinkCount();
	const form = useCredentialsForm("signUp", email, onDone);
	const { theLinksCapitalised } = linkWords(count);
	return (
		<form className="account-form" onSubmit={form.onSubmit} noValidate aria-labelledby={heading.id}>
			<FormHeading {...heading}>Create an account</FormHeading>
			{count !== null && count > 0 && (
				<p className="account-notice">
					{theLinksCapitalised} you made without an account {count === 1 ? "moves" : "move"} into the new account.
				</p>
			)}
			<CredentialsFields
				form={form}
				purpose="new"
				submit={{ label: "Create account", pendingLabel: "Creating account…" }}
			/>
			<p className="account-form__switch">
				Already have an account?{" "}
				<button type="button" className="link-button" onClick={() => switchTo("sign-in", form.values.email)}>
					Sign in
				</button>
			</p>
		</form>
	);
}
