import { useEffect, useRef, useState } from "react";

export interface ToastMessage {
	/** A new id is a new toast: its timer starts afresh even when the text repeats. */
	id: number;
	text: string;
	/** One action, such as Undo. */
	action?: { label: string; run: () => void };
}

export interface ToastRegionProps {
	toast: ToastMessage | null;
	/** Called once per toast: on time out, on Dismiss or after its action. */
	onClose: (toast: ToastMessage) => void;
	/** How long a toast stays, in milliseconds, not counting time with the pointer or focus on it. */
	duration?: number;
}

/**
 * Short notices at the bottom of the page, one at a time. The live region stays mounted and only its
 * content changes, so screen readers announce each toast. The timer stops while the pointer or keyboard
 * focus is on the toast (WCAG 2.2.1: nobody loses an Undo while reaching for it).
 */
export function ToastRegion({ toast, onClose, duration = 6000 }: ToastRegionProps) {
	const [held, setHeld] = useState({ pointer: false, focus: false });
	const onCloseRef = useRef(onClose);
	onCloseRef.current = onClose;
	const paused = held.pointer || held.focus;

	useEffect(() => {
		if (!toast || paused) return;
		const timer = setTimeout(() => onCloseRef.current(toast), duration);
		return () => clearTimeout(timer);
	}, [toast, paused, duration]);

	return (
		<div
			className="toast-region"
			role="status"
			onPointerEnter={() => setHeld((was) => ({ ...was, pointer: true }))}
			onPointerLeave={() => setHeld((was) => ({ ...was, pointer: false }))}
			onFocus={() => setHeld((was) => ({ ...was, focus: true }))}
			onBlur={(event) => {
				if (!event.currentTarget.contains(event.relatedTarget)) setHeld((was) => ({ ...was, focus: false }));
			}}
		>
			{toast && (
				<div className="toast" key={toast.id}>
					<span className="toast__text">{toast.text}</span>
					{toast.action && (
						<button
							type="button"
							className="toast__action"
							onClick={() => {
								toast.action?.run();
								onClose(toast);
							}}
						>
							{toast.action.label}
						</button>
					)}
					<button type="button" className="toast__dismiss" aria-label="Dismiss" onClick={() => onClose(toast)}>
						×
					</button>
				</div>
			)}
		</div>
	);
}
