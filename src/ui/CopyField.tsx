import { type RefObject, useCallback, useEffect, useId, useRef, useState } from "react";
import type { MessageKey } from "../i18n/catalogue";
import { t } from "../i18n/translate";

type CopyStatus = "idle" | "copied" | "failed";

const statusText = { idle: null, copied: "copied", failed: "copyFailed" } as const satisfies Record<
	CopyStatus,
	MessageKey | null
>;

export interface CopyFieldProps {
	label: string;
	/** A short link: its site is shown quietly and its code large, always whole. */
	value: string;
	/** Puts text on the clipboard; rejects when the browser refuses. */
	copy: (text: string) => Promise<void>;
	/** Copy as soon as this is true, once per value. */
	autoCopy?: boolean;
	/**
	 * Take focus on mount, with the value selected: for a page whose whole point is this value. Not when
	 * the user has already put focus elsewhere (on anything but <body>): a late value must not steal it.
	 */
	focusOnMount?: boolean;
	/**
	 * The Copy button's accessible name where several fields share a screen, so a screen reader's list of
	 * buttons is not five times "Copy". It should start with "Copy", the word sighted users see.
	 */
	copyName?: string;
	/** Copy as a second-rank button (outlined): one link in a list, beside the page's own link and its filled Copy. */
	secondary?: boolean;
}

/** "https://sho.rt/" and "abc1234": the break between them is where a long link may wrap. */
function splitLink(value: string): [site: string, code: string] {
	const cut = value.lastIndexOf("/") + 1;
	return [value.slice(0, cut), value.slice(cut)];
}

/** Selects all of `element`'s text, as select() does in an input, so Ctrl+C takes the whole link. */
function selectAll(element: HTMLElement): void {
	const selection = window.getSelection();
	if (!selection) return;
	const range = document.createRange();
	range.selectNodeContents(element);
	selection.removeAllRanges();
	selection.addRange(range);
}

function focusAndSelect(field: RefObject<HTMLElement | null>): void {
	field.current?.focus();
	if (field.current) selectAll(field.current);
}

/**
 * A short link with a Copy button. An input cannot style part of its text or wrap, and a real short
 * link (https://shorty-links-4f2a1.web.app/AejFnGI) does not fit the popup's width, so the link is a
 * read-only textbox of its own: the site quiet, the code prominent, a line break allowed only before
 * the code. Focus selects all of it; Enter copies; Ctrl+C copies the whole link, whatever part is
 * selected or shown (a list may show the code alone). The status line stays mounted, because screen
 * readers announce changes to an existing live region but may miss one inserted filled.
 */
export function CopyField({
	label,
	value,
	copy,
	autoCopy = false,
	focusOnMount = false,
	copyName,
	secondary = false,
}: CopyFieldProps) {
	const labelId = useId();
	const field = useRef<HTMLDivElement>(null);
	const [status, setStatus] = useState<CopyStatus>("idle");
	const autoCopied = useRef<string | null>(null);
	const [site, code] = splitLink(value);

	const copyValue = useCallback(async () => {
		// Cleared first, so a second "Copied" is a change the screen reader announces again.
		setStatus("idle");
		try {
			await copy(value);
			setStatus("copied");
		} catch {
			setStatus("failed");
			// Selected and focused, the link is one Ctrl+C away.
			focusAndSelect(field);
		}
	}, [copy, value]);

	useEffect(() => {
		const focusIsFree = document.activeElement === null || document.activeElement === document.body;
		if (focusOnMount && focusIsFree) focusAndSelect(field);
	}, [focusOnMount]);

	useEffect(() => {
		if (!autoCopy || autoCopied.current === value) return;
		autoCopied.current = value;
		void copyValue();
	}, [autoCopy, value, copyValue]);

	return (
		<div className="copy-field">
			<p id={labelId} className="copy-field__label">
				{label}
			</p>
			{/* biome-ignore lint/a11y/useSemanticElements: an <input> cannot style part of its value or wrap it. */}
			<div
				ref={field}
				role="textbox"
				aria-readonly="true"
				aria-labelledby={labelId}
				tabIndex={0}
				className="copy-field__link"
				onFocus={(event) => selectAll(event.currentTarget)}
				onKeyDown={(event) => {
					if (event.key === "Enter") void copyValue();
				}}
				onCopy={(event) => {
					event.preventDefault();
					event.clipboardData.setData("text/plain", value);
				}}
			>
				<span className="copy-field__site">{site}</span>
				<wbr />
				<span className="copy-field__code">{code}</span>
			</div>
			<div className="copy-field__actions">
				<p role="status" className={`copy-field__status copy-field__status--${status}`}>
					{statusText[status] && t(statusText[status])}
				</p>
				<button
					type="button"
					className={secondary ? "copy-field__button secondary-button" : "copy-field__button"}
					aria-label={copyName}
					onClick={() => void copyValue()}
				>
					{t("copy")}
				</button>
			</div>
		</div>
	);
}
