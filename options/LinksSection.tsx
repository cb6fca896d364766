import { useCallback, useEffect, useRef, useState } from "react";
import type { AppError } from "../src/errors";
import { readSearchTerm, type SearchTerm } from "../src/links/search";
import type { Link, PageSize } from "../src/links/types";
import { useBackground } from "../src/ui/BackgroundContext";
import { useBackgroundEvents } from "../src/ui/BackgroundEvents";
import { type ToastMessage, ToastRegion } from "../src/ui/Toast";
import { BulkDelete } from "./BulkDelete";
import { countOf } from "./counting";
import { ExportLinks } from "./ExportLinks";
import { displayUrl } from "./LinkRow";
import { LinksTable } from "./LinksTable";
import { firstPage, type ListView } from "./listView";
import { Pagination, rangeText } from "./Pagination";
import { SearchBox } from "./SearchBox";
import { useLinkPage } from "./useLinkPage";
import { useListView } from "./useListView";
import { usePendingDeletes } from "./usePendingDeletes";

function captionFor(search: SearchTerm): string {
	switch (search.kind) {
		case "all":
			return "Your links, newest first";
		case "host":
			return `Links to ${search.host}, newest first`;
		case "code":
			return `Links whose code starts with “${search.prefix}”, in code order`;
		case "nothing":
			return "No code or site can contain those characters";
	}
}

/** Finds the element to focus once the page has re-rendered, inside the section. */
type FocusFinder = (section: HTMLElement) => HTMLElement | null | undefined;

/**
 * Every link of the signed-in user: search, the table, pagination, edit, delete with undo, bulk delete,
 * export, and live updates from the background. Mount one per user (keyed by id), so another account's
 * list starts afresh.
 */
