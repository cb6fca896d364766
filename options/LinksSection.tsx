import { useCallback, useEffect, useRef, useState } from "react";
import type { AppError } from "../src/errors";
import { errorText } from "../src/i18n/errorText";
import { formatNumber, pluralKey, t, tPlural } from "../src/i18n/translate";
import { MAX_SEARCH_LENGTH } from "../src/links/linkSearch";
import { tagKey } from "../src/links/tags";
import type { Link, LinkFilter, LinkSort, PageSize } from "../src/links/types";
import { useBackground } from "../src/ui/BackgroundContext";
import { displayUrl } from "../src/ui/displayUrl";
import { Message } from "../src/ui/Message";
import { AnalyticsDialog } from "./AnalyticsDialog";
import { BulkDelete } from "./BulkDelete";
import { captionFor } from "./caption";
import { deleteActions, selectPage } from "./deleteActions";
import { EmptyList } from "./EmptyList";
import { ExportLinks } from "./ExportLinks";
import type { ClickTotal } from "./LinkRow";
import { LinksTable } from "./LinksTable";
import { firstPage } from "./listView";
import { Pagination, rangeText } from "./Pagination";
import { SearchBox } from "./SearchBox";
import { SortAndFilter } from "./SortAndFilter";
import { TagsPanel } from "./TagsPanel";
import { useAddressFollowsPage } from "./useAddressFollowsPage";
import { type FocusFinder, useFocusAfterRender } from "./useFocusAfterRender";
import { useLinkPage } from "./useLinkPage";
import { useListView } from "./useListView";
import { useLiveLinks } from "./useLiveLinks";
import type { PendingDeletes } from "./usePendingDeletes";
import { useSelection } from "./useSelection";
import { useSyncOnReturn } from "./useSyncOnReturn";
import { useTagCounts } from "./useTagCounts";
import type { Toasts } from "./useToasts";

const searchBox: FocusFinder = (area) => area.querySelector<HTMLElement>('input[type="search"]');

export interface LinksSectionProps {
	/** Deletes waiting for their undo; the page holds them, so a session change can send them first. */
	deletes: PendingDeletes;
	toasts: Toasts;
}

/**
 * Every link of the signed-in user: search, sort and filter, the table, pagination, edit, delete with
 * undo, bulk delete, export, and live updates. Every page is a lookup in the worker's copy of the links.
 * Mount one per user (keyed by id), so another account's list starts afresh.
 */
