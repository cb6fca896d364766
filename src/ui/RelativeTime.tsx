import { useEffect, useState } from "react";
import { uiLocale } from "../i18n/translate";

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
	["year", 365 * 24 * 3600_000],
	["month", 30 * 24 * 3600_000],
	["week", 7 * 24 * 3600_000],
	["day", 24 * 3600_000],
	["hour", 3600_000],
	["minute", 60_000],
];

/** "3 days ago", "in 2 hours", "now": the largest unit that fits, in the reader's language. */
export function relativeTimeText(time: number, now: number, locale?: string): string {
	const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
	const elapsed = time - now;
	for (const [unit, size] of UNITS) {
		if (Math.abs(elapsed) >= size) return format.format(Math.trunc(elapsed / size), unit);
	}
	return format.format(0, "second");
}

export function exactTimeText(time: number, locale?: string): string {
	return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(time);
}

/** The smallest unit shown is a minute, so a label is at most this late in changing. */
const TICK_MS = 30_000;

/** Date.now(), renewed every TICK_MS while mounted: a page left open keeps "5 minutes ago" true. */
function useNow(): number {
	const [now, setNow] = useState(Date.now);
	useEffect(() => {
		const timer = setInterval(() => setNow(Date.now()), TICK_MS);
		return () => clearInterval(timer);
	}, []);
	return now;
}

/** A moment as "3 days ago", kept current; the exact date and time on hover and in the machine-readable value. */
export function RelativeTime({ time }: { time: number }) {
	return (
		<time dateTime={new Date(time).toISOString()} title={exactTimeText(time, uiLocale())}>
			{relativeTimeText(time, useNow(), uiLocale())}
		</time>
	);
}
