import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { t, tPlural } from "../src/i18n/translate";

export interface BulkDeleteProps {
	count: number;
	onDelete: () => void;
	onClear: () => void;
}

/**
 * What to do with the selected links. Deleting asks first, naming the count; the question takes focus on
 * its least destructive answer and keeps Tab between its answers until one is chosen, and Escape or Cancel
 * puts focus back where it was.
 */
export function BulkDelete({ count, onDelete, onClear }: BulkDeleteProps) {
	const [confirming, setConfirming] = useState(false);
	const questionId = useId();
	const detailId = useId();
	const cancelButton = useRef<HTMLButtonElement>(null);
	const deleteButton = useRef<HTMLButtonElement>(null);
	const returnFocus = useRef(false);

	useEffect(() => {
		if (confirming) cancelButton.current?.focus();
		else if (returnFocus.current) deleteButton.current?.focus();
		returnFocus.current = false;
	}, [confirming]);

	function cancel() {
		returnFocus.current = true;
		setConfirming(false);
	}

	function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
		if (event.key === "Escape") return cancel();
		if (event.key !== "Tab") return;
		// Two answers, so Tab and Shift+Tab both go to the other one.
		const buttons = [...event.currentTarget.querySelectorAll("button")];
		const other = buttons.find((button) => button !== document.activeElement);
		event.preventDefault();
		other?.focus();
	}

	if (confirming) {
		return (
			<div
				className="bulk-delete bulk-delete--confirming"
				role="alertdialog"
				aria-labelledby={questionId}
				aria-describedby={detailId}
				onKeyDown={onKeyDown}
			>
				<p>
					<span id={questionId}>{tPlural("deleteLinksQuestion", count, { count })}</span>{" "}
					<span id={detailId}>{t("undoUntilMoveOn")}</span>
				</p>
				<button
					type="button"
					className="danger-button"
					onClick={() => {
						setConfirming(false);
						onDelete();
					}}
				>
					{tPlural("deleteLinks", count, { count })}
				</button>
				<button ref={cancelButton} type="button" className="secondary-button" onClick={cancel}>
					{t("cancel")}
				</button>
			</div>
		);
	}
	return (
		<div className="bulk-delete">
			<p>{tPlural("selectedCount", count, { count })}</p>
			<button ref={deleteButton} type="button" className="danger-button" onClick={() => setConfirming(true)}>
				{t("deleteSelected")}
			</button>
			<button type="button" className="link-button" onClick={onClear}>
				{t("clearSelection")}
			</button>
		</div>
	);
}
