import { useCallback, useEffect, useId, useRef, useState } from "react";

type CopyStatus = "idle" | "copied" | "failed";

export const COPY_FAILED_MESSAGE = "Could not copy. The link is selected: press Ctrl+C (⌘C on a Mac) to copy it.";

const statusText: Record<CopyStatus, string> = { idle: "", copied: "Copied", failed: COPY_FAILED_MESSAGE };

export interface CopyFieldProps {
	label: string;
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
}

/**
 * A read-only value with a Copy button; Enter in the field copies too. The status line stays mounted,
 * because screen readers announce changes to an existing live region but may miss one inserted filled.
 */
export function CopyField({ label, value, copy, autoCopy = false, focusOnMount = false, copyName }: CopyFieldProps) {
	const id = useId();
	const input = useRef<HTMLInputElement>(null);
	const [status, setStatus] = useState<CopyStatus>("idle");
	const autoCopied = useRef<string | null>(null);

	const copyValue = useCallback(async () => {
		// Cleared first, so a second "Copied" is a change the screen reader announces again.
		setStatus("idle");
		try {
			await copy(value);
			setStatus("copied");
		} catch {
			setStatus("failed");
			// Selected and focused, the link is one Ctrl+C away.
			input.current?.focus();
			input.current?.select();
		}
	}, [copy, value]);

	useEffect(() => {
		const focusIsFree = document.activeElement === null || document.activeElement === document.body;
		if (focusOnMount && focusIsFree) input.current?.focus();
	}, [focusOnMount]);

	useEffect(() => {
		if (!autoCopy || autoCopied.current === value) return;
		autoCopied.current = value;
		void copyValue();
	}, [autoCopy, value, copyValue]);

	return (
		<div className="copy-field">
			<label className="copy-field__label" htmlFor={id}>
				{label}
			</label>
			<input
				ref={input}
				id={id}
				className="copy-field__input"
				readOnly
				value={value}
				spellCheck={false}
				onFocus={(event) => event.currentTarget.select()}
				onKeyDown={(event) => {
					if (event.key === "Enter") void copyValue();
				}}
			/>
			<div className="copy-field__actions">
				<p role="status" className={`copy-field__status copy-field__status--${status}`}>
					{statusText[status]}
				</p>
				<button type="button" className="copy-field__button" aria-label={copyName} onClick={() => void copyValue()}>
					Copy
				</button>
			</div>
		</div>
	);
}
