import type { AppError } from "../src/errors";
import { errorText } from "../src/i18n/errorText";
import { t } from "../src/i18n/translate";

/** A page no extension may shorten: said calmly, with the catalogue's reason, and nothing to retry. */
export function RestrictedPage({ error }: { error: AppError }) {
	return (
		<section className="popup-message">
			<h2 className="popup-message__title">{t("cannotShortenTitle")}</h2>
			<p>{errorText(error)}</p>
		</section>
	);
}
