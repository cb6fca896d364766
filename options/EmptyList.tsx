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
				<p>{tag !== "" || filter === "all" ? t("noLinksTagged", { tag }) : NONE_OF_KIND[filter]()}</p>
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
