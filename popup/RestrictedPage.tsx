import type { AppError } from "../src/errors";

/** A page no extension may shorten: said calmly, with the catalogue's reason, and nothing to retry. */
export function RestrictedPage({ error }: { error: AppError }) {
	return (
		<section className="popup-message">
			<h2 className="popup-message__title">This page cannot be shortened</h2>
			<p>{error.message}</p>
		</section>
	);
}
