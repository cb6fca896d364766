import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { errorText } from "../src/i18n/errorText";
import { t } from "../src/i18n/translate";
import { checkAlias } from "../src/links/codes";
import { MAX_CODE_LENGTH, MIN_CODE_LENGTH } from "../src/links/schema";
import type { Link } from "../src/links/types";
import { useBackground } from "../src/ui/BackgroundContext";
import { displayUrl } from "../src/ui/displayUrl";
import { usePopupEnvironment } from "./environment";
import "../src/ui/fieldBox.css";

/**
 * "Custom alias": gives `link`'s page a chosen code. The alias is a second link to the same page (an
 * alias never replaces the generated one), handed to `onSaved` once the background has made it. When the
 * alias is taken, free ones close to it are offered, each saved with one click. It opens under the tools,
 * in the page's flow, so the link above stays in view. Mounted only while open, so every opening starts
 * from an empty field; closing while a save is out drops its answer: the user walked away from it, so it
 * neither replaces the link nor takes the clipboard.
 */
export function AliasForm({ link, onSaved }: { link: Link; onSaved: (link: Link) => void }) {
	const call = useBackground();
	const { shortLinkBase } = usePopupEnvironment();
	const inputId = useId();
	const messageId = useId();
	const input = useRef<HTMLInputElement>(null);
	const [alias, setAlias] = useState("");
	// Nothing is wrong with a field nobody has typed in yet; from the first keystroke it is checked live.
	const [edited, setEdited] = useState(false);
	const [serverError, setServerError] = useState<string | null>(null);
	const [suggestions, setSuggestions] = useState<string[]>([]);
	// What a screen reader hears unasked: the problem on leaving the field or saving, not per keystroke.
	const [announced, setAnnounced] = useState("");
	const [saving, setSaving] = useState(false);
	const mounted = useRef(true);
	useEffect(() => {
		mounted.current = true;
		input.current?.focus();
		return () => {
			mounted.current = false;
		};
	}, []);
	const checked = checkAlias(alias);
	const problem = serverError ?? (edited && !checked.ok ? errorText(checked.error) : null);

	/** Free aliases close to a taken one; none when the background cannot say. */
	async function suggestFor(taken: string): Promise<string[]> {
		const request = { type: "suggestAliases", alias: taken, url: link.url } as const;
		const reply = await call(link.title ? { ...request, title: link.title } : request);
		return reply.ok ? reply.data.aliases : [];
	}

	async function save(wanted: string) {
		if (saving) return;
		setSaving(true);
		const request = { type: "shorten", url: link.url, alias: wanted } as const;
		const reply = await call(link.title ? { ...request, title: link.title } : request);
		// Closed meanwhile (Escape, another tool): the answer is for a form that is gone.
		if (!mounted.current) return;
		if (reply.ok) {
			setSaving(false);
			return onSaved(reply.data);
		}
		const free = reply.error.code === "alias-taken" ? await suggestFor(wanted) : [];
		if (!mounted.current) return;
		setSaving(false);
		setAlias(wanted);
		const message = errorText(reply.error);
		setServerError(message);
		setSuggestions(free);
		setAnnounced(
			free.length > 0 ? t("availableAliasesAnnounced", { problem: message, aliases: free.join(", ") }) : message,
		);
		input.current?.focus();
	}

	function submit(event: FormEvent) {
		event.preventDefault();
		setEdited(true);
		if (!checked.ok) return setAnnounced(errorText(checked.error));
		void save(checked.value);
	}

	return (
		<form className="alias-form" aria-label={t("customAlias")} onSubmit={submit} noValidate>
			<label className="alias-form__label" htmlFor={inputId}>
				{t("alias")}
			</label>
			<div className="alias-form__row field-box">
				<span className="alias-form__base" aria-hidden="true">
					{displayUrl(shortLinkBase)}
				</span>
				<input
					ref={input}
					id={inputId}
					className="alias-form__input field-box__input"
					value={alias}
					autoComplete="off"
					spellCheck={false}
					aria-invalid={problem !== null}
					aria-describedby={messageId}
					onChange={(event) => {
						setAlias(event.target.value);
						setEdited(true);
						setServerError(null);
						setSuggestions([]);
					}}
					onBlur={() => setAnnounced(edited ? (problem ?? "") : "")}
				/>
			</div>
			<p id={messageId} className={`alias-form__message${problem ? " alias-form__message--error" : ""}`}>
				{problem ?? t("aliasHint", { minimum: MIN_CODE_LENGTH, maximum: MAX_CODE_LENGTH })}
			</p>
			{suggestions.length > 0 && (
				<fieldset className="alias-form__suggestions">
					<legend className="alias-form__suggestions-label">{t("availableAliases")}</legend>
					{suggestions.map((suggestion) => (
						<button
							key={suggestion}
							type="button"
							className="secondary-button alias-form__suggestion"
							aria-label={t("useAlias", { alias: suggestion })}
							onClick={() => void save(suggestion)}
						>
							{suggestion}
						</button>
					))}
				</fieldset>
			)}
			<p className="visually-hidden" aria-live="polite">
				{announced}
			</p>
			<button type="submit" aria-disabled={saving}>
				{saving ? t("saving") : t("save")}
			</button>
		</form>
	);
}