export function LinksSection({ deletes, toasts }: LinksSectionProps) {
	const call = useBackground();
	const [view, navigate] = useListView();
	const { state, reload, patch } = useLinkPage(view);
	const selection = useSelection();
	const section = useRef<HTMLElement>(null);
	const focusAfterRender = useFocusAfterRender(section, searchBox);
	const { flush } = deletes;
	useAddressFollowsPage(view, state, navigate);
	// A page answered before the first sync ended is read again once it has, links-changed or not.
	useSyncOnReturn(() => {
		if (state.shown?.found.complete === false) reload();
	});
	const newLinks = useLiveLinks(view, reload);
	const tags = useTagCounts();
	const [analyticsOf, setAnalyticsOf] = useState<Link | null>(null);

	// biome-ignore lint/correctness/useExhaustiveDependencies: a new view is the trigger. Moving to another page or search sends a waiting delete (its undo cannot follow), and starts with nothing selected: a selection is of the rows in view.
	useEffect(() => {
		void flush();
		selection.clear();
	}, [view, flush, selection.clear]);

	useEffect(() => {
		if (state.status === "ready") performance.mark("shorty:links-shown");
	}, [state]);

	const onSearch = useCallback(
		// Refining a search replaces its history entry; starting one adds an entry, so Back leaves it.
		(term: string) => navigate(firstPage({ ...view, term }), { replace: view.term !== "" && term !== "" }),
		[navigate, view],
	);
	const onSort = (sort: LinkSort) => navigate(firstPage({ ...view, sort }));
	const onFilter = (filter: LinkFilter) => navigate(firstPage({ ...view, filter }));
	const onTag = (tag: string) => navigate(firstPage({ ...view, tag }));
	// A list filtered by a tag that was renamed follows it to its new name, or lists every link once it is gone.
	const onRetagged = (from: string, to: string) => {
		if (view.tag !== "" && tagKey(view.tag) === tagKey(from)) onTag(to);
	};

	const shown = state.shown?.found ?? null;
	// Totals come with the page from the worker's copy; until its first sync is over, one not there yet is counting.
	const clicksOf = (code: string): ClickTotal => shown?.clicks[code] ?? (shown?.complete === false ? "counting" : 0);
	// The rows on screen and where they lie: while another page loads, the previous one's.
	const shownView = state.shown?.view ?? view;
	const caption = captionFor(shownView);
	const links = shown?.links.filter((link) => !deletes.hidden.has(link.code)) ?? [];
	const hiddenHere = (shown?.links.length ?? 0) - links.length;
	const total = shown ? shown.total - hiddenHere : 0;
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
		patch((found) => ({ ...found, links: found.links.map((link) => (link.code === code ? updated : link)) }));
		inform(t("nowLeadsTo", { link: displayUrl(updated.shortUrl), url: updated.url }));
		return null;
	}

	return (
		<section ref={section} className="links-section" aria-labelledby="links-heading">
			<div className="links-section__header">
				<h2 id="links-heading">{t("yourLinks")}</h2>
				<ExportLinks prepare={flush} />
			</div>
			<div className="links-section__controls">
				<SearchBox term={view.term} onSearch={onSearch} />
				<SortAndFilter
					sort={view.sort}
					filter={view.filter}
					onSort={onSort}
					onFilter={onFilter}
					tag={view.tag}
					tags={tags}
					onTag={onTag}
				/>
			</div>
			<TagsPanel tags={tags} inform={inform} onRetagged={onRetagged} />
			{shown && !shown.complete && (
				<p className="links-section__loading" role="status">
					{t("loadingFromAccount", { count: shown.held })}
				</p>
			)}
			{newLinks > 0 && (
				<p className="notice">
					<Message
						name={pluralKey("newLinks", newLinks)}
						values={{
							count: formatNumber(newLinks),
							show: (
								<button type="button" className="link-button" onClick={() => navigate(firstPage(view))}>
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
			{shown === null ? (
				state.status === "loading" && (
					<p className="links-section__loading" role="status">
						{t("loadingLinks")}
					</p>
				)
			) : shown.tooLong ? (
				<p className="notice">{t("searchTooLong", { maximum: MAX_SEARCH_LENGTH })}</p>
			) : shown.links.length === 0 && state.status === "ready" ? (
				// While the first fetch runs, none may simply mean none yet: the status line says how far it is.
				shown.complete && (
					<EmptyList
						term={shownView.term}
						filter={shownView.filter}
						tag={shownView.tag}
						onClearSearch={() => onSearch("")}
						onShowAll={() => navigate(firstPage({ ...view, filter: "all", tag: "" }))}
					/>
				)
			) : (
				<div className="links-card">
					{/* The selection's actions take the caption's place, the same height: ticking the first box
					    moves no row from under the pointer. The table keeps its caption, for its name. */}
					<div className="links-card__header">
						{chosen.length > 0 ? (
							<BulkDelete
								count={chosen.length}
								onDelete={() => deleteSelected(chosen)}
								onClear={() => {
									focusAfterRender(selectPage);
									selection.clear();
								}}
							/>
						) : (
							<p className="links-card__caption" aria-hidden="true">
								{caption}
							</p>
						)}
					</div>
					<div className="links-table__scroll">
						<LinksTable
							links={links}
							// Every row of the page is on its way out: the table stays, saying so, until the next page.
							placeholder={links.length === 0 ? tPlural("linksDeleted", hiddenHere, { count: hiddenHere }) : null}
							caption={caption}
							sort={shownView.sort}
							busy={state.status === "loading"}
							selected={selection.selected}
							onSelect={selection.choose}
							save={save}
							onDelete={deleteOne}
							clicksOf={clicksOf}
							onAnalytics={setAnalyticsOf}
							onTag={onTag}
						/>
					</div>
					<Pagination
						pageSize={view.pageSize}
						onPageSize={(pageSize: PageSize) => navigate(firstPage({ ...view, pageSize }))}
						range={rangeText(shownView.page, shownView.pageSize, links.length, total)}
						page={shownView.page}
						pages={Math.max(1, Math.ceil(total / shownView.pageSize))}
						onPage={(page) => navigate({ ...view, page })}
					/>
				</div>
			)}
			{analyticsOf && <AnalyticsDialog link={analyticsOf} onClose={() => setAnalyticsOf(null)} />}
		</section>
	);
}
