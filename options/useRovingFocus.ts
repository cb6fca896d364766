import { type FocusEvent, type KeyboardEvent, type RefObject, useCallback, useLayoutEffect, useRef } from "react";

/** What can take focus in a row. */
const FOCUSABLE = 'a[href], button, input:not([type="hidden"])';

/**
 * Where the one tab stop is: the control last focused while it is still there, else the same place by
 * row (by code, or by place once that row is gone) and column.
 */
interface Spot {
	control?: HTMLElement;
	code: string | null;
	row: number;
	column: number;
}

function rowsOf(body: HTMLTableSectionElement): HTMLTableRowElement[] {
	return [...body.rows].filter((row) => row.dataset.code !== undefined);
}

/** A row's controls, left to right. A form in a row (the target editor) keeps its own fields in the tab order. */
function controlsOf(row: HTMLTableRowElement): HTMLElement[] {
	return [...row.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((control) => !control.closest("form"));
}

/** The control at `spot`, or the nearest one that still exists. */
function controlAt(rows: HTMLTableRowElement[], spot: Spot): HTMLElement | undefined {
	if (spot.control?.isConnected && !spot.control.closest("form")) return spot.control;
	const row =
		rows.find((candidate) => candidate.dataset.code === spot.code) ?? rows[Math.min(spot.row, rows.length - 1)];
	if (!row) return undefined;
	const controls = controlsOf(row);
	return controls[Math.min(spot.column, controls.length - 1)];
}

function spotOf(rows: HTMLTableRowElement[], control: HTMLElement): Spot | null {
	const row = control.closest("tr");
	const index = row ? rows.indexOf(row) : -1;
	const column = row ? controlsOf(row).indexOf(control) : -1;
	if (!row || index < 0 || column < 0) return null;
	return { control, code: row.dataset.code ?? null, row: index, column };
}

const END = Number.POSITIVE_INFINITY;

/** Where `key` goes from `at`: null at an edge, undefined for a key that is not a move. */
function move(key: string, ctrl: boolean, at: Spot, rows: number): Spot | null | undefined {
	const { control: _, ...from } = at;
	const row = (index: number) => (index >= 0 && index < rows ? { ...from, code: null, row: index } : null);
	if (ctrl) {
		if (key === "Home") return { code: null, row: 0, column: 0 };
		if (key === "End") return { code: null, row: rows - 1, column: END };
		return undefined;
	}
	switch (key) {
		case "ArrowDown":
			return row(from.row + 1);
		case "ArrowUp":
			return row(from.row - 1);
		case "ArrowRight":
			return { ...from, column: from.column + 1 };
		case "ArrowLeft":
			return from.column > 0 ? { ...from, column: from.column - 1 } : null;
		case "Home":
			return { ...from, column: 0 };
		case "End":
			return { ...from, column: END };
		default:
			return undefined;
	}
}

/**
 * One tab stop for all the rows of a table body (a roving tabindex, as in the ARIA grid pattern): Tab
 * enters the rows at the control last used and leaves them with the next press, so the pagination below a
 * hundred rows is a few presses away, not hundreds. Inside, the arrow keys move: up and down to the same
 * control of the next row, left and right along the row; Home and End go to the row's first and last
 * control, and with Ctrl to the first and last row. Returns the handlers for the body.
 */
export function useRovingFocus(body: RefObject<HTMLTableSectionElement | null>) {
	const spot = useRef<Spot>({ code: null, row: 0, column: 0 });

	const placeTabStop = useCallback(() => {
		const node = body.current;
		if (!node) return;
		const rows = rowsOf(node);
		const stop = controlAt(rows, spot.current);
		for (const row of rows) {
			for (const control of controlsOf(row)) {
				const tabIndex = control === stop ? 0 : -1;
				if (control.tabIndex !== tabIndex) control.tabIndex = tabIndex;
			}
		}
	}, [body]);

	// After every render: rows come and go, and a closed editor puts its link back.
	useLayoutEffect(placeTabStop);

	const onFocus = useCallback(
		(event: FocusEvent<HTMLTableSectionElement>) => {
			const found = spotOf(rowsOf(event.currentTarget), event.target as HTMLElement);
			if (!found) return;
			spot.current = found;
			placeTabStop();
		},
		[placeTabStop],
	);

	const onKeyDown = useCallback((event: KeyboardEvent<HTMLTableSectionElement>) => {
		if (event.altKey || event.shiftKey || event.metaKey) return;
		const rows = rowsOf(event.currentTarget);
		const from = spotOf(rows, event.target as HTMLElement);
		if (!from) return;
		const to = move(event.key, event.ctrlKey, from, rows.length);
		if (to === undefined) return;
		// At an edge the key does nothing, rather than scrolling the page under the reader.
		event.preventDefault();
		if (to) controlAt(rows, to)?.focus();
	}, []);

	return { onFocus, onKeyDown };
}
