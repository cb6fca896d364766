import { t, tPlural } from "../src/i18n/translate";
import type { Link } from "../src/links/types";
import { displayUrl } from "../src/ui/displayUrl";
import type { FocusFinder } from "./useFocusAfterRender";
import type { PendingDeletes } from "./usePendingDeletes";
import type { Toasts } from "./useToasts";

export interface DeleteActionsDeps {
	/** The rows on screen, in order. */
	links: Link[];
	deletes: PendingDeletes;
	toasts: Toasts;
	/** Unticks rows that are going. */
	unselect: (codes: string[]) => void;
	focusAfterRender: (find: FocusFinder) => void;
}

/** The table's "select all on this page": where focus goes when the selected rows go, or the selection does. */
export const selectPage: FocusFinder = (area) =>
	area.querySelector<HTMLElement>("thead input[type=checkbox]:not(:disabled)");

/**
 * Delete one row or the ticked ones: the rows go at once, with an Undo toast tied to the waiting delete,
 * and focus moves to what is left in their place (back to them after Undo).
 */
export function deleteActions({ links, deletes, toasts, unselect, focusAfterRender }: DeleteActionsDeps) {
	function start(codes: string[], text: string, focusAfterUndo: FocusFinder) {
		const toast = toasts.show(text, {
			label: t("undo"),
			run: () => {
				deletes.undo();
				focusAfterRender(focusAfterUndo);
			},
		});
		deletes.start({ codes, text, toast });
		unselect(codes);
	}

	return {
		deleteOne(link: Link) {
			const index = links.findIndex((row) => row.code === link.code);
			start([link.code], t("deletedLink", { link: displayUrl(link.shortUrl) }), (area) =>
				area.querySelector<HTMLElement>(`tr[data-code="${link.code}"] [data-action="delete"]`),
			);
			// The Delete button now in the row's place, else the one above; found among the other rows, so a
			// render that comes before the row is hidden (a reload landing at that moment) cannot pick its own.
			focusAfterRender((area) => {
				const buttons = area.querySelectorAll<HTMLElement>(
					`tbody tr:not([data-code="${link.code}"]) [data-action="delete"]`,
				);
				return buttons[Math.min(index, buttons.length - 1)];
			});
		},
		deleteSelected(codes: string[]) {
			start(codes, tPlural("deletedLinks", codes.length, { count: codes.length }), selectPage);
			focusAfterRender(selectPage);
		},
	};
}
