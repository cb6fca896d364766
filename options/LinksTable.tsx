import { useEffect, useRef, useState } from "react";
import type { AppError } from "../src/errors";
import { t } from "../src/i18n/translate";
import type { Link, LinkSort } from "../src/links/types";
import type { ClickTotal } from "./LinkRow";
import { LinkRow } from "./LinkRow";
import { useRovingFocus } from "./useRovingFocus";

export interface LinksTableProps {
	links: Link[];
	caption: string;
	/** How the rows are sorted, which the sorted column's header says to screen readers. */
	sort: LinkSort;
	/** True while another page is on its way: the rows shown are the previous ones. */
	busy: boolean;
	selected: ReadonlySet<string>;
	onSelect: (codes: string[], selected: boolean) => void;
	save: (code: string, url: string) => Promise<AppError | null>;
	onDelete: (link: Link) => void;
	clicksOf: (code: string) => ClickTotal;
	onAnalytics: (link: Link) => void;
	/** Shows the links with `tag`. */
	onTag: (tag: string) => void;
	/** Said in a row of its own when there are no rows, e.g. while the whole page waits to be deleted. */
	placeholder?: string | null;
}

/** How the Created column is sorted, by the table's order. */
const CREATED_SORT = { newest: "descending", oldest: "ascending", title: undefined, clicks: undefined } as const;

type EditedPart = "target" | "tags";

/** Columns, for a row that spans them all. */
const COLUMNS = 6;

/**
 * The links as a grid: a table whose rows are one tab stop, moved through with the arrow keys
 * (useRovingFocus), and whose rows can be selected for a bulk delete.
 */
export function LinksTable({
	links,
	caption,
	sort,
	busy,
	selected,
	onSelect,
	save,
	onDelete,
	clicksOf,
	onAnalytics,
	onTag,
	placeholder = null,
}: LinksTableProps) {
	const table = useRef<HTMLTableElement>(null);
	const body = useRef<HTMLTableSectionElement>(null);
	const roving = useRovingFocus(body);
	// One editor open at a time: a row's target or its tags.
	const [editing, setEditing] = useState<{ code: string; part: EditedPart } | null>(null);
	const selectPage = useRef<HTMLInputElement>(null);
	const chosen = links.filter((link) => selected.has(link.code)).length;
	const all = links.length > 0 && chosen === links.length;

	useEffect(() => {
		if (selectPage.current) selectPage.current.indeterminate = chosen > 0 && !all;
	}, [chosen, all]);

	function openEditor(code: string, part: EditedPart, open: boolean) {
		if (open) return setEditing({ code, part });
		setEditing(null);
		// Back to the button the editor came from, not to the top of the page.
		const button = part === "target" ? "edit" : "tags";
		table.current?.querySelector<HTMLButtonElement>(`tr[data-code="${code}"] [data-action="${button}"]`)?.focus();
	}

	return (
		// biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA data grid pattern: a table whose rows move by arrow keys is a grid, which tells screen readers to pass those keys on.
		<table ref={table} className="links-table" role="grid" aria-multiselectable="true" aria-busy={busy}>
			<caption className="visually-hidden">{caption}</caption>
			<thead>
				<tr>
					<th scope="col" className="links-table__select">
						<span className="visually-hidden">{t("selectColumn")}</span>
						<input
							ref={selectPage}
							type="checkbox"
							aria-label={t("selectAllOnPage")}
							checked={all}
							disabled={links.length === 0}
							onChange={(event) =>
								onSelect(
									links.map((link) => link.code),
									event.target.checked,
								)
							}
						/>
					</th>
					<th scope="col" className="links-table__page" aria-sort={sort === "title" ? "ascending" : undefined}>
						{t("columnTarget")}
					</th>
					<th scope="col" className="links-table__code">
						{t("columnShortLink")}
					</th>
					<th scope="col" className="links-table__created" aria-sort={CREATED_SORT[sort]}>
						{t("columnCreated")}
					</th>
					<th scope="col" className="links-table__clicks" aria-sort={sort === "clicks" ? "descending" : undefined}>
						{t("columnClicks")}
					</th>
					<th scope="col" className="links-table__actions">
						<span className="visually-hidden">{t("columnActions")}</span>
					</th>
				</tr>
			</thead>
			<tbody ref={body} onFocus={roving.onFocus} onKeyDown={roving.onKeyDown}>
				{links.length === 0 && placeholder && (
					<tr>
						<td colSpan={COLUMNS} className="links-table__placeholder">
							{placeholder}
						</td>
					</tr>
				)}
				{links.map((link) => (
					<LinkRow
						key={link.code}
						link={link}
						clicks={clicksOf(link.code)}
						selected={selected.has(link.code)}
						onSelect={(checked) => onSelect([link.code], checked)}
						editing={editing?.code === link.code && editing.part === "target"}
						onEdit={(open) => openEditor(link.code, "target", open)}
						save={(url) => save(link.code, url)}
						tagging={editing?.code === link.code && editing.part === "tags"}
						onTagging={(open) => openEditor(link.code, "tags", open)}
						onDelete={() => onDelete(link)}
						onAnalytics={() => onAnalytics(link)}
						onTag={onTag}
					/>
				))}
			</tbody>
		</table>
	);
}
