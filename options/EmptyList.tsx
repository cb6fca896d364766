import { t } from "../src/i18n/translate";

/** What the table's place shows when there are no links to list: how to make one, or a way out of a search. */
export function EmptyList({ term, onClear }: { term: string; onClear: () => void }) {
	if (term.trim() === "") {
		return (
			<div className="empty-list">
				<p>{t("noLinksYet")}</p>
				<p>{t("noLinksHint", { menu: t("menuShortenLink") })}</p>
			</div>
		);
	}
	return (
		<div className="empty-list">
			<p>{t("noLinksMatch", { term: term.trim() })}</p>
			<button type="button" className="secondary-button" onClick={onClear}>
				{t("clearSearch")}
			</button>
		</div>
	);
}
