/**
 * A link's analytics from its day documents (clicks/{code}/days/{day}-{shard}, ./schema.ts): the shards
 * of each day folded together, every day of the window present (zero when nobody came), and the
 * referrers, devices and browsers summed over the window, largest first. Plain data in, plain data out:
 * no Firebase, so the folding is tested by itself.
 */
import { BROWSER_CLASSES, type BrowserClass, type DayCountsDocument, DEVICE_CLASSES, type DeviceClass } from "./schema";

/** The windows the detail view offers, in days (today included). */
export const ANALYTICS_WINDOWS = [30, 90] as const;
export type AnalyticsWindow = (typeof ANALYTICS_WINDOWS)[number];

export interface DayFigures {
	/** "yyyy-mm-dd", UTC. */
	day: string;
	people: number;
	bots: number;
}

/** A name and how many visits it had, e.g. ["news.ycombinator.com", 12]. */
export type Tally<Name extends string = string> = [name: Name, visits: number];

export interface LinkAnalytics {
	/** Oldest first, one entry for every day of the window. */
	days: DayFigures[];
	people: number;
	bots: number;
	/** Referring sites, most visits first; visits that sent no Referer are not among them. */
	referrers: Tally[];
	devices: Tally<DeviceClass>[];
	browsers: Tally<BrowserClass>[];
}

const DAY_MS = 86_400_000;

/** The UTC day of `time`, as the function names its buckets. */
export const dayOf = (time: number): string => new Date(time).toISOString().slice(0, 10);

/**
 * When the day document of `day` ("yyyy-mm-dd") may go: a day after the longest window last shows it (a
 * day of slack for a reader's clock behind the function's). Firestore's TTL policy deletes it some time
 * after, so a link keeps about that many days of documents, at most its shards a day, and deleting a link
 * costs that many deletes (./clickStore.ts), not one per document of its whole life.
 */
export function dayExpiresAt(day: string): Date {
	return new Date(Date.parse(`${day}T00:00:00Z`) + (Math.max(...ANALYTICS_WINDOWS) + 1) * DAY_MS);
}

/** The `length` days that end with the day of `now`, oldest first. */
export function windowDays(now: number, length: number): string[] {
	return Array.from({ length }, (_, index) => dayOf(now - (length - 1 - index) * DAY_MS));
}

/** A count as stored: a non-negative integer, or nothing. Anything else (a tampered document) counts as 0. */
const countOf = (value: unknown): number =>
	Number.isSafeInteger(value) && (value as number) > 0 ? (value as number) : 0;

function addInto(
	totals: Map<string, number>,
	counts: Record<string, unknown> | undefined,
	allowed?: readonly string[],
) {
	if (typeof counts !== "object" || counts === null) return;
	for (const [name, value] of Object.entries(counts)) {
		if (allowed && !allowed.includes(name)) continue;
		totals.set(name, (totals.get(name) ?? 0) + countOf(value));
	}
}

const ranked = <Name extends string>(totals: Map<string, number>): Tally<Name>[] =>
	([...totals] as Tally<Name>[])
		.filter(([, visits]) => visits > 0)
		.sort(([nameA, a], [nameB, b]) => b - a || nameA.localeCompare(nameB));

/** Folds the shards of `documents` into the days of `days` (oldest first); documents of other days are left out. */
export function foldDays(documents: readonly DayCountsDocument[], days: readonly string[]): LinkAnalytics {
	const byDay = new Map(days.map((day) => [day, { day, people: 0, bots: 0 }]));
	const referrers = new Map<string, number>();
	const devices = new Map<string, number>();
	const browsers = new Map<string, number>();
	for (const document of documents) {
		const figures = byDay.get(document.day);
		if (!figures) continue;
		figures.people += countOf(document.people);
		// Prefetches are browsers guessing, not visits: neither people nor bots.
		figures.bots += countOf(document.bots);
		addInto(referrers, document.referrers);
		addInto(devices, document.devices, DEVICE_CLASSES);
		addInto(browsers, document.browsers, BROWSER_CLASSES);
	}
	const shown = [...byDay.values()];
	return {
		days: shown,
		people: shown.reduce((sum, day) => sum + day.people, 0),
		bots: shown.reduce((sum, day) => sum + day.bots, 0),
		referrers: ranked(referrers),
		devices: ranked(devices),
		browsers: ranked(browsers),
	};
}
