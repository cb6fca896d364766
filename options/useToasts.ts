import { useCallback, useMemo, useRef, useState } from "react";
import type { ToastMessage } from "../src/ui/Toast";

export interface Toasts {
	toast: ToastMessage | null;
	/**
	 * Shows a toast in place of any other; returns its id. A notice (no action) shown over a toast whose action
	 * still stands keeps that one behind it, to come back when the notice closes.
	 */
	show(text: string, action?: ToastMessage["action"]): number;
	/** Takes the action off toast `id`, if it is still showing or behind: what it offered can no longer be done. */
	settle(id: number): void;
	/** Closes `toast`; returns whether a toast behind it comes back, its action still standing. */
	close(toast: ToastMessage): boolean;
}

interface Shown {
	toast: ToastMessage | null;
	/** A toast with an action that a notice covers for now. */
	behind: ToastMessage | null;
}

/**
 * The page's one toast at a time. A notice that comes while an Undo is offered (a delete before it failed)
 * does not take that Undo away: it comes back once the notice closes.
 */
export function useToasts(): Toasts {
	const [shown, setShown] = useState<Shown>({ toast: null, behind: null });
	// The same as `shown`, for close() to answer at once: a state update's result comes only with the next render.
	const latest = useRef(shown);
	const update = useCallback((next: (now: Shown) => Shown) => {
		latest.current = next(latest.current);
		setShown(latest.current);
	}, []);
	const ids = useRef(0);
	const show = useCallback(
		(text: string, action?: ToastMessage["action"]) => {
			const id = ++ids.current;
			update(({ toast, behind }) => ({
				toast: { id, text, ...(action ? { action } : {}) },
				behind: action ? null : toast?.action ? toast : behind,
			}));
			return id;
		},
		[update],
	);
	const settle = useCallback(
		(id: number) => {
			update(({ toast, behind }) => ({
				toast: toast?.id === id ? { id, text: toast.text } : toast,
				behind: behind?.id === id ? null : behind,
			}));
		},
		[update],
	);
	const close = useCallback(
		(closed: ToastMessage) => {
			const { toast, behind } = latest.current;
			if (toast?.id !== closed.id) return false;
			update(() => ({ toast: behind, behind: null }));
			return behind !== null;
		},
		[update],
	);
	return useMemo(() => ({ toast: shown.toast, show, settle, close }), [shown.toast, show, settle, close]);
}
