import { useEffect, useId, useRef, useState } from "react";
import { errorText } from "../src/i18n/errorText";
import { formatNumber, t, tPlural } from "../src/i18n/translate";
import { checkTag, type TagCount, tagKey } from "../src/links/tags";
import { useBackground } from "../src/ui/BackgroundContext";

export interface TagsPanelProps {
	tags: readonly TagCount[];
	/** Says in a toast what a rename or delete did. */
	inform: (text: string) => void;
	/** A tag renamed (`to` its new name) or deleted (`to` empty), so a list filtered by it can follow. */
	onRetagged: (from: string, to: string) => void;
}

type Action = { tag: string; kind: "rename" | "delete" };

/**
 * The user's tags with how many links have each, folded away until asked for: each can be renamed or
 * deleted across all its links at once. Both are one request the worker applies to every link; the
 * toast says how many changed, and the list and table follow from the links-changed that comes after.
 */
export function TagsPanel({ tags, inform, onRetagged }: TagsPanelProps) {
	const [action, setAction] = useState<Action | null>(null);
	const list = useRef<HTMLUListElement>(null);

	// A cancel goes back to the button it came from, after the render that shows it again.
	const returnTo = useRef<Action | null>(null);
	useEffect(() => {
		const back = returnTo.current;
		returnTo.current = null;
		if (!back) return;
		// Matched by the data, not in a selector, so no tag needs escaping.
		const buttons = list.current?.querySelectorAll<HTMLElement>(`[data-action="${back.kind}"]`) ?? [];
		[...buttons].find((button) => button.dataset.tag === tagKey(back.tag))?.focus();
	});

	function close(tag: string, kind: Action["kind"]) {
		returnTo.current = { tag, kind };
		setAction(null);
	}

	return (
		<details className="tags-panel">
			<summary>{t("manageTags")}</summary>
			{tags.length === 0 ? (
				<p className="tags-panel__empty">{t("noTagsYet")}</p>
			) : (
				<ul ref={list} className="tags-panel__list">
					{tags.map(({ tag, count }) => (
						<li key={tagKey(tag)} className="tags-panel__item">
							{action?.tag === tag && action.kind === "rename" ? (
								<RenameTagForm
									tag={tag}
									close={() => close(tag, "rename")}
									renamed={(to, changed) => {
										setAction(null);
										inform(tPlural("tagRenamed", changed, { from: tag, to, count: formatNumber(changed) }));
										onRetagged(tag, to);
									}}
								/>
							) : action?.tag === tag && action.kind === "delete" ? (
								<ConfirmTagDelete
									tag={tag}
									count={count}
									close={() => close(tag, "delete")}
									deleted={(changed) => {
										setAction(null);
										inform(tPlural("tagDeleted", changed, { tag, count: formatNumber(changed) }));
										onRetagged(tag, "");
									}}
								/>
							) : (
								<>
									<span className="tags-panel__name">{tag}</span>
									<span className="tags-panel__count">
										{tPlural("linkCount", count, { count: formatNumber(count) })}
									</span>
									<button
										type="button"
										className="secondary-button"
										data-tag={tagKey(tag)}
										data-action="rename"
										aria-label={t("renameTagOf", { tag })}
										onClick={() => setAction({ tag, kind: "rename" })}
									>
										{t("rename")}
									</button>
									<button
										type="button"
										className="secondary-button"
										data-tag={tagKey(tag)}
										data-action="delete"
										aria-label={t("deleteTagOf", { tag })}
										onClick={() => setAction({ tag, kind: "delete" })}
									>
										{t("delete")}
									</button>
								</>
							)}
						</li>
					))}
				</ul>
			)}
		</details>
	);
}

interface RenameTagFormProps {
	tag: string;
	close: () => void;
	renamed: (to: string, changed: number) => void;
}

/** The new name, checked as it is typed; Enter renames, Escape cancels. A refused name changes nothing. */
function RenameTagForm({ tag, close, renamed }: RenameTagFormProps) {
	const call = useBackground();
	const [value, setValue] = useState(tag);
	const [failed, setFailed] = useState<string | null>(null);
	const [saving, setSaving] = useState(false);
	const input = useRef<HTMLInputElement>(null);
	const errorId = useId();
	const checked = checkTag(value);
	const error = checked.ok ? failed : errorText(checked.error);

	useEffect(() => {
		input.current?.select();
	}, []);

	async function submit() {
		if (!checked.ok || saving) return;
		if (checked.value === tag) return close();
		setSaving(true);
		const reply = await call({ type: "renameTag", from: tag, to: checked.value });
		setSaving(false);
		if (!reply.ok) return setFailed(errorText(reply.error));
		renamed(checked.value, reply.data.changed);
	}

	return (
		<form
			className="tags-panel__form"
			aria-busy={saving}
			onSubmit={(event) => {
				event.preventDefault();
				void submit();
			}}
			onKeyDown={(event) => {
				if (event.key !== "Escape") return;
				event.stopPropagation();
				close();
			}}
		>
			<input
				ref={input}
				aria-label={t("newTagName", { tag })}
				aria-invalid={error !== null}
				aria-describedby={error ? errorId : undefined}
				spellCheck={false}
				autoComplete="off"
				value={value}
				readOnly={saving}
				onChange={(event) => {
					setValue(event.target.value);
					setFailed(null);
				}}
			/>
			<button type="submit" aria-disabled={saving || !checked.ok}>
				{saving ? t("saving") : t("save")}
			</button>
			<button type="button" className="secondary-button" onClick={close}>
				{t("cancel")}
			</button>
			{error && (
				<p id={errorId} className="tags-panel__error" role="alert">
					{error}
				</p>
			)}
		</form>
	);
}

interface ConfirmTagDeleteProps {
	tag: string;
	count: number;
	close: () => void;
	deleted: (changed: number) => void;
}

/** Asks before taking a tag off all its links, with Cancel focused: the safe answer is the nearest. */
function ConfirmTagDelete({ tag, count, close, deleted }: ConfirmTagDeleteProps) {
	const call = useBackground();
	const [failed, setFailed] = useState<string | null>(null);
	const [deleting, setDeleting] = useState(false);
	const cancel = useRef<HTMLButtonElement>(null);

	useEffect(() => {
		cancel.current?.focus();
	}, []);

	async function confirm() {
		if (deleting) return;
		setDeleting(true);
		const reply = await call({ type: "deleteTag", tag });
		setDeleting(false);
		if (!reply.ok) return setFailed(errorText(reply.error));
		deleted(reply.data.changed);
	}

	return (
		// biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the question cancels it, as in the forms.
		<div
			className="tags-panel__form"
			onKeyDown={(event) => {
				if (event.key !== "Escape") return;
				event.stopPropagation();
				close();
			}}
		>
			<p className="tags-panel__question">{tPlural("confirmDeleteTag", count, { tag, count: formatNumber(count) })}</p>
			<button type="button" className="danger-button" aria-disabled={deleting} onClick={() => void confirm()}>
				{t("delete")}
			</button>
			<button ref={cancel} type="button" className="secondary-button" onClick={close}>
				{t("cancel")}
			</button>
			{failed && (
				<p className="tags-panel__error" role="alert">
					{failed}
				</p>
			)}
		</div>
	);
}
