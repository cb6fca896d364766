import type { KeyboardEvent } from "react";

/**
 * The key handler of an editor open inside the page: Escape closes it, and belongs to it, not to the
 * search box or a toast further out.
 */
export function escapeCloses(close: () => void) {
	return (event: KeyboardEvent) => {
		if (event.key !== "Escape") return;
		event.stopPropagation();
		close();
	};
}