export function LinksSection() {
	const call = useBackground();
	const [view, navigate] = useListView();
	const { state, reload, patch } = useLinkPage(view);
	const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
	const [toast, setToast] = useState<ToastMessage | null>(null);
	const [notice, setNotice] = useState<string | null>(null);
	const [newLinks, setNewLinks] = useState<ReadonlySet<string>>(new Set());
	const section = useRef<HTMLElement>(null);
	const focusNext = useRef<FocusFinder | null>(null);
	const toastIds = useRef(0);

	const toastOf = (text: string, action?: ToastMessage["action"]): ToastMessage => ({
		id: ++toastIds.current,
		text,
		...(action ? { action } : {}),
	});

	const deletes = usePendingDeletes((result) => {
		if ("error" in result) setToast(toastOf(`Nothing was deleted: ${result.error.message}`));
		reload();
	});
	const { flush } = deletes;

	/** A toast that is not an undo: showing it ends the undo of a delete still waiting, which is then sent. */
	function inform(text: string) {
		void flush();
		setToast(toastOf(text));
	}

	useEffect(() => {
		const find = focusNext.current;
		if (!find || !section.current) return;
		focusNext.current = null;
		find(section.current)?.focus();
	});

	// biome-ignore lint/correctness/useExhaustiveDependencies: a new view is the trigger. Moving to another page or search sends a waiting delete (the undo toast cannot follow), and starts with nothing selected: a selection is of the rows in view.
	useEffect(() => {
		void flush();
		setSelected(new Set());
		setNewLinks(new Set());
	}, [view, flush]);

	const go = useCallback(
		(next: ListView, options?: { replace?: boolean }) => {
			setNotice(null);
			navigate(next, options);
		},
		[navigate],
	);

	// A page that cannot be found again (its cursor came from an older version, or everything after it was
	// deleted) falls back to the first page; a step back that reached the newest links is page 1.
	useEffect(() => {
		if (view.page === 1 || state.status === "loading") return;
		if (state.status === "failed" ? state.asked !== view : state.shown.view !== view) return;
		if (state.status === "failed" ? state.error.code === "invalid-request" : state.shown.page.links.length === 0) {
			setNotice("That page is no longer there, so this is the first page.");
			navigate(firstPage(view.term, view.pageSize), { replace: true });
		} else if (state.status === "ready" && state.shown.page.previous === null) {
			navigate(firstPage(view.term, view.pageSize), { replace: true });
		}
	}, [state, view, navigate]);

	useEffect(() => {
		if (state.status === "ready") performance.mark("shorty:links-shown");
	}, [state]);

	// A link made elsewhere (popup, context menu) shows at once on the first page; further in, the rows in
	// view do not move under the reader, and a notice offers the newest instead.
	useBackgroundEvents((event) => {
		if (event.type !== "links-changed") return;
		if (event.kind === "created" && view.page > 1) setNewLinks((known) => new Set([...known, ...event.codes]));
		else reload();
	});

	const onSearch = useCallback(
		// Refining a search replaces its history entry; starting one adds an entry, so Back leaves it.
		(term: string) => go(firstPage(term, view.pageSize), { replace: view.term !== "" && term !== "" }),
		[go, view.pageSize, view.term],
	);

	const shown = state.shown?.page ?? null;
	// The rows on screen and where they lie: while another page loads, the previous one's.
	const shownView = state.shown?.view ?? view;
	const waiting = new Set(deletes.pending?.codes ?? []);
	const links = shown?.links.filter((link) => !waiting.has(link.code)) ?? [];
	const total = shown ? shown.total - (shown.links.length - links.length) : 0;
	// Moves start from a page that has arrived, never from one still on its way.
	const ready = state.status === "ready" ? state.shown.page : null;
	const search = readSearchTerm(shownView.term);

	async function save(code: string, url: string): Promise<AppError | null> {
		const reply = await call({ type: "updateLink", code, url });
		if (!reply.ok) return reply.error;
		const updated = reply.data;
		patch((page) => ({ ...page, links: page.links.map((link) => (link.code === code ? updated : link)) }));
		inform(`${displayUrl(updated.shortUrl)} now leads to ${updated.url}`);
		return null;
	}

	function startDelete(codes: string[], text: string, focusAfterUndo: FocusFinder) {
		deletes.start({ codes, text });
		setSelected((was) => new Set([...was].filter((code) => !codes.includes(code))));
		setToast(
			toastOf(text, {
				label: "Undo",
				run: () => {
					deletes.undo();
					focusNext.current = focusAfterUndo;
				},
			}),
		);
	}

	function deleteOne(link: Link) {
		const index = links.findIndex((row) => row.code === link.code);
		startDelete([link.code], `Deleted ${displayUrl(link.shortUrl)}`, (area) =>
			area.querySelector<HTMLElement>(`tr[data-code="${link.code}"] [data-action="delete"]`),
		);
		// The row goes; focus moves to the Delete button now in its place, else the one above, else search.
		focusNext.current = (area) => {
			const buttons = area.querySelectorAll<HTMLElement>('tbody [data-action="delete"]');
			return buttons[Math.min(index, buttons.length - 1)] ?? area.querySelector<HTMLElement>('input[type="search"]');
		};
	}

	function deleteSelected() {
		const codes = links.filter((link) => selected.has(link.code)).map((link) => link.code);
		const selectPage = (area: HTMLElement) => area.querySelector<HTMLElement>("thead input[type=checkbox]");
		startDelete(codes, `Deleted ${countOf(codes.length, "link")}`, selectPage);
		focusNext.current = selectPage;
	}

	const moves = {
		onFirst: ready && view.page > 1 ? () => go(firstPage(view.term, view.pageSize)) : null,
		onPrevious:
			ready?.previous && view.page > 1
				? () =>
						go(
							view.page === 2
								? firstPage(view.term, view.pageSize)
								: { ...firstPage(view.term, view.pageSize), page: view.page - 1, before: ready.previous ?? "" },
						)
				: null,
		onNext: ready?.next
			? () => go({ ...firstPage(view.term, view.pageSize), page: view.page + 1, after: ready.next ?? "" })
			: null,
	};
	const chosen = links.filter((link) => selected.has(link.code)).length;

	return (
		<section ref={section} className="links-section" aria-labelledby="links-heading">
			<div className="links-section__header">
				<h2 id="links-heading">Your links</h2>
				<ExportLinks prepare={flush} />
			</div>
			<SearchBox term={view.term} onSearch={onSearch} />
			{notice && <p className="notice">{notice}</p>}
			{newLinks.size > 0 && (
				<p className="notice">
					{countOf(newLinks.size, "new link")} since this page opened.{" "}
					<button type="button" className="link-button" onClick={() => go(firstPage(view.term, view.pageSize))}>
						Show newest
					</button>
				</p>
			)}
			{state.status === "failed" && (
				<div className="notice notice--error" role="alert">
					<p>{state.error.message}</p>
					<button type="button" onClick={reload}>
						Try again
					</button>
				</div>
			)}
			{chosen > 0 && <BulkDelete count={chosen} onDelete={deleteSelected} onClear={() => setSelected(new Set())} />}
			{shown === null ? (
				state.status === "loading" && (
					<p className="links-section__loading" role="status">
						Loading your links…
					</p>
				)
			) : links.length === 0 && state.status === "ready" ? (
				<EmptyList term={view.term} onClear={() => onSearch("")} />
			) : (
				<div className="links-table__scroll">
					<LinksTable
						links={links}
						caption={captionFor(search)}
						order={search.kind === "code" ? "code" : "newest"}
						busy={state.status === "loading"}
						selected={selected}
						onSelect={(codes, on) =>
							setSelected((was) => {
								const next = new Set(was);
								for (const code of codes) {
									if (on) next.add(code);
									else next.delete(code);
								}
								return next;
							})
						}
						save={save}
						onDelete={deleteOne}
						now={Date.now()}
					/>
				</div>
			)}
			{shown !== null && (
				<Pagination
					pageSize={view.pageSize}
					onPageSize={(size: PageSize) => go(firstPage(view.term, size))}
					range={rangeText(shownView.page, shownView.pageSize, links.length, total)}
					{...moves}
				/>
			)}
			<ToastRegion
				toast={toast}
				onClose={(closed) => {
					setToast((current) => (current?.id === closed.id ? null : current));
					// The undo is over: a delete it held goes now.
					void flush();
				}}
			/>
		</section>
	);
}

function EmptyList({ term, onClear }: { term: string; onClear: () => void }) {
	if (term.trim() === "") {
		return (
			<div className="empty-list">
				<p>No links yet.</p>
				<p>
					Click Shorty's toolbar button on any page, or right-click a link and pick “Shorten link”: your short links
					appear here.
				</p>
			</div>
		);
	}
	return (
		<div className="empty-list">
			<p>No links match “{term.trim()}”.</p>
			<button type="button" className="secondary-button" onClick={onClear}>
				Clear search
			</button>
		</div>
	);
}
