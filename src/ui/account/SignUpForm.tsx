import { t, tPlural } from "../../i18n/translate";
import { Message } from "../Message";
import { CredentialsFields } from "./CredentialsFields";
import { FormHeading } from "./fields";
import type { AccountFormProps } from "./formProps";
import { useCredentialsForm } from "./useCredentialsForm";
import { useGuestLinkCount } from "./useGuestLinkCount";

/**
 * Creates an email account. From an anonymous session the background links the new credential to it,
 * so the links made so far stay (same user); the form says so, since that is why anyone signs up here.
 */
export function SignUpForm({ email, heading, onDone, switchTo }: AccountFormProps) {
	const count = useGuestLinkCount();
	const form = useCredentialsForm("signUp", email, onDone);
	return (
		<form className="account-form" onSubmit={form.onSubmit} noValidate aria-labelledby={heading.id}>
			<FormHeading {...heading}>{t("createAnAccount")}</FormHeading>
			{count !== null && count > 0 && <p className="account-notice">{tPlural("linksMoveIn", count, { count })}</p>}
			<CredentialsFields
				form={form}
				purpose="new"
				submit={{ label: t("createAccount"), pendingLabel: t("creatingAccount") }}
			/>
			<p className="account-form__switch">
				<Message
					name="alreadyHaveAccount"
					values={{
						signin: (
							<button type="button" className="link-button" onClick={() => switchTo("sign-in", form.values.email)}>
								{t("signIn")}
							</button>
						),
					}}
				/>
			</p>
		</form>
	);
}
