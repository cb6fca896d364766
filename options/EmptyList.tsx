import { t } from "../src/i18n/translate";
import type { LinkFilter } from "../src/links/types";

export interface EmptyListProps {
	term: string;
	filter: LinkFilter;
	/** The chosen tag; empty for any. */
	tag: string;
	onClearSearch: () => void;
	/** Leaves the filter and the tag for every link. */
	onShowAll: () => void;
}

const NONE_OF_KIND: Record<Exclude<LinkFilter, "all">, () => string> = {
	custom: () => t("noAliases"),
	generated: () => t("noGeneratedLinks"),
	clicked: () => t("noClickedLinks"),
};

/** Why the filter, the tag (at least one chosen) or the two together left nothing. */
function emptyFilterText(filter: LinkFilter, tag: string): string {
	if (filter === "all") return t("noLinksTagged", { tag });
	return tag === "" ? NONE_OF_KIND[filter]() : t("noLinksFilteredAndTagged", { tag });
}

/**
 * What the table's place shows when there are no links to list: how to make one, or a way out of the
 * search or filter that left nothing.
 */
export function EmptyList({ term, filter, tag, onClearSearch, onShowAll }: EmptyListProps) {
	if (term.trim() !== "") {
		return (
			<div className="empty-list">
				<p>{t("noLinksMatch", { term: term.trim() })}</p>
				<button type="button" className="secondary-button" onClick={onClearSearch}>
					{t("clearSearch")}
				</button>
			</div>
		);
	}
	if (filter !== "all" || tag !== "") {
		return (
			<div className="empty-list">
				<p>{emptyFilterText(filter, tag)}</p>
				<button type="button" className="secondary-button" onClick={onShowAll}>
					{t("showAllLinks")}
				</button>
			</div>
		);
	}
	return (
		<div className="empty-list">
			<p>{t("noLinksYet")}</p>
			<p>{t("noLinksHint", { menu: t("menuShortenLink") })}</p>
		</div>
	);
}
