import { useCallback, useEffect, useRef, useState } from "react";
import type { AppError } from "../src/errors";
import { errorText } from "../src/i18n/errorText";
import { formatNumber, pluralKey, t, tPlural } from "../src/i18n/translate";
import { readSearchTerm } from "../src/links/search";
import type { Link, PageSize } from "../src/links/types";
import { useBackground } from "../src/ui/BackgroundContext";
import { Message } from "../src/ui/Message";
import { AnalyticsDialog } from "./AnalyticsDialog";
import { BulkDelete } from "./BulkDelete";
import { captionFor } from "./caption";
import { deleteActions } from "./deleteActions";
import { EmptyList } from "./EmptyList";
import { ExportLinks } from "./ExportLinks";
import { displayUrl } from "./LinkRow";
import { LinksTable } from "./LinksTable";
import { firstPage, type ListView } from "./listView";
import { Pagination, rangeText } from "./Pagination";
import { SearchBox } from "./SearchBox";
import { useClickTotals } from "./useClickTotals";
import { type FocusFinder, useFocusAfterRender } from "./useFocusAfterRender";
import { useLinkPage } from "./useLinkPage";
import { useListView } from "./useListView";
import { useLiveLinks } from "./useLiveLinks";
import { usePageMoves } from "./usePageMoves";
import type { PendingDeletes } from "./usePendingDeletes";
import { useSelection } from "./useSelection";
import { useStalePageFallback } from "./useStalePageFallback";
import type { Toasts } from "./useToasts";

const searchBox: FocusFinder = (area) => area.querySelector<HTMLElement>('input[type="search"]');

export interface LinksSectionProps {
	/** Deletes waiting for their undo; the page holds them, so a session change can send them first. */
	deletes: PendingDeletes;
	toasts: Toasts;
}

/**
 * Every link of the signed-in user: search, the table, pagination, edit, delete with undo, bulk delete,
 * export, and live updates. Mount one per user (keyed by id), so another account's list starts afresh.
 */
export function LinksSection({ deletes, toasts }: LinksSectionProps) {
	const call = useBackground();
	const [view, navigate] = useListView();
	const { state, reload, patch } = useLinkPage(view);
	const selection = useSelection();
	const section = useRef<HTMLElement>(null);
	const focusAfterRender = useFocusAfterRender(section, searchBox);
	const { flush } = deletes;
	const { notice, clearNotice } = useStalePageFallback(view, state, navigate);
	const newLinks = useLiveLinks(view, reload);
	const [analyticsOf, setAnalyticsOf] = useState<Link | null>(null);

	// biome-ignore lint/correctness/useExhaustiveDependencies: a new view is the trigger. Moving to another page or search sends a waiting delete (its undo cannot follow), and starts with nothing selected: a selection is of the rows in view.
	useEffect(() => {
		void flush();
		selection.clear();
	}, [view, flush, selection.clear]);

	useEffect(() => {
		if (state.status === "ready") performance.mark("shorty:links-shown");
	}, [state]);

	const go = useCallback(
		(next: ListView, options?: { replace?: boolean }) => {
			clearNotice();
			navigate(next, options);
		},
		[navigate, clearNotice],
	);

	const moves = usePageMoves(view, state, go, (error) => inform(t("pageNotFound", { error: errorText(error) })));

	const onSearch = useCallback(
		// Refining a search replaces its history entry; starting one adds an entry, so Back leaves it.
		(term: string) => go(firstPage(term, view.pageSize), { replace: view.term !== "" && term !== "" }),
		[go, view.pageSize, view.term],
	);

	const shown = state.shown?.page ?? null;
	const clicksOf = useClickTotals(shown);
	// The rows on screen and where they lie: while another page loads, the previous one's.
	const shownView = state.shown?.view ?? view;
	const links = shown?.links.filter((link) => !deletes.hidden.has(link.code)) ?? [];
	const hiddenHere = (shown?.links.length ?? 0) - links.length;
	const total = shown ? shown.total - hiddenHere : 0;
	const search = readSearchTerm(shownView.term);
	const chosen = links.filter((link) => selection.selected.has(link.code)).map((link) => link.code);

	const { deleteOne, deleteSelected } = deleteActions({
		links,
		deletes,
		toasts,
		unselect: (codes) => selection.choose(codes, false),
		focusAfterRender,
	});

	/** A toast that is not an undo: showing it ends the undo of a delete still waiting, which is then sent. */
	function inform(text: string) {
		void flush();
		toasts.show(text);
	}

	async function save(code: string, url: string): Promise<AppError | null> {
		const reply = await call({ type: "updateLink", code, url });
		if (!reply.ok) return reply.error;
		const updated = reply.data;
		patch((page) => ({ ...page, links: page.links.map((link) => (link.code === code ? updated : link)) }));
		inform(t("nowLeadsTo", { link: displayUrl(updated.shortUrl), url: updated.url }));
		return null;
	}

	return (
		<section ref={section} className="links-section" aria-labelledby="links-heading">
			<div className="links-section__header">
				<h2 id="links-heading">{t("yourLinks")}</h2>
				<ExportLinks prepare={flush} />
			</div>
			<SearchBox term={view.term} onSearch={onSearch} />
			{notice && <p className="notice">{notice}</p>}
			{newLinks > 0 && (
				<p className="notice">
					<Message
						name={pluralKey("newLinks", newLinks)}
						values={{
							count: formatNumber(newLinks),
							show: (
								<button type="button" className="link-button" onClick={() => go(firstPage(view.term, view.pageSize))}>
									{t("showNewest")}
								</button>
							),
						}}
					/>
				</p>
			)}
			{state.status === "failed" && (
				<div className="notice notice--error" role="alert">
					<p>{errorText(state.error)}</p>
					<button type="button" onClick={reload}>
						{t("tryAgain")}
					</button>
				</div>
			)}
			{chosen.length > 0 && (
				<BulkDelete count={chosen.length} onDelete={() => deleteSelected(chosen)} onClear={selection.clear} />
			)}
			{shown === null ? (
				state.status === "loading" && (
					<p className="links-section__loading" role="status">
						{t("loadingLinks")}
					</p>
				)
			) : shown.links.length === 0 && state.status === "ready" ? (
				<EmptyList term={view.term} onClear={() => onSearch("")} />
			) : (
				<div className="links-card">
					<div className="links-table__scroll">
						<LinksTable
							links={links}
							// Every row of the page is on its way out: the table stays, saying so, until the next page.
							placeholder={links.length === 0 ? tPlural("linksDeleted", hiddenHere, { count: hiddenHere }) : null}
							caption={captionFor(search)}
							order={search.kind === "code" ? "code" : "newest"}
							busy={state.status === "loading" || moves.finding !== null}
							selected={selection.selected}
							onSelect={selection.choose}
							save={save}
							onDelete={deleteOne}
							clicksOf={clicksOf}
							onAnalytics={setAnalyticsOf}
						/>
					</div>
					<Pagination
						pageSize={view.pageSize}
						onPageSize={(size: PageSize) => go(firstPage(view.term, size))}
						range={rangeText(shownView.page, shownView.pageSize, links.length, total)}
						page={shownView.page}
						pages={Math.max(1, Math.ceil(total / shownView.pageSize))}
						onPage={moves.jumpTo}
						finding={moves.finding}
						onPrevious={moves.onPrevious}
						onNext={moves.onNext}
					/>
				</div>
			)}
			{analyticsOf && <AnalyticsDialog link={analyticsOf} onClose={() => setAnalyticsOf(null)} />}
		</section>
	);
}
