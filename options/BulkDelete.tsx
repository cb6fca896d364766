import { useEffect, useRef, useState } from "react";
import { countOf, formatCount } from "./counting";

export interface BulkDeleteProps {
	count: number;
	onDelete: () => void;
	onClear: () => void;
}

/**
 * What to do with the selected links. Deleting asks first, naming the count; the question takes focus on
 * its least destructive answer, and Escape or Cancel puts focus back where it was.
 */
export function BulkDelete({ count, onDelete, onClear }: BulkDeleteProps) {
	const [confirming, setConfirming] = useState(false);
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

	if (confirming) {
		return (
			<div
				className="bulk-delete bulk-delete--confirming"
				role="alertdialog"
				aria-labelledby="bulk-delete-question"
				onKeyDown={(event) => {
					if (event.key === "Escape") cancel();
				}}
			>
				<p id="bulk-delete-question">Delete {countOf(count, "link")}? You can undo it for a few seconds.</p>
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
