import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { countOf, formatCount } from "./counting";

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
					<span id={questionId}>Delete {countOf(count, "link")}?</span>{" "}
					<span id={detailId}>You can undo it until you move on from this page.</span>
				</p>
				<button
					type="button"
					className="danger-button"
					onClick={() => {
						setConfirming(false);
						onDelete();
					}}
				>
					Delete {countOf(count, "link")}
				</button>
				<button ref={cancelButton} type="button" className="secondary-button" onClick={cancel}>
					Cancel
				</button>
			</div>
		);
	}
	return (
		<div className="bulk-delete">
			<p>{formatCount(count)} selected</p>
			<button ref={deleteButton} type="button" className="danger-button" onClick={() => setConfirming(true)}>
				Delete selected
			</button>
			<button type="button" className="link-button" onClick={onClear}>
				Clear selection
			</button>
		</div>
	);
}
