import { EmailField, FormError, PasswordField, SubmitButton } from "./fields";
import type { AccountForm } from "./useAccountForm";

/** Email, password, the form's error and its submit button: the body of the sign-in and sign-up forms. */
export function CredentialsFields({
	form,
	purpose,
	submit,
}: {
	form: AccountForm<"email" | "password">;
	/** A new password (sign-up) or the saved one (sign-in), for the hint and for password managers. */
	purpose: "new" | "current";
	submit: { label: string; pendingLabel: string };
}) {
	return (
		<>
			<EmailField binding={form.field("email")} />
			<PasswordField binding={form.field("password")} purpose={purpose} />
			<FormError message={form.formError} />
			<SubmitButton pending={form.pending} {...submit} />
		</>
	);
}
