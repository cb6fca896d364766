import { useCallback, useMemo, useRef, useState } from "react";
import type { ToastMessage } from "../src/ui/Toast";

export interface Toasts {
	toast: ToastMessage | null;
	/** Shows a toast in place of any other; returns its id. */
	show(text: string, action?: ToastMessage["action"]): number;
	/** Takes the action off toast `id`, if it is still showing: what it offered can no longer be done. */
	settle(id: number): void;
	close(toast: ToastMessage): void;
}

/** The page's one toast at a time. */
export function useToasts(): Toasts {
	const [toast, setToast] = useState<ToastMessage | null>(null);
	const ids = useRef(0);
	const show = useCallback((text: string, action?: ToastMessage["action"]) => {
		const id = ++ids.current;
		setToast({ id, text, ...(action ? { action } : {}) });
		return id;
	}, []);
	const settle = useCallback((id: number) => {
		setToast((current) => (current?.id === id ? { id, text: current.text } : current));
	}, []);
	const close = useCallback((closed: ToastMessage) => {
		setToast((current) => (current?.id === closed.id ? null : current));
	}, []);
	return useMemo(() => ({ toast, show, settle, close }), [toast, show, settle, close]);
}
