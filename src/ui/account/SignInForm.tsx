import { t, tPlural } from "../../i18n/translate";
import { Message } from "../Message";
import { CredentialsFields } from "./CredentialsFields";
import { FormHeading } from "./fields";
import type { AccountFormProps } from "./formProps";
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
	return (
		<form className="account-form" onSubmit={form.onSubmit} noValidate aria-labelledby={heading.id}>
			<FormHeading {...heading}>{t("signIn")}</FormHeading>
			{count !== null && count > 0 && (
				<div className="account-notice account-notice--warning">
					<p>{tPlural("signInLeavesLinks", count, { count })}</p>
					<button type="button" className="link-button" onClick={() => switchTo("sign-up", form.values.email)}>
						{tPlural("createInsteadToKeep", count, {})}
					</button>
				</div>
			)}
			<CredentialsFields form={form} purpose="current" submit={{ label: t("signIn"), pendingLabel: t("signingIn") }} />
			<p className="account-form__switch">
				<button type="button" className="link-button" onClick={() => switchTo("reset-password", form.values.email)}>
					{t("forgotPassword")}
				</button>
				<span>
					<Message
						name="newHere"
						values={{
							create: (
								<button type="button" className="link-button" onClick={() => switchTo("sign-up", form.values.email)}>
									{t("createAnAccount")}
								</button>
							),
						}}
					/>
				</span>
			</p>
		</form>
	);
}
