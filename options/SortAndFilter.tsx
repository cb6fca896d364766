import { useId } from "react";
import { formatNumber, t } from "../src/i18n/translate";
import { type TagCount, tagKey } from "../src/links/tags";
import { LINK_FILTERS, LINK_SORTS, type LinkFilter, type LinkSort } from "../src/links/types";

const SORT_NAMES: Record<LinkSort, () => string> = {
	newest: () => t("sortNewest"),
	oldest: () => t("sortOldest"),
	title: () => t("sortTitle"),
	clicks: () => t("sortClicks"),
};

const FILTER_NAMES: Record<LinkFilter, () => string> = {
	all: () => t("filterAll"),
	custom: () => t("filterCustom"),
	generated: () => t("filterGenerated"),
	clicked: () => t("filterClicked"),
};

export interface SortAndFilterProps {
	sort: LinkSort;
	filter: LinkFilter;
	onSort: (sort: LinkSort) => void;
	onFilter: (filter: LinkFilter) => void;
	/** The chosen tag; empty for any. */
	tag: string;
	tags: readonly TagCount[];
	onTag: (tag: string) => void;
}

/**
 * The order, the kind and the tag of the links listed, as native selects: the keyboard, screen readers
 * and touch get the platform's own list, and arrow keys change the value in place.
 */
export function SortAndFilter({ sort, filter, onSort, onFilter, tag, tags, onTag }: SortAndFilterProps) {
	return (
		<div className="sort-and-filter">
			<Choice label={t("sortLabel")} value={sort} values={LINK_SORTS} names={SORT_NAMES} onChange={onSort} />
			<Choice label={t("filterLabel")} value={filter} values={LINK_FILTERS} names={FILTER_NAMES} onChange={onFilter} />
			<TagChoice tag={tag} tags={tags} onTag={onTag} />
		</div>
	);
}

/**
 * "Any tag" and each of the user's tags with how many links have it. A tag the list does not hold (from
 * an address typed or bookmarked, or before the list arrives) is offered too, so the select shows what
 * the table lists.
 */
function TagChoice({ tag, tags, onTag }: Pick<SortAndFilterProps, "tag" | "tags" | "onTag">) {
	const id = useId();
	const listed = tags.find((known) => tagKey(known.tag) === tagKey(tag));
	const value = listed?.tag ?? tag;
	return (
		<div className="sort-and-filter__field">
			<label htmlFor={id}>{t("tagLabel")}</label>
			<select id={id} value={value} onChange={(event) => onTag(event.target.value)}>
				<option value="">{t("tagAny")}</option>
				{tag !== "" && !listed && <option value={tag}>{tag}</option>}
				{tags.map((known) => (
					<option key={tagKey(known.tag)} value={known.tag}>
						{t("tagWithCount", { tag: known.tag, count: formatNumber(known.count) })}
					</option>
				))}
			</select>
		</div>
	);
}

interface ChoiceProps<T extends string> {
	label: string;
	value: T;
	values: readonly T[];
	names: Record<T, () => string>;
	onChange: (value: T) => void;
}

function Choice<T extends string>({ label, value, values, names, onChange }: ChoiceProps<T>) {
	const id = useId();
	return (
		<div className="sort-and-filter__field">
			<label htmlFor={id}>{label}</label>
			<select id={id} value={value} onChange={(event) => onChange(event.target.value as T)}>
				{values.map((choice) => (
					<option key={choice} value={choice}>
						{names[choice]()}
					</option>
				))}
			</select>
		</div>
	);
}
