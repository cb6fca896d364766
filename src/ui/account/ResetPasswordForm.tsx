import { useEffect, useRef, useState } from "react";
import { t } from "../../i18n/translate";
import { useBackground } from "../BackgroundContext";
import { escapeCloses } from "../escapeCloses";
import { EmailField, FormError, FormHeading, SubmitButton } from "./fields";
import type { AccountFormProps } from "./formProps";
import { useAccountForm } from "./useAccountForm";

export interface ResetPasswordFormProps extends Pick<AccountFormProps, "email" | "heading"> {
	/**
	 * Its way out: back to signing in with the address typed (the account forms), or, for a user signed
	 * in (the options page), closing the form, which Escape does too.
	 */
	leave: { to: "sign-in"; go(email: string): void } | { to: "close"; go(): void };
}

/**
 * Sends a password reset email; once sent, says where to and leads back to signing in, or closes. The
 * answer is the same whether the email has an account or not (background/accounts.ts), and so are its
 * words.
 */
export function ResetPasswordForm({ email, heading, leave }: ResetPasswordFormProps) {
	const call = useBackground();
	const [sentTo, setSentTo] = useState<string | null>(null);
	const back = useRef<HTMLButtonElement>(null);
	const form = useAccountForm({
		fields: ["email"] as const,
		initial: { email },
		async submit(values) {
			const reply = await call({ type: "resetPassword", email: values.email });
			if (!reply.ok) return reply.error;
			setSentTo(reply.data.email);
			return null;
		},
	});
	// Signed in (the form opens on the account's address) and sent there: the account exists, and its new
	// password will end this session. Any other address is answered as to someone signed out.
	const ownAccount = leave.to === "close" && sentTo === email;
	// The form is gone once sent: focus goes to the one thing left to do.
	useEffect(() => {
		if (sentTo !== null) back.current?.focus();
	}, [sentTo]);

	return (
		<form
			className="account-form"
			onSubmit={form.onSubmit}
			noValidate
			aria-labelledby={heading.id}
			onKeyDown={leave.to === "close" ? escapeCloses(leave.go) : undefined}
		>
			<FormHeading {...heading}>{t("resetPasswordTitle")}</FormHeading>
			{sentTo === null ? (
				<>
					<p className="account-notice">{t("resetPasswordExplain")}</p>
					<EmailField binding={form.field("email")} />
					<FormError message={form.formError} />
					<SubmitButton pending={form.pending} label={t("sendResetLink")} pendingLabel={t("sending")} />
				</>
			) : (
				<p className="account-notice" role="status">
					{t(ownAccount ? "resetPasswordSentSignedIn" : "resetPasswordSent", { email: sentTo })}
				</p>
			)}
			<p className="account-form__switch">
				<button
					ref={back}
					type="button"
					className="link-button"
					onClick={() => (leave.to === "close" ? leave.go() : leave.go(sentTo ?? form.values.email))}
				>
					{leave.to === "sign-in" ? t("backToSignIn") : sentTo === null ? t("cancel") : t("close")}
				</button>
			</p>
		</form>
	);
}
