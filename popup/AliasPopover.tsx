import * as Popover from "@radix-ui/react-popover";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { checkAlias } from "../src/links/codes";
import type { Link } from "../src/links/types";
import { useBackground } from "../src/ui/BackgroundContext";
import { withTimeout } from "../src/ui/withTimeout";
import { usePopupEnvironment } from "./environment";

const HINT = "3 to 64 letters, digits, hyphens or underscores.";

/**
 * "Custom alias": a popover to give `link`'s page a chosen code. The alias is a second link to the same
 * page (an alias never replaces the generated one), handed to `onSaved` once the background has made it.
 * Radix closes it on Escape and returns focus to the button; after a save, focus goes wherever
 * `focusAfterSave` puts it instead (the new link, ready for Enter or Ctrl+C). Closing while a save is out
 * drops its answer: the user walked away from it, so it neither replaces the link nor takes the clipboard.
 */
export function AliasPopover({
	link,
	onSaved,
	focusAfterSave,
	defaultOpen = false,
}: {
	link: Link;
	onSaved: (link: Link) => void;
	focusAfterSave: () => void;
	/** Open on mount: the popover loads on the button's first click, which should open it at once. */
	defaultOpen?: boolean;
}) {
	const [open, setOpen] = useState(defaultOpen);
	const saved = useRef(false);
	return (
		<Popover.Root
			open={open}
			onOpenChange={(next) => {
				// Each opening starts unsaved, so only a save made in it sends focus to the link on closing.
				if (next) saved.current = false;
				setOpen(next);
			}}
		>
			<Popover.Trigger asChild>
				<button type="button" className="secondary-button">
					Custom alias
				</button>
			</Popover.Trigger>
			<Popover.Portal>
				<Popover.Content
					className="alias-popover"
					side="bottom"
					align="start"
					sideOffset={6}
					onCloseAutoFocus={(event) => {
						if (!saved.current) return;
						saved.current = false;
						event.preventDefault();
						focusAfterSave();
					}}
				>
					<AliasForm
						link={link}
						onSaved={(made) => {
							saved.current = true;
							setOpen(false);
							onSaved(made);
						}}
					/>
				</Popover.Content>
			</Popover.Portal>
		</Popover.Root>
	);
}

/** Mounted only while the popover is open, so every opening starts from an empty field. */
function AliasForm({ link, onSaved }: { link: Link; onSaved: (link: Link) => void }) {
	const call = useBackground();
	const { shortLinkBase } = usePopupEnvironment();
	const inputId = useId();
	const messageId = useId();
	const [alias, setAlias] = useState("");
	// Nothing is wrong with a field nobody has typed in yet; from the first keystroke it is checked live.
	const [edited, setEdited] = useState(false);
	const [serverError, setServerError] = useState<string | null>(null);
	// What a screen reader hears unasked: the problem on leaving the field or saving, not per keystroke.
	const [announced, setAnnounced] = useState("");
	const [saving, setSaving] = useState(false);
	const mounted = useRef(true);
	useEffect(() => {
		mounted.current = true;
		return () => {
			mounted.current = false;
		};
	}, []);
	const checked = checkAlias(alias);
	const problem = serverError ?? (edited && !checked.ok ? checked.error.message : null);

	async function save(event: FormEvent) {
		event.preventDefault();
		setEdited(true);
		if (!checked.ok) setAnnounced(checked.error.message);
		if (saving || !checked.ok) return;
		setSaving(true);
		const request = { type: "shorten", url: link.url, alias: checked.value } as const;
		const reply = await withTimeout(call(link.title ? { ...request, title: link.title } : request));
		// Closed meanwhile (Escape, a click outside): the answer is for a form that is gone.
		if (!mounted.current) return;
		setSaving(false);
		if (reply.ok) return onSaved(reply.data);
		setServerError(reply.error.message);
		setAnnounced(reply.error.message);
	}

	return (
		<form className="alias-form" onSubmit={save} noValidate>
			<Popover.Title className="alias-form__title">Custom alias</Popover.Title>
			<label className="alias-form__label" htmlFor={inputId}>
				Alias
			</label>
			<div className="alias-form__row">
				<span className="alias-form__base" aria-hidden="true">
					{shortLinkBase.replace(/^https?:\/\//, "")}
				</span>
				<input
					id={inputId}
					className="alias-form__input"
					value={alias}
					autoComplete="off"
					spellCheck={false}
					aria-invalid={problem !== null}
					aria-describedby={messageId}
					onChange={(event) => {
						setAlias(event.target.value);
						setEdited(true);
						setServerError(null);
					}}
					onBlur={() => setAnnounced(edited ? (problem ?? "") : "")}
				/>
			</div>
			<p id={messageId} className={`alias-form__message${problem ? " alias-form__message--error" : ""}`}>
				{problem ?? HINT}
			</p>
			<p className="visually-hidden" aria-live="polite">
				{announced}
			</p>
			<button type="submit" aria-disabled={saving}>
				{saving ? "Saving…" : "Save"}
			</button>
		</form>
	);
}
