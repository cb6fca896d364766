import {
	type FocusEvent,
	type KeyboardEvent,
	type RefObject,
	useCallback,
	useEffect,
	useLayoutEffect,
	useRef,
} from "react";

/** What can take focus in a row. */
const FOCUSABLE = 'a[href], button, input:not([type="hidden"])';

/** A cell of a row, and a place among the controls in it. */
interface CellPlace {
	cell: number;
	inCell: number;
}

/**
 * Where the one tab stop is: the control last focused while it is still there, else the same place by
 * row (by code, or by place once that row is gone) and column. Left and right count places along the
 * row; up and down, and a row gone, keep the cell and the place in it, since rows differ in how many
 * controls come before a cell (a link's tags): the short link of one row is not at the same place along
 * the next.
 */
interface Spot {
	control?: HTMLElement;
	code: string | null;
	row: number;
	column: number;
	cell?: CellPlace;
}

function rowsOf(body: HTMLTableSectionElement): HTMLTableRowElement[] {
	return [...body.rows].filter((row) => row.dataset.code !== undefined);
}

/**
 * What the arrow keys pass over: a form in a row (the target editor) keeps its own fields in the tab
 * order, and an inert part (tags cut off by the column) cannot be reached at all.
 */
const OUT_OF_ROWS = "form, [inert]";

/** A focused control, with both of its columns. */
type At = Spot & { control: HTMLElement; cell: CellPlace };

/** A row's controls, left to right. */
function controlsOf(row: HTMLTableRowElement): HTMLElement[] {
	return [...row.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((control) => !control.closest(OUT_OF_ROWS));
}

const cellOf = (control: HTMLElement) => control.closest<HTMLTableCellElement>("td, th");

/** The control at `spot`, or the nearest one that still exists. */
function controlAt(rows: HTMLTableRowElement[], spot: Spot): HTMLElement | undefined {
	if (spot.control?.isConnected && !spot.control.closest(OUT_OF_ROWS)) return spot.control;
	const row =
		rows.find((candidate) => candidate.dataset.code === spot.code) ?? rows[Math.min(spot.row, rows.length - 1)];
	if (!row) return undefined;
	const controls = controlsOf(row);
	const { cell } = spot;
	if (!cell) return controls[Math.min(spot.column, controls.length - 1)];
	const inCell = controls.filter((control) => cellOf(control) === row.cells[cell.cell]);
	if (inCell.length > 0) return inCell[Math.min(cell.inCell, inCell.length - 1)];
	// Nothing to reach in that cell of this row (its link being edited): the next control along, else the last.
	return controls.find((control) => (cellOf(control)?.cellIndex ?? 0) > cell.cell) ?? controls.at(-1);
}

function spotOf(rows: HTMLTableRowElement[], control: HTMLElement): At | null {
	const row = control.closest("tr");
	const cell = cellOf(control);
	const index = row ? rows.indexOf(row) : -1;
	const controls = row ? controlsOf(row) : [];
	const column = controls.indexOf(control);
	if (!row || !cell || index < 0 || column < 0) return null;
	const inCell = controls.filter((other) => cellOf(other) === cell).indexOf(control);
	return { control, code: row.dataset.code ?? null, row: index, column, cell: { cell: cell.cellIndex, inCell } };
}

const END = Number.POSITIVE_INFINITY;

/** Where `key` goes from `from`: null at an edge, undefined for a key that is not a move. */
function move(key: string, ctrl: boolean, from: At, rows: number): Spot | null | undefined {
	const row = (index: number) =>
		index >= 0 && index < rows ? { code: null, row: index, column: from.column, cell: from.cell } : null;
	const along = (column: number) => ({ code: from.code, row: from.row, column });
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
			return along(from.column + 1);
		case "ArrowLeft":
			return from.column > 0 ? along(from.column - 1) : null;
		case "Home":
			return along(0);
		case "End":
			return along(END);
		default:
			return undefined;
	}
}

/**
 * One tab stop for all the rows of a table body (a roving tabindex, as in the ARIA grid pattern): Tab
 * enters the rows at the control last used and leaves them with the next press, so the pagination below a
 * hundred rows is a few presses away, not hundreds. Inside, the arrow keys move: up and down to the same
 * cell of the next row, at the same place in it, left and right along the row; Home and End go to the
 * row's first and last control, and with Ctrl to the first and last row. Returns the handlers for the
 * body.
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

	// And after a row's part renders by itself: a link's tags fitting the column add "+N", or show or hide
	// a tag, after the table's render. Setting tabindex is no change this observer sees.
	useEffect(() => {
		const node = body.current;
		if (!node) return;
		const observer = new MutationObserver(placeTabStop);
		observer.observe(node, { subtree: true, childList: true, attributeFilter: ["inert"] });
		return () => observer.disconnect();
	}, [body, placeTabStop]);

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
