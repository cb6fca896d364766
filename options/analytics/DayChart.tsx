import { formatNumber, t, tPlural, uiLocale } from "../../src/i18n/translate";
import type { DayFigures } from "../../src/links/dayCounts";

/** Drawing units per day and of the chart's height; the SVG stretches to the dialog's width. */
const BAR = 10;
const GAP = 2;
const HEIGHT = 100;

/**
 * The top of the scale: the first of 1, 2, 4, 6, 8 or 10 times a power of ten at or above the busiest day,
 * so the bars fill at least half the height and the middle line is a whole number.
 */
export function scaleTop(busiest: number): number {
	if (busiest <= 2) return 2;
	const power = 10 ** Math.floor(Math.log10(busiest));
	return ([1, 2, 4, 6, 8, 10].find((step) => step * power >= busiest) ?? 10) * power;
}

/** "Nov 3" in the page's language, for the day "2026-11-03" (UTC, as it was counted). */
export const shortDay = (day: string) =>
	new Intl.DateTimeFormat(uiLocale(), { month: "short", day: "numeric", timeZone: "UTC" }).format(
		new Date(`${day}T00:00:00Z`),
	);

/** "1 person", "3 people", in the page's language. */
export const peopleCount = (count: number) => tPlural("analyticsPeople", count, { count });
export const botsCount = (count: number) => tPlural("analyticsBots", count, { count });

/**
 * Clicks per day as stacked bars, people below bots, hand-drawn in SVG. The picture is one image with a
 * summary for screen readers; the figures themselves are in the table that follows it.
 */
export function DayChart({ days, summary }: { days: DayFigures[]; summary: string }) {
	const top = scaleTop(Math.max(0, ...days.map((day) => day.people + day.bots)));
	const y = (count: number) => (count / top) * HEIGHT;
	const first = days[0];
	const last = days.at(-1);
	return (
		<figure className="day-chart">
			<div className="day-chart__plot">
				<div className="day-chart__scale" aria-hidden="true">
					<span>{formatNumber(top)}</span>
					<span>{formatNumber(top / 2)}</span>
					<span>0</span>
				</div>
				<svg
					className="day-chart__bars"
					viewBox={`0 0 ${days.length * BAR} ${HEIGHT}`}
					preserveAspectRatio="none"
					role="img"
					aria-label={summary}
				>
					<line className="day-chart__grid" x1="0" x2={days.length * BAR} y1="0.5" y2="0.5" />
					<line className="day-chart__grid" x1="0" x2={days.length * BAR} y1={HEIGHT / 2} y2={HEIGHT / 2} />
					{days.map((day, index) => (
						<g key={day.day}>
							<title>
								{t("analyticsDayFigures", {
									day: shortDay(day.day),
									people: peopleCount(day.people),
									bots: botsCount(day.bots),
								})}
							</title>
							<rect
								className="day-chart__people"
								x={index * BAR + GAP / 2}
								width={BAR - GAP}
								y={HEIGHT - y(day.people)}
								height={y(day.people)}
							/>
							<rect
								className="day-chart__bots"
								x={index * BAR + GAP / 2}
								width={BAR - GAP}
								y={HEIGHT - y(day.people + day.bots)}
								height={y(day.bots)}
							/>
						</g>
					))}
				</svg>
			</div>
			<div className="day-chart__days" aria-hidden="true">
				<span>{first && shortDay(first.day)}</span>
				<span>{last && shortDay(last.day)}</span>
			</div>
			<figcaption className="day-chart__legend">
				<span className="day-chart__key day-chart__key--people">{t("analyticsPeopleColumn")}</span>
				<span className="day-chart__key day-chart__key--bots">{t("analyticsBotsLegend")}</span>
			</figcaption>
		</figure>
	);
}
