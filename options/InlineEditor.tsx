import { useEffect, useId, useRef, useState } from "react";
import type { AppError } from "../src/errors";
import { errorText } from "../src/i18n/errorText";
import { t } from "../src/i18n/translate";
import type { Checked } from "../src/links/types";
import { escapeCloses } from "../src/ui/escapeCloses";

export interface InlineEditorProps {
	/** The current value, the field's starting text. */
	value: string;
	/** What the field is called, e.g. "New target for sho.rt/abc1234". */
	label: string;
	/** Checks what was typed before anything is sent (the background checks again): the value to save, or why not. */
	check: (typed: string) => Checked<string>;
	/** Saves the new value; resolves to the background's error, or null once saved. */
	save: (value: string) => Promise<AppError | null>;
	/** Leaves editing, saved or not. */
	close: () => void;
	type?: "text" | "url";
}

/**
 * One value edited in place: a link's target, a tag's name. Enter saves, Escape cancels, an unchanged
 * value just closes, and an error stays next to the field with the text kept, so nothing typed is lost.
 */
export function InlineEditor({ value: initial, label, check, save, close, type = "text" }: InlineEditorProps) {
	const errorId = useId();
	const input = useRef<HTMLInputElement>(null);
	const [value, setValue] = useState(initial);
	const [error, setError] = useState<string | null>(null);
	const [saving, setSaving] = useState(false);

	useEffect(() => {
		const field = input.current;
		if (!field) return;
		field.focus();
		field.select();
		// Selected before its first layout, Chrome scrolls the field to the selection's end: a long address
		// would open on its last segment, its site out of sight.
		field.scrollLeft = 0;
	}, []);

	async function submit() {
		if (saving) return;
		const checked = check(value);
		if (!checked.ok) {
			setError(errorText(checked.error));
			input.current?.focus();
			return;
		}
		if (checked.value === initial) return close();
		setSaving(true);
		const failure = await save(checked.value);
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
			className="inline-editor"
			aria-busy={saving}
			// Chrome's own bubble for type=url would otherwise pre-empt checkUrl's message (and refuse "example.com").
			noValidate
			onSubmit={(event) => {
				event.preventDefault();
				void submit();
			}}
			onKeyDown={escapeCloses(close)}
		>
			<input
				ref={input}
				className="inline-editor__input"
				aria-label={label}
				aria-invalid={error !== null}
				aria-describedby={error ? errorId : undefined}
				type={type}
				autoComplete="off"
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
				<p id={errorId} className="inline-editor__error" role="alert">
					{error}
				</p>
			)}
		</form>
	);
}
