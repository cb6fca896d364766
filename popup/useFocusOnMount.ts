import { type RefObject, useEffect } from "react";

/**
 * Focuses `target` when it mounts, unless the user has put focus somewhere already: a view that arrives
 * late (a link, an error, the prompt) must not pull focus from where the user tabbed meanwhile. Focus
 * on an element that went away (the view this one replaces) falls back to <body>, so that counts as free.
 */
export function useFocusOnMount(target: RefObject<HTMLElement | null>): void {
	useEffect(() => {
		if (focusIsFree()) target.current?.focus();
	}, [target]);
}

function focusIsFree(): boolean {
	return document.activeElement === null || document.activeElement === document.body;
}
