import { type RefObject, useCallback, useEffect, useRef } from "react";

/** Finds the element to focus once the page has re-rendered, inside the area. */
export type FocusFinder = (area: HTMLElement) => HTMLElement | null | undefined;

/**
 * Keeps keyboard focus in a sensible place while rows come and go inside `area`. A finder asked for (the
 * next row's Delete after a delete, the row back after Undo) runs after the render that shows its
 * target. And whenever the element that had focus in the area disappears (a finder found nothing
 * focusable, or a reload took the row), focus goes to `fallback` rather than to the top of the document.
 * Returns the way to ask for a finder.
 */
export function useFocusAfterRender(area: RefObject<HTMLElement | null>, fallback: FocusFinder) {
	const wanted = useRef<FocusFinder | null>(null);
	const last = useRef<Element | null>(null);

	useEffect(() => {
		const node = area.current;
		if (!node) return;
		const remember = (event: FocusEvent) => {
			last.current = event.target as Element;
		};
		node.addEventListener("focusin", remember);
		return () => node.removeEventListener("focusin", remember);
	}, [area]);

	useEffect(() => {
		const node = area.current;
		const find = wanted.current;
		wanted.current = null;
		if (!node) return;
		find?.(node)?.focus();
		const dropped = document.activeElement === null || document.activeElement === document.body;
		if (dropped && (find || last.current?.isConnected === false)) fallback(node)?.focus();
	});

	return useCallback((find: FocusFinder) => {
		wanted.current = find;
	}, []);
}
