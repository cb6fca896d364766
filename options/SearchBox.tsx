import { useEffect, useId, useState } from "react";
import { t } from "../src/i18n/translate";

/**
 * How long typing must pause before the search runs. A search is a lookup in the worker's copy of the
 * links, so this only spares the table from redrawing at every key of a fast typist.
 */
const SEARCH_DELAY_MS = 120;

export interface SearchBoxProps {
	/** The term in effect (from the URL hash); the field follows it on back/forward. */
	term: string;
	onSearch: (term: string) => void;
}

/** The search field: searches once typing pauses; Escape clears it at once. */
export function SearchBox({ term, onSearch }: SearchBoxProps) {
	const id = useId();
	const hintId = useId();
	const [value, setValue] = useState(term);

	useEffect(() => setValue(term), [term]);

	useEffect(() => {
		if (value === term) return;
		const timer = setTimeout(() => onSearch(value), SEARCH_DELAY_MS);
		return () => clearTimeout(timer);
	}, [value, term, onSearch]);

	return (
		// biome-ignore lint/a11y/useSemanticElements: <search> arrived in Chrome 118, and the manifest accepts Chrome 116.
		<div className="search-box" role="search">
			<label htmlFor={id}>{t("searchLinks")}</label>
			<input
				id={id}
				type="search"
				value={value}
				spellCheck={false}
				aria-describedby={hintId}
				onChange={(event) => setValue(event.target.value)}
				onKeyDown={(event) => {
					if (event.key !== "Escape" || value === "") return;
					event.preventDefault();
					setValue("");
					onSearch("");
				}}
			/>
			<p id={hintId} className="search-box__hint">
				{t("searchHint")}
			</p>
		</div>
	);
}
