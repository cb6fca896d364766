import { type ReactNode, useId } from "react";
import { MIN_PASSWORD_LENGTH } from "../../errors";
import { t } from "../../i18n/translate";
import type { FieldBinding } from "./useAccountForm";

interface TextFieldProps {
	label: string;
	type: "email" | "password";
	autoComplete: string;
	/** Shown under the field while nothing is wrong with it. */
	hint?: string;
	binding: FieldBinding;
}

/**
 * A labelled input whose message (hint or problem) is its description: aria-describedby points at it, so
 * it is read with the field. A separate, visually hidden live region reads out the field's announcement
 * (set on leaving the field, on submit and on a server error), so typing is not narrated per keystroke.
 */
function TextField({ label, type, autoComplete, hint, binding }: TextFieldProps) {
	const inputId = useId();
	const messageId = useId();
	const { value, error, announcement, onChange, onBlur, inputRef } = binding;
	return (
		<div className="account-field">
			<label className="account-field__label" htmlFor={inputId}>
				{label}
			</label>
			<input
				ref={inputRef}
				id={inputId}
				className="account-field__input"
				type={type}
				value={value}
				autoComplete={autoComplete}
				autoCapitalize="none"
				spellCheck={false}
				aria-invalid={error !== null}
				aria-describedby={messageId}
				onChange={(event) => onChange(event.target.value)}
				onBlur={onBlur}
			/>
			<p id={messageId} className={`account-field__message${error ? " account-field__message--error" : ""}`}>
				{error ?? hint ?? ""}
			</p>
			<p className="visually-hidden" aria-live="polite">
				{announcement}
			</p>
		</div>
	);
}

export function EmailField({ binding }: { binding: FieldBinding }) {
	return <TextField label={t("email")} type="email" autoComplete="email" binding={binding} />;
}

/** `purpose` tells password managers whether to offer a new password or fill the saved one. */
export function PasswordField({ binding, purpose }: { binding: FieldBinding; purpose: "new" | "current" }) {
	return purpose === "new" ? (
		<TextField
			label={t("password")}
			type="password"
			autoComplete="new-password"
			hint={t("passwordHint", { count: MIN_PASSWORD_LENGTH })}
			binding={binding}
		/>
	) : (
		<TextField label={t("password")} type="password" autoComplete="current-password" binding={binding} />
	);
}

/**
 * The form's submit button. While the request is out it says so and ignores presses; aria-disabled rather
 * than disabled, because a disabled button drops keyboard focus to the page.
 */
export function SubmitButton({
	pending,
	label,
	pendingLabel,
}: {
	pending: boolean;
	label: string;
	pendingLabel: string;
}) {
	return (
		<button type="submit" className="account-form__submit" aria-disabled={pending}>
			{pending ? pendingLabel : label}
		</button>
	);
}

/** A form-level error (one about no single field): always mounted, so screen readers announce each new one. */
export function FormError({ message }: { message: string | null }) {
	return (
		<p className="account-form__error" role="alert">
			{message ?? ""}
		</p>
	);
}

export interface FormHeadingProps {
	id: string;
	level: 2 | 3;
}

/** A form's title at the level its host page needs: h2 under the popup's h1, h3 inside an options section. */
export function FormHeading({ id, level, children }: FormHeadingProps & { children: ReactNode }) {
	return level === 2 ? (
		<h2 id={id} className="account-form__title">
			{children}
		</h2>
	) : (
		<h3 id={id} className="account-form__title">
			{children}
		</h3>
	);
}
