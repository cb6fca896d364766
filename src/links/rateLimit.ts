/**
 * What a `rate-limited` refusal tells the page that shows it: when links can be made again and, for an
 * anonymous session, how many an account may make. It travels as the error's detail, as data rather than
 * words, so that the page says it in the user's language and time format (src/i18n/errorText.ts). Plain
 * data, no Firebase: the popup's bundle reads it.
 */
export interface RateLimit {
	/** When the current window ends, in milliseconds since the epoch. */
	until: number;
	/** An account's hourly limit, given only to an anonymous session, for which signing up would help. */
	accountLimit?: number;
}

export const rateLimitDetail = (limit: RateLimit): string => JSON.stringify(limit);

/** The detail read back; null for a detail that is not one (an older worker's words). */
export function parseRateLimit(detail: string | undefined): RateLimit | null {
	try {
		const value: unknown = JSON.parse(detail ?? "");
		if (typeof value !== "object" || value === null) return null;
		const { until, accountLimit } = value as Record<string, unknown>;
		if (typeof until !== "number" || !Number.isFinite(until)) return null;
		return typeof accountLimit === "number" ? { until, accountLimit } : { until };
	} catch {
		return null;
	}
}
