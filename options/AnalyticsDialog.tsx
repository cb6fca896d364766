import { useEffect, useRef } from "react";
import { t } from "../src/i18n/translate";
import type { Link } from "../src/links/types";
import { displayUrl } from "../src/ui/displayUrl";
import { useLazyComponent } from "../src/ui/useLazyComponent";

/** The chart and its tables: code most visits to the options page never run, fetched when the dialog opens. */
const loadAnalyticsView = () => import("./analytics/LinkAnalyticsView").then((module) => module.LinkAnalyticsView);

/**
 * One link's analytics in a modal dialog: the browser keeps focus inside it, Escape closes it, and
 * focus returns to the button that opened it. The dialog opens at once; its content follows.
 */
export function AnalyticsDialog({ link, onClose }: { link: Link; onClose: () => void }) {
	const dialog = useRef<HTMLDialogElement>(null);
	const View = useLazyComponent(loadAnalyticsView);
	const short = displayUrl(link.shortUrl);

	useEffect(() => {
		dialog.current?.showModal();
	}, []);

	return (
		<dialog ref={dialog} className="analytics" aria-labelledby="analytics-heading" onClose={onClose}>
			<div className="analytics__header">
				<h2 id="analytics-heading">{t("analyticsFor", { link: short })}</h2>
				<button type="button" className="secondary-button" onClick={() => dialog.current?.close()}>
					{t("analyticsClose")}
				</button>
			</div>
			<p className="analytics__target" title={link.url}>
				{link.title || link.url}
			</p>
			{View === "loading" ? (
				<p role="status">{t("analyticsLoading")}</p>
			) : View === "failed" ? (
				<p className="notice notice--error" role="alert">
					{t("analyticsUnavailable")}
				</p>
			) : (
				<View code={link.code} />
			)}
		</dialog>
	);
}
