import { useState } from "react";
import { errorText } from "../../src/i18n/errorText";
import { formatNumber } from "../../src/i18n/translate";
import {
	ANALYTICS_WINDOWS,
	type AnalyticsWindow,
	type DayFigures,
	type LinkAnalytics,
} from "../../src/links/dayCounts";
import type { BrowserClass, DeviceClass } from "../../src/links/schema";
import { DayChart, shortDay } from "./DayChart";
import { TallyTable } from "./TallyTable";
import { useLinkAnalytics } from "./useLinkAnalytics";

const DEVICE_NAMES: Record<DeviceClass, string> = { desktop: "Desktop", mobile: "Mobile", tablet: "Tablet" };
const BROWSER_NAMES: Record<BrowserClass, string> = {
	chrome: "Chrome",
	edge: "Edge",
	firefox: "Firefox",
	safari: "Safari",
	opera: "Opera",
	samsung: "Samsung Internet",
	other: "Other",
};

const peopleWord = (count: number) => (count === 1 ? "person" : "people");
const botsWord = (count: number) => (count === 1 ? "bot" : "bots");
const people = (count: number) => `${formatNumber(count)} ${peopleWord(count)}`;

function summaryOf({ people: visitors, bots, days }: LinkAnalytics): string {
	const busiest = days.reduce<DayFigures | null>((best, day) => (day.people > (best?.people ?? 0) ? day : best), null);
	const peak = busiest ? `; the busiest day was ${shortDay(busiest.day)}, with ${people(busiest.people)}` : "";
	return `Clicks per day over the last ${days.length} days: ${people(visitors)} and ${formatNumber(bots)} ${botsWord(bots)}${peak}.`;
}

/** The figures of one window; while another window loads, the last one's stay, with their own period. */
function Figures({ analytics }: { analytics: LinkAnalytics }) {
	return (
		<>
			<p className="analytics__totals">
				<strong>{formatNumber(analytics.people)}</strong> {peopleWord(analytics.people)} and{" "}
				<strong>{formatNumber(analytics.bots)}</strong> {botsWord(analytics.bots)} in the last {analytics.days.length}{" "}
				days
			</p>
			<DayChart days={analytics.days} summary={summaryOf(analytics)} />
			<details className="analytics__days">
				<summary>Show the days as a table</summary>
				<table className="analytics__day-table">
					<thead>
						<tr>
							<th scope="col">Day</th>
							<th scope="col">People</th>
							<th scope="col">Bots</th>
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
					caption="Top referring sites"
					nameHeader="Site"
					tallies={analytics.referrers}
					empty="No visitor came from another site, or their browsers did not say."
				/>
				<TallyTable
					caption="Devices"
					nameHeader="Device"
					tallies={analytics.devices}
					label={(name) => DEVICE_NAMES[name]}
					empty="No visits from people yet."
				/>
				<TallyTable
					caption="Browsers"
					nameHeader="Browser"
					tallies={analytics.browsers}
					label={(name) => BROWSER_NAMES[name]}
					empty="No visits from people yet."
				/>
			</div>
		</>
	);
}

/** A link's visits over the last 30 or 90 days: a chart of the days, then where people came from and with what. */
export function LinkAnalyticsView({ code }: { code: string }) {
	const [period, setPeriod] = useState<AnalyticsWindow>(ANALYTICS_WINDOWS[0]);
	const { state, retry } = useLinkAnalytics(code, period);
	return (
		<div className="analytics__body" aria-busy={state.status === "loading"}>
			<fieldset className="analytics__windows">
				<legend className="visually-hidden">Period</legend>
				{ANALYTICS_WINDOWS.map((days) => (
					<button
						key={days}
						type="button"
						className="secondary-button"
						aria-pressed={period === days}
						onClick={() => setPeriod(days)}
					>
						Last {days} days
					</button>
				))}
			</fieldset>
			{state.status === "failed" && (
				<div className="notice notice--error" role="alert">
					<p>The analytics could not be loaded: {errorText(state.error)}</p>
					<button type="button" onClick={retry}>
						Try again
					</button>
				</div>
			)}
			{state.shown ? (
				<Figures analytics={state.shown} />
			) : (
				state.status === "loading" && <p role="status">Loading analytics…</p>
			)}
		</div>
	);
}
