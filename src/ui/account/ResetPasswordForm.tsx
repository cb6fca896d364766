import { useEffect, useRef, useState } from "react";
import { useBackground } from "../BackgroundContext";
import { EmailField, FormError, FormHeading, SubmitButton } from "./fields";
import type { AccountFormProps } from "./formProps";
import { useAccountForm } from "./useAccountForm";

/**
 * Sends a password reset email; once sent, says where to and leads back to signing in. The answer is the
 * same whether the email has an account or not (background/accounts.ts), and so are its words.
 */
export function ResetPasswordForm({ email, heading, switchTo }: Omit<AccountFormProps, "onDone">) {
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
	// The form is gone once sent: focus goes to the one thing left to do.
	useEffect(() => {
		if (sentTo !== null) back.current?.focus();
	}, [sentTo]);

	return (
		<form className="account-form" onSubmit={form.onSubmit} noValidate aria-labelledby={heading.id}>
			<FormHeading {...heading}>Reset your password</FormHeading>
			{sentTo === null ? (
				<>
					<p className="account-notice">We will email you a link to choose a new password.</p>
					<EmailField binding={form.field("email")} />
					<FormError message={form.formError} />
					<SubmitButton pending={form.pending} label="Send reset link" pendingLabel="Sending…" />
				</>
			) : (
				<p className="account-notice" role="status">
					If {sentTo} has an account, we sent it a link to choose a new password. Follow it, then sign in here with your
					new password.
				</p>
			)}
			<p className="account-form__switch">
				<button
					ref={back}
					type="button"
					className="link-button"
					onClick={() => switchTo("sign-in", sentTo ?? form.values.email)}
				>
					Back to sign in
				</button>
			</p>
		</form>
	);
}
