import { type ChangeEvent, type KeyboardEvent, useId, useRef, useState } from "react";
import { appError } from "../../errors";
import { errorText } from "../../i18n/errorText";
import { t } from "../../i18n/translate";
import { MAX_TAGS_PER_LINK } from "../../links/schema";
import { checkTag, checkTags, tagKey, tidyTag } from "../../links/tags";
import type { Link } from "../../links/types";
import { type TagsSaveState, useSavedTags } from "./useSavedTags";
import { useTagSuggestions } from "./useTagSuggestions";
import "../fieldBox.css";
import "./linkTags.css";

/**
 * A link's tags to edit, in the popup right after shortening and in a row of the options page's table:
 * chips with a remove button each and a field that adds what is typed on Enter or a comma (or each part
 * of a pasted "a, b"), suggesting the user's other tags (one picked from the list is added as it is picked). Backspace in the empty field
 * takes the last chip off. Every change is saved at once. A tag that breaks a rule is explained as it is
 * typed and never sent. Focus stays in the field, and comes back to it when a chip's button (which goes
 * with its chip) removes a tag.
 */
export function LinkTags({ link }: { link: Link }) {
	const { tags, state, change, typing } = useSavedTags(link);
	const known = useTagSuggestions();
	const [draft, setDraft] = useState("");
	// What a screen reader hears unasked: why an add was refused, not each keystroke's check.
	const [announced, setAnnounced] = useState("");
	const field = useRef<HTMLInputElement>(null);
	const inputId = useId();
	const labelId = useId();
	const messageId = useId();
	const suggestionsId = useId();

	const full = tags.length >= MAX_TAGS_PER_LINK;
	const typed = tidyTag(draft) === "" ? null : checkTag(draft);
	const typingProblem = typed && !typed.ok ? errorText(typed.error) : null;
	const message = typingProblem ?? (full ? errorText(appError("too-many-tags")) : null);
	// At the limit the message is a note until the user types an eleventh tag.
	const messageIsError = typingProblem !== null || (full && typed !== null);
	const onLink = new Set(tags.map(tagKey));
	const suggestions = known.filter((tag) => !onLink.has(tagKey(tag)));

	/** Adds `parts` in order up to the first one refused, which stays in the field with the rest. */
	function add(parts: string[]) {
		let next = tags;
		let index = 0;
		for (; index < parts.length; index++) {
			if (tidyTag(parts[index] ?? "") === "") continue;
			const checked = checkTags([...next, parts[index] ?? ""]);
			if (!checked.ok) {
				setAnnounced(errorText(checked.error));
				break;
			}
			next = checked.value;
		}
		setDraft(parts.slice(index).join(","));
		// A tag the link has already, in any spelling, changes nothing and is not sent.
		if (next.length !== tags.length) void change(next);
	}

	function remove(index: number) {
		void change(tags.filter((_, at) => at !== index));
		field.current?.focus();
	}

	function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
		if (event.key === "Enter" || event.key === ",") {
			event.preventDefault();
			add([draft]);
		} else if (event.key === "Backspace" && !event.repeat && draft === "" && tags.length > 0) {
			// A fresh press only: Backspace held to clear the typed text would go on through every tag, each saved.
			event.preventDefault();
			remove(tags.length - 1);
		}
	}

	function onChange(event: ChangeEvent<HTMLInputElement>) {
		const value = event.target.value;
		setAnnounced("");
		// Left up, the last save's "Saved." would read as the typed tag's, beside a refusal of it too.
		typing();
		// A suggestion picked from the list is a tag chosen, not a start of one: it is added at once.
		const picked =
			(event.nativeEvent as InputEvent).inputType === "insertReplacementText" && suggestions.includes(value);
		// Typed commas never get here (onKeyDown takes them): this is a paste of several tags.
		if (picked || value.includes(",")) add(value.split(","));
		else setDraft(value);
	}

	return (
		<div className="link-tags">
			<div className="link-tags__box field-box">
				<label id={labelId} className="link-tags__label" htmlFor={inputId}>
					{t("tags")}
				</label>
				{tags.length > 0 && (
					<ul className="link-tags__chips" aria-label={t("tagsOfLink")}>
						{tags.map((tag, index) => (
							<li key={tagKey(tag)} className="tag-chip">
								<span className="tag-chip__name" title={tag}>
									{tag}
								</span>
								<button
									type="button"
									className="tag-chip__remove"
									aria-label={t("removeTag", { tag })}
									onClick={() => remove(index)}
								>
									×
								</button>
							</li>
						))}
					</ul>
				)}
				<input
					ref={field}
					id={inputId}
					className="link-tags__input field-box__input"
					value={draft}
					placeholder={full ? undefined : t("addTag")}
					list={suggestionsId}
					autoComplete="off"
					spellCheck={false}
					enterKeyHint="enter"
					aria-invalid={messageIsError}
					aria-describedby={messageId}
					onChange={onChange}
					onKeyDown={onKeyDown}
				/>
				<datalist id={suggestionsId}>
					{suggestions.map((tag) => (
						<option key={tagKey(tag)} value={tag} />
					))}
				</datalist>
				{/* Named, so "Saved." is heard as the tags' and a test can tell it from the link's "Copied". */}
				<p role="status" aria-labelledby={labelId} className={`link-tags__status link-tags__status--${state.kind}`}>
					{statusText(state)}
				</p>
			</div>
			<p id={messageId} className={`link-tags__message${messageIsError ? " link-tags__message--error" : ""}`}>
				{message}
			</p>
			<p className="visually-hidden" aria-live="polite">
				{announced}
			</p>
		</div>
	);
}

function statusText(state: TagsSaveState): string {
	switch (state.kind) {
		case "idle":
			return "";
		case "saving":
			return t("saving");
		case "saved":
			return t("saved");
		case "failed":
			return t("notSaved", { error: state.why });
	}
}
