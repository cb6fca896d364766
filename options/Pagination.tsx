import { useId } from "react";
import { formatNumber, t } from "../src/i18n/translate";
import { PAGE_SIZES, type PageSize } from "../src/links/types";
import { pageItems } from "./pageNumbers";

/**
 * "26-50 of 4,312"; "0 of 0" for nothing. A cursor keeps its rows when links before it are deleted, so the
 * page number can overstate where they lie: the range never runs past the total (deleting link 1 and
 * moving on shows "25-29 of 29", not "26-30 of 29").
 */
export function rangeText(page: number, pageSize: number, shown: number, total: number): string {
	if (shown === 0) return t("rangeEmpty", { total });
	const last = Math.min((page - 1) * pageSize + shown, Math.max(total, shown));
	return t("rangeOf", { first: last - shown + 1, last, total });
}

export interface PaginationProps {
	pageSize: PageSize;
	onPageSize: (size: PageSize) => void;
	range: string;
	/** The page shown, and how many there are. */
	page: number;
	pages: number;
	/** Null while no move can start (a page is on its way). */
	onPage: ((page: number) => void) | null;
	/** The page being looked for, a walk away (usePageJump), or null: said in place of the range meanwhile. */
	finding: number | null;
	/** Null where there is no such page. */
	onPrevious: (() => void) | null;
	onNext: (() => void) | null;
}

/**
 * Rows per page, where the page lies, and previous / page numbers / next. Moves appear only when there
 * is more than one page. An unavailable move stays in place, marked aria-disabled rather than disabled:
 * pressing Next onto the last page must not drop keyboard focus to the top of the document, which a
 * disabled button would.
 */
export function Pagination(props: PaginationProps) {
	const { pageSize, onPageSize, range, page, pages, onPage, finding, onPrevious, onNext } = props;
	const sizeId = useId();
	return (
		<nav className="pagination" aria-label={t("pagesOfLinks")}>
			<div className="pagination__size">
				<label htmlFor={sizeId}>{t("rowsPerPage")}</label>
				<select id={sizeId} value={pageSize} onChange={(event) => onPageSize(Number(event.target.value) as PageSize)}>
					{PAGE_SIZES.map((size) => (
						<option key={size} value={size}>
							{size}
						</option>
					))}
				</select>
			</div>
			<p className="pagination__range" aria-live="polite">
				{finding === null ? range : t("findingPage", { page: finding })}
			</p>
			{(pages > 1 || page > 1) && (
				<ul className="pagination__moves">
					<li>
						<Move direction="previous" go={onPrevious} />
					</li>
					{pageItems(Math.min(page, pages), pages).map((item, index) =>
						item === "gap" ? (
							// Two gaps at most, told apart by their place.
							// biome-ignore lint/suspicious/noArrayIndexKey: a gap has nothing else to be known by.
							<li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
								…
							</li>
						) : (
							<li key={item}>
								<PageButton number={item} current={item === page} onPage={onPage} />
							</li>
						),
					)}
					<li>
						<Move direction="next" go={onNext} />
					</li>
				</ul>
			)}
		</nav>
	);
}

/** The current page's button stays a button (and does nothing), so the row keeps one shape to tab through. */
function PageButton({
	number,
	current,
	onPage,
}: {
	number: number;
	current: boolean;
	onPage: PaginationProps["onPage"];
}) {
	return (
		<button
			type="button"
			className="pagination__page"
			aria-label={t("pageNumber", { page: number })}
			aria-current={current ? "page" : undefined}
			aria-disabled={!current && onPage === null}
			onClick={current || !onPage ? undefined : () => onPage(number)}
		>
			{formatNumber(number)}
		</button>
	);
}

function Move({ direction, go }: { direction: "previous" | "next"; go: (() => void) | null }) {
	const label = t(direction);
	const arrow = <span aria-hidden="true">{direction === "previous" ? "‹" : "›"}</span>;
	return (
		<button type="button" className="pagination__step" aria-disabled={go === null} onClick={go ?? undefined}>
			{direction === "previous" ? (
				<>
					{arrow} {label}
				</>
			) : (
				<>
					{label} {arrow}
				</>
			)}
		</button>
	);
}
