import { t } from "../src/i18n/translate";

/**
 * Stands in for ShortLinkView while the link is on its way, built from the same classes so every row
 * keeps its size and nothing moves when the link arrives.
 */
export function LinkSkeleton() {
	return (
		<section className="short-link" aria-busy="true">
			<div className="copy-field">
				<p className="copy-field__label">{t("shorteningThisPage")}</p>
				<div className="copy-field__link skeleton" aria-hidden="true" />
				<div className="copy-field__actions" aria-hidden="true">
					<p className="copy-field__status" />
					<div className="copy-field__button skeleton" />
				</div>
			</div>
			<div className="short-link__footer" aria-hidden="true">
				<div className="short-link__target skeleton" />
			</div>
		</section>
	);
}
