import { useId } from "react";
import { formatNumber, t } from "../src/i18n/translate";
import { PAGE_SIZES, type PageSize } from "../src/links/types";
import { pageItems } from "./pageNumbers";

/** "26-50 of 4,312"; "0 of 0" for nothing. */
export function rangeText(page: number, pageSize: number, shown: number, total: number): string {
	if (shown === 0) return t("rangeEmpty", { total });
	const first = (page - 1) * pageSize + 1;
	return t("rangeOf", { first, last: first + shown - 1, total });
}

export interface PaginationProps {
	pageSize: PageSize;
	onPageSize: (size: PageSize) => void;
	range: string;
	/** The page shown, and how many there are. */
	page: number;
	pages: number;
	onPage: (page: number) => void;
}

/**
 * Rows per page, where the page lies, and previous / page numbers / next. Moves appear only when there
 * is more than one page. An unavailable move stays in place, marked aria-disabled rather than disabled:
 * pressing Next onto the last page must not drop keyboard focus to the top of the document, which a
 * disabled button would.
 */
export function Pagination(props: PaginationProps) {
	const { pageSize, onPageSize, range, page, pages, onPage } = props;
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
				{range}
			</p>
			{pages > 1 && (
				<ul className="pagination__moves">
					<li>
						<Move direction="previous" go={page > 1 ? () => onPage(page - 1) : null} />
					</li>
					{pageItems(page, pages).map((item, index) =>
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
						<Move direction="next" go={page < pages ? () => onPage(page + 1) : null} />
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
			onClick={current ? undefined : () => onPage(number)}
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
