import { useEffect, useId, useRef, useState } from "react";
import type { AppError } from "../src/errors";
import { errorText } from "../src/i18n/errorText";
import { t } from "../src/i18n/translate";
import { checkUrl } from "../src/links/urls";

export interface TargetEditorProps {
	/** The current target, the field's starting value. */
	url: string;
	/** What the field is called, e.g. "New target for sho.rt/abc1234". */
	label: string;
	shortLinkBase: string;
	siteHosts: readonly string[];
	/** Saves the new target; resolves to the background's error, or null once saved. */
	save: (url: string) => Promise<AppError | null>;
	/** Leaves editing, saved or not. */
	close: () => void;
}

/**
 * A link's target, editable in place. The address is checked as it would be for a new link before
 * anything is sent (the background checks again); Enter saves, Escape cancels, and an error stays next to
 * the field with the text kept, so nothing typed is lost.
 */
export function TargetEditor({ url, label, shortLinkBase, siteHosts, save, close }: TargetEditorProps) {
	const errorId = useId();
	const input = useRef<HTMLInputElement>(null);
	const [value, setValue] = useState(url);
	const [error, setError] = useState<string | null>(null);
	const [saving, setSaving] = useState(false);

	useEffect(() => {
		input.current?.focus();
		input.current?.select();
	}, []);

	async function submit() {
		if (saving) return;
		const checked = checkUrl(value, shortLinkBase, siteHosts);
		if (!checked.ok) {
			setError(errorText(checked.error));
			input.current?.focus();
			return;
		}
		if (checked.value.url === url) return close();
		setSaving(true);
		const failure = await save(checked.value.url);
		setSaving(false);
		if (failure) {
			setError(errorText(failure));
			input.current?.focus();
		} else {
			close();
		}
	}

	return (
		<form
			className="target-editor"
			aria-busy={saving}
			// Chrome's own bubble for type=url would otherwise pre-empt checkUrl's message (and refuse "example.com").
			noValidate
			onSubmit={(event) => {
				event.preventDefault();
				void submit();
			}}
			onKeyDown={(event) => {
				if (event.key !== "Escape") return;
				// Escape belongs to the editor here, not to the search box or a toast further out.
				event.stopPropagation();
				close();
			}}
		>
			<input
				ref={input}
				className="target-editor__input"
				aria-label={label}
				aria-invalid={error !== null}
				aria-describedby={error ? errorId : undefined}
				type="url"
				spellCheck={false}
				value={value}
				readOnly={saving}
				onChange={(event) => {
					setValue(event.target.value);
					if (error) setError(null);
				}}
			/>
			<button type="submit" aria-disabled={saving}>
				{saving ? t("saving") : t("save")}
			</button>
			<button type="button" className="secondary-button" onClick={close}>
				{t("cancel")}
			</button>
			{error && (
				<p id={errorId} className="target-editor__error" role="alert">
					{error}
				</p>
			)}
		</form>
	);
}
