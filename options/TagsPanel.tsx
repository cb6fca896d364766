import { type ReactNode, useEffect, useRef, useState } from "react";
import { errorText } from "../src/i18n/errorText";
import { formatNumber, t, tPlural } from "../src/i18n/translate";
import { checkTag, type TagCount, tagKey } from "../src/links/tags";
import { useBackground } from "../src/ui/BackgroundContext";
import { escapeCloses } from "../src/ui/escapeCloses";
import { DeleteIcon, EditIcon } from "../src/ui/icons";
import { IconAction } from "./IconAction";
import { InlineEditor } from "./InlineEditor";

export interface TagsPanelProps {
	tags: readonly TagCount[];
	/** Says in a toast what a rename or delete did. */
	inform: (text: string) => void;
	/** A tag renamed (`to` its new name) or deleted (`to` empty), so a list filtered by it can follow. */
	onRetagged: (from: string, to: string) => void;
}

const ACTIONS = ["rename", "delete"] as const;
type Action = { tag: string; kind: (typeof ACTIONS)[number] };

/**
 * Where focus goes next: a button of a tag's row, or, with no tag left, the panel's summary. `meanwhile`
 * holds it until `to` is listed: a renamed tag's new row comes with the list's reload after the rename.
 */
type FocusTarget = { to: Action; meanwhile?: Action } | "summary";

/**
 * Each action's button: the icon a link's row uses for the same act, its word on hover, and its whole name
 * with the tag for screen readers. Icons, as in the table, so a long list is not a column of buttons.
 */
const ACTION_BUTTONS: Record<
	Action["kind"],
	{ icon: ReactNode; label: () => string; of: (tag: string) => string; danger: boolean }
> = {
	rename: { icon: <EditIcon />, label: () => t("rename"), of: (tag) => t("renameTagOf", { tag }), danger: false },
	delete: { icon: <DeleteIcon />, label: () => t("delete"), of: (tag) => t("deleteTagOf", { tag }), danger: true },
};

/**
 * The user's tags with how many links have each, folded away until asked for: each can be renamed or
 * deleted across all its links at once. Both are one request the worker applies to every link; the
 * toast says how many changed, and the list and table follow from the links-changed that comes after.
 */
