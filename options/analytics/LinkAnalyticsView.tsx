import { useRef, useState } from "react";
import { errorText } from "../../src/i18n/errorText";
import { formatNumber, t } from "../../src/i18n/translate";
import {
	ANALYTICS_WINDOWS,
	type AnalyticsWindow,
	type DayFigures,
	type LinkAnalytics,
} from "../../src/links/dayCounts";
import type { BrowserClass, DeviceClass } from "../../src/links/schema";
import { botsCount, DayChart, peopleCount, shortDay } from "./DayChart";
import { TallyTable } from "./TallyTable";
import { useLinkAnalytics } from "./useLinkAnalytics";

const deviceName = (device: DeviceClass): string =>
	({ desktop: t("deviceDesktop"), mobile: t("deviceMobile"), tablet: t("deviceTablet") })[device];
/** Browser names are brands, the same in every language, but for "other". */
const BROWSER_BRANDS: Record<Exclude<BrowserClass, "other">, string> = {
	chrome: "Chrome",
	edge: "Edge",
	firefox: "Firefox",
	safari: "Safari",
	opera: "Opera",
	samsung: "Samsung Internet",
};
const browserName = (browser: BrowserClass): string =>
	browser === "other" ? t("browserOther") : BROWSER_BRANDS[browser];

function summaryOf({ people, bots, days }: LinkAnalytics): string {
	const busiest = days.reduce<DayFigures | null>((best, day) => (day.people > (best?.people ?? 0) ? day : best), null);
	const totals = { days: days.length, people: peopleCount(people), bots: botsCount(bots) };
	return busiest
		? t("analyticsSummaryPeak", { ...totals, day: shortDay(busiest.day), peak: peopleCount(busiest.people) })
		: t("analyticsSummary", totals);
}

/** The figures of one window; while another window loads, the last one's stay, with their own period. */
function Figures({ analytics }: { analytics: LinkAnalytics }) {
	return (
		<>
			<p className="analytics__totals">
				{t("analyticsTotals", {
					people: peopleCount(analytics.people),
					bots: botsCount(analytics.bots),
					days: analytics.days.length,
				})}
			</p>
			<DayChart days={analytics.days} summary={summaryOf(analytics)} />
			<details className="analytics__days">
				<summary>{t("analyticsShowTable")}</summary>
				<table className="analytics__day-table">
					<thead>
						<tr>
							<th scope="col">{t("analyticsDay")}</th>
							<th scope="col">{t("analyticsPeopleColumn")}</th>
							<th scope="col">{t("analyticsBotsColumn")}</th>
						</tr>
					</thead>
					<tbody>
						{[...analytics.days].reverse().map((day) => (
							<tr key={day.day}>
								<th scope="row">
									<time dateTime={day.day}>{shortDay(day.day)}</time>
								</th>
								<td>{formatNumber(day.people)}</td>
								<td>{formatNumber(day.bots)}</td>
							</tr>
						))}
					</tbody>
				</table>
			</details>
			<div className="analytics__tallies">
				<TallyTable
					caption={t("analyticsReferrers")}
					nameHeader={t("analyticsSite")}
					tallies={analytics.referrers}
					empty={t("analyticsNoReferrers")}
				/>
				<TallyTable
					caption={t("analyticsDevices")}
					nameHeader={t("analyticsDevice")}
					tallies={analytics.devices}
					label={deviceName}
					empty={t("analyticsNoPeople")}
				/>
				<TallyTable
					caption={t("analyticsBrowsers")}
					nameHeader={t("analyticsBrowser")}
					tallies={analytics.browsers}
					label={browserName}
					empty={t("analyticsNoPeople")}
				/>
			</div>
		</>
	);
}

/** A link's visits over the last 30 or 90 days: a chart of the days, then where people came from and with what. */
export function LinkAnalyticsView({ code }: { code: string }) {
	const [period, setPeriod] = useState<AnalyticsWindow>(ANALYTICS_WINDOWS[0]);
	const { state, retry } = useLinkAnalytics(code, period);
	const periods = useRef<HTMLFieldSetElement>(null);
	return (
		<div className="analytics__body" aria-busy={state.status === "loading"}>
			<fieldset className="analytics__windows" ref={periods}>
				<legend className="visually-hidden">{t("analyticsPeriod")}</legend>
				{ANALYTICS_WINDOWS.map((days) => (
					<button
						key={days}
						type="button"
						className="secondary-button"
						aria-pressed={period === days}
						onClick={() => setPeriod(days)}
					>
						{t("analyticsLastDays", { days })}
					</button>
				))}
			</fieldset>
			{state.status === "failed" && (
				<div className="notice notice--error" role="alert">
					<p>{t("analyticsFailed", { error: errorText(state.error) })}</p>
					<button
						type="button"
						onClick={() => {
							// The button goes with the failure: focus stays in the dialog, on the period asked again.
							periods.current?.querySelector<HTMLElement>("[aria-pressed=true]")?.focus();
							retry();
						}}
					>
						{t("tryAgain")}
					</button>
				</div>
			)}
			{state.shown ? (
				<Figures analytics={state.shown} />
			) : (
				state.status === "loading" && <p role="status">{t("analyticsLoading")}</p>
			)}
		</div>
	);
}
