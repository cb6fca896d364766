import { useId } from "react";
import { t } from "../src/i18n/translate";
import { SEARCH_FILTERS, SEARCH_SORTS, type SearchFilter, type SearchSort } from "../src/messages";

const SORT_NAMES: Record<SearchSort, () => string> = {
	newest: () => t("sortNewest"),
	oldest: () => t("sortOldest"),
	title: () => t("sortTitle"),
};

const FILTER_NAMES: Record<SearchFilter, () => string> = {
	all: () => t("filterAll"),
	custom: () => t("filterCustom"),
	generated: () => t("filterGenerated"),
};

export interface SortAndFilterProps {
	sort: SearchSort;
	filter: SearchFilter;
	onSort: (sort: SearchSort) => void;
	onFilter: (filter: SearchFilter) => void;
}

/**
 * The order and the kind of links listed, as two native selects: the keyboard, screen readers and
 * touch get the platform's own list, and arrow keys change the value in place.
 */
export function SortAndFilter({ sort, filter, onSort, onFilter }: SortAndFilterProps) {
	return (
		<div className="sort-and-filter">
			<Choice label={t("sortLabel")} value={sort} values={SEARCH_SORTS} names={SORT_NAMES} onChange={onSort} />
			<Choice
				label={t("filterLabel")}
				value={filter}
				values={SEARCH_FILTERS}
				names={FILTER_NAMES}
				onChange={onFilter}
			/>
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
