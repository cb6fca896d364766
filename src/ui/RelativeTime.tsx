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

/** A moment as "3 days ago", with the exact date and time on hover and in the machine-readable value. */
export function RelativeTime({ time, now = Date.now() }: { time: number; now?: number }) {
	return (
		<time dateTime={new Date(time).toISOString()} title={exactTimeText(time)}>
			{relativeTimeText(time, now)}
		</time>
	);
}
