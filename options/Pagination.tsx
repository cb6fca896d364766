import { useId } from "react";
import { PAGE_SIZES, type PageSize } from "../src/links/types";
import { formatCount } from "./counting";

/**
 * "26-50 of 4,312"; "0 of 0" for nothing. A cursor keeps its rows when links before it are deleted, so the
 * page number can overstate where they lie: the range never runs past the total (deleting link 1 and
 * moving on shows "25-29 of 29", not "26-30 of 29").
 */
export function rangeText(page: number, pageSize: number, shown: number, total: number): string {
	if (shown === 0) return `0 of ${formatCount(total)}`;
	const last = Math.min((page - 1) * pageSize + shown, Math.max(total, shown));
	return `${formatCount(last - shown + 1)}-${formatCount(last)} of ${formatCount(total)}`;
}

export interface PaginationProps {
	pageSize: PageSize;
	onPageSize: (size: PageSize) => void;
	range: string;
	/** Null where there is no such page. */
	onFirst: (() => void) | null;
	onPrevious: (() => void) | null;
	onNext: (() => void) | null;
}

/**
 * Rows per page, where the page lies, and first / previous / next. An unavailable move stays in place,
 * marked aria-disabled rather than disabled: pressing Next onto the last page must not drop keyboard
 * focus to the top of the document, which a disabled button would.
 */
export function Pagination({ pageSize, onPageSize, range, onFirst, onPrevious, onNext }: PaginationProps) {
	const sizeId = useId();
	return (
		<nav className="pagination" aria-label="Pages of links">
			<label htmlFor={sizeId}>Rows per page</label>
			<select id={sizeId} value={pageSize} onChange={(event) => onPageSize(Number(event.target.value) as PageSize)}>
				{PAGE_SIZES.map((size) => (
					<option key={size} value={size}>
						{size}
					</option>
				))}
			</select>
			<p className="pagination__range" aria-live="polite">
				{range}
			</p>
			<div className="pagination__moves">
				<Move label="First" go={onFirst} />
				<Move label="Previous" go={onPrevious} />
				<Move label="Next" go={onNext} />
			</div>
		</nav>
	);
}

function Move({ label, go }: { label: string; go: (() => void) | null }) {
	return (
		<button type="button" className="secondary-button" aria-disabled={go === null} onClick={go ?? undefined}>
			{label}
		</button>
	);
}