export function TagsPanel({ tags, inform, onRetagged }: TagsPanelProps) {
	const [action, setAction] = useState<Action | null>(null);
	const panel = useRef<HTMLDetailsElement>(null);
	const list = useRef<HTMLUListElement>(null);
	const summary = useRef<HTMLElement>(null);

	// Focus follows what happened, after the render that shows its place: a cancel goes back to its button, a
	// renamed tag's Rename to its new name, a deleted tag's to its neighbour's Rename (or the summary). Never
	// taken from outside the panel: the user may have moved on while the list reloaded.
	const focusNext = useRef<FocusTarget | null>(null);
	// A rename or delete is on its way: the list's reload, which its links-changed starts, may take the row
	// and its form before the reply comes. Focus then waits on the summary rather than falling to the page
	// (where the links section would hand it to the search box) until the reply says where it goes. Apart
	// from focusNext, which the user's key or pointer clears: a second click on Delete must not drop it.
	const requestOut = useRef(false);
	useEffect(() => {
		const next = focusNext.current;
		const active = document.activeElement;
		if (requestOut.current) {
			if (active === document.body) summary.current?.focus();
			return;
		}
		if (!next || (active !== document.body && !panel.current?.contains(active))) return;
		if (next === "summary") {
			focusNext.current = null;
			summary.current?.focus();
			return;
		}
		const button = buttonOf(next.to);
		if (button) focusNext.current = null;
		(button ?? (next.meanwhile && buttonOf(next.meanwhile)))?.focus();
	});

	/** The button of `action`'s kind in its tag's row; the row matched by the data, not in a selector, so no tag needs escaping. */
	function buttonOf({ tag, kind }: Action): HTMLElement | undefined {
		const rows = list.current?.querySelectorAll<HTMLElement>("li[data-tag]") ?? [];
		const row = [...rows].find((item) => item.dataset.tag === tagKey(tag));
		return row?.querySelector<HTMLElement>(`[data-action="${kind}"]`) ?? undefined;
	}

	function forgetFocus() {
		focusNext.current = null;
	}

	/** A request of the panel's is out (true), or has its reply (false). */
	function holdFocus(held: boolean) {
		requestOut.current = held;
	}

	function close(tag: string, kind: Action["kind"]) {
		focusNext.current ??= { to: { tag, kind } };
		setAction(null);
	}

	/** The tag listed after `tag`, else the one before it: where focus goes once `tag` is gone. */
	function neighbourOf(tag: string): string | undefined {
		const at = tags.findIndex((listed) => listed.tag === tag);
		return (tags[at + 1] ?? tags[at - 1])?.tag;
	}

	return (
		// The user's own key or pointer in the panel drops a pending move: focus goes where they take it. In the
		// capture phase, before a cancel's Escape or a button sets the next one.
		<details ref={panel} className="tags-panel" onKeyDownCapture={forgetFocus} onPointerDownCapture={forgetFocus}>
			<summary ref={summary}>{t("manageTags")}</summary>
			{tags.length === 0 ? (
				<p className="tags-panel__empty">{t("noTagsYet")}</p>
			) : (
				<ul ref={list} className="tags-panel__list">
					{tags.map(({ tag, count }) => (
						<li key={tagKey(tag)} className="tags-panel__item" data-tag={tagKey(tag)}>
							{action?.tag === tag && action.kind === "rename" ? (
								<RenameTagForm
									tag={tag}
									holdFocus={holdFocus}
									close={() => close(tag, "rename")}
									renamed={(to, changed) => {
										focusNext.current = { to: { tag: to, kind: "rename" }, meanwhile: { tag, kind: "rename" } };
										inform(tPlural("tagRenamed", changed, { from: tag, to, count: formatNumber(changed) }));
										onRetagged(tag, to);
									}}
								/>
							) : action?.tag === tag && action.kind === "delete" ? (
								<ConfirmTagDelete
									tag={tag}
									count={count}
									holdFocus={holdFocus}
									close={() => close(tag, "delete")}
									deleted={(changed) => {
										const neighbour = neighbourOf(tag);
										focusNext.current =
											neighbour === undefined ? "summary" : { to: { tag: neighbour, kind: "rename" } };
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
									<span className="tags-panel__actions">
										{ACTIONS.map((kind) => {
											const button = ACTION_BUTTONS[kind];
											return (
												<IconAction
													key={kind}
													action={kind}
													name={button.of(tag)}
													title={button.label()}
													danger={button.danger}
													onClick={() => setAction({ tag, kind })}
												>
													{button.icon}
												</IconAction>
											);
										})}
									</span>
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
	holdFocus: (held: boolean) => void;
	close: () => void;
	renamed: (to: string, changed: number) => void;
}

/** The new name, checked with checkTag before it is sent; Enter renames, Escape cancels. */
function RenameTagForm({ tag, holdFocus, close, renamed }: RenameTagFormProps) {
	const call = useBackground();
	return (
		<InlineEditor
			value={tag}
			label={t("newTagName", { tag })}
			check={checkTag}
			save={async (to) => {
				holdFocus(true);
				const reply = await call({ type: "renameTag", from: tag, to });
				holdFocus(false);
				if (!reply.ok) return reply.error;
				renamed(to, reply.data.changed);
				return null;
			}}
			close={close}
		/>
	);
}

interface ConfirmTagDeleteProps {
	tag: string;
	count: number;
	holdFocus: (held: boolean) => void;
	close: () => void;
	deleted: (changed: number) => void;
}

/** Asks before taking a tag off all its links, with Cancel focused: the safe answer is the nearest. */
function ConfirmTagDelete({ tag, count, holdFocus, close, deleted }: ConfirmTagDeleteProps) {
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
		holdFocus(true);
		const reply = await call({ type: "deleteTag", tag });
		holdFocus(false);
		setDeleting(false);
		if (!reply.ok) return setFailed(errorText(reply.error));
		// `deleted` is this render's, whose tags still list the tag, even if the reload has taken its row since.
		deleted(reply.data.changed);
	}

	return (
		// biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the question cancels it, as in the forms.
		<div className="tags-panel__form" onKeyDown={escapeCloses(close)}>
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
