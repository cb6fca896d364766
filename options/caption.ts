import { t } from "../src/i18n/translate";
import type { LinkFilter, LinkSort } from "../src/links/types";
import type { ListView } from "./listView";

const LINKS: Record<LinkFilter, () => string> = {
	all: () => t("linksAll"),
	custom: () => t("linksCustom"),
	generated: () => t("linksGenerated"),
	clicked: () => t("linksClicked"),
};

const ORDERS: Record<LinkSort, () => string> = {
	newest: () => t("orderNewest"),
	oldest: () => t("orderOldest"),
	title: () => t("orderTitle"),
	clicks: () => t("orderClicks"),
};

/**
 * What the table lists and in which order ("Your aliases tagged “web” matching “react”, newest first"), which also
 * names it for screen readers: a reader hears what the search, filter and sort did without looking for
 * the controls.
 */
export function captionFor({ term, sort, filter, tag }: Pick<ListView, "term" | "sort" | "filter" | "tag">): string {
	const links = tag === "" ? LINKS[filter]() : t("linksTagged", { links: LINKS[filter](), tag });
	const order = ORDERS[sort]();
	const text = term.trim();
	return text === "" ? t("captionList", { links, order }) : t("captionSearch", { links, order, term: text });
}
