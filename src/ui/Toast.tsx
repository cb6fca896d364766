import { useEffect, useRef, useState } from "react";
import { t } from "../i18n/translate";

export interface ToastMessage {
	/** A new id is a new toast: its timer starts afresh even when the text repeats. */
	id: number;
	text: string;
	/** One action, such as Undo. A toast with an action never closes by itself. */
	action?: { label: string; run: () => void };
}

export interface ToastRegionProps {
	toast: ToastMessage | null;
	/** Called once per toast: on time out (toasts without an action), on Dismiss or after its action. */
	onClose: (toast: ToastMessage) => void;
	/** How long a plain notice stays, in milliseconds, not counting time with the pointer or focus on it. */
	duration?: number;
}

/**
 * Short notices at the bottom of the page, one at a time. The live region stays mounted and only its
 * content changes, so screen readers announce each toast. A toast with an action (Undo) stays until it is
 * dismissed or the page replaces it: a timer would take the action from someone still tabbing or reading
 * their way to it, which WCAG 2.2.1 (Timing Adjustable) rules out. Plain notices close after `duration`,
 * paused while the pointer or keyboard focus is on them. Dismiss returns focus to where it came from.
 */
export function ToastRegion({ toast, onClose, duration = 6000 }: ToastRegionProps) {
	const [held, setHeld] = useState({ pointer: false, focus: false });
	const onCloseRef = useRef(onClose);
	onCloseRef.current = onClose;
	// Where keyboard focus was before it came into the toasts: Dismiss sends it back there, rather than to
	// the top of the page with the toast gone. (Undo's action puts it where its undo leaves things.)
	const cameFrom = useRef<HTMLElement | null>(null);
	const paused = held.pointer || held.focus;

	useEffect(() => {
		if (!toast || toast.action || paused) return;
		const timer = setTimeout(() => onCloseRef.current(toast), duration);
		return () => clearTimeout(timer);
	}, [toast, paused, duration]);

	return (
		<div
			className="toast-region"
			role="status"
			onPointerEnter={() => setHeld((was) => ({ ...was, pointer: true }))}
			onPointerLeave={() => setHeld((was) => ({ ...was, pointer: false }))}
			onFocus={(event) => {
				if (!event.currentTarget.contains(event.relatedTarget)) {
					cameFrom.current = event.relatedTarget instanceof HTMLElement ? event.relatedTarget : null;
				}
				setHeld((was) => ({ ...was, focus: true }));
			}}
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
					<button
						type="button"
						className="toast__dismiss"
						aria-label={t("dismiss")}
						onClick={() => {
							if (cameFrom.current?.isConnected) cameFrom.current.focus();
							onClose(toast);
						}}
					>
						×
					</button>
				</div>
			)}
		</div>
	);
}
