import * as Popover from "@radix-ui/react-popover";
import { type FormEvent, useId, useRef, useState } from "react";
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
 * `focusAfterSave` puts it instead (the new link, ready for Enter or Ctrl+C).
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
		<Popover.Root open={open} onOpenChange={setOpen}>
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
	const [saving, setSaving] = useState(false);
	const checked = checkAlias(alias);
	const problem = serverError ?? (edited && !checked.ok ? checked.error.message : null);

	async function save(event: FormEvent) {
		event.preventDefault();
		setEdited(true);
		if (saving || !checked.ok) return;
		setSaving(true);
		const request = { type: "shorten", url: link.url, alias: checked.value } as const;
		const reply = await withTimeout(call(link.title ? { ...request, title: link.title } : request));
		setSaving(false);
		if (reply.ok) onSaved(reply.data);
		else setServerError(reply.error.message);
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
				/>
			</div>
			<p
				id={messageId}
				className={`alias-form__message${problem ? " alias-form__message--error" : ""}`}
				aria-live="polite"
			>
				{problem ?? HINT}
			</p>
			<button type="submit" aria-disabled={saving}>
				{saving ? "Saving…" : "Save"}
			</button>
		</form>
	);
}
