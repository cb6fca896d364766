import { type RefObject, useEffect } from "react";

/**
 * Focuses `target` when it mounts, unless the user has put focus somewhere already: a view that arrives
 * late (a link, an error, the prompt) must not pull focus from where the user tabbed meanwhile. Focus
 * on an element that went away (the view this one replaces) falls back to <body>, so that counts as free;
 * so does focus left on one hidden in the same render (the account line, which the sign-out choice
 * replaces), which Chrome moves to <body> only at its next style update.
 */
export function useFocusOnMount(target: RefObject<HTMLElement | null>): void {
	useEffect(() => {
		if (focusIsFree()) target.current?.focus();
	}, [target]);
}

function focusIsFree(): boolean {
	const active = document.activeElement;
	return active === null || active === document.body || active.closest("[hidden]") !== null;
}
