/**
 * Timestamps are kept in one canonical text form, "YYYY-MM-DDTHH:MM:SS.ffffffZ": fixed width, so text order
 * is time order, and microsecond precision, which is what Firestore stores (it truncates nanoseconds).
 */
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

const MIN_MS = new Date("0001-01-01T00:00:00Z").getTime();
const MAX_MS = new Date("9999-12-31T23:59:59.999Z").getTime();

export function formatMicros(micros: number): string {
	const ms = Math.floor(micros / 1000);
	const iso = new Date(ms).toISOString();
	const fraction = String(micros - ms * 1000).padStart(3, "0");
	return `${iso.slice(0, 23)}${fraction}Z`;
}

/** The canonical form of an RFC 3339 timestamp, or null if it is not one Firestore accepts. */
export function canonicalTimestamp(text: string): string | null {
	const match = RFC3339.exec(text);
	if (!match) return null;
	const [, year, month, day, hour, minute, second, fraction = "", sign, offsetHours, offsetMinutes] = match;
	const date = new Date(0);
	date.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
	date.setUTCHours(Number(hour), Number(minute), Number(second), 0);
	const consistent =
		date.getUTCMonth() === Number(month) - 1 &&
		date.getUTCDate() === Number(day) &&
		date.getUTCHours() === Number(hour) &&
		date.getUTCMinutes() === Number(minute) &&
		date.getUTCSeconds() === Number(second);
	if (!consistent) return null;
	let ms = date.getTime();
	if (sign) {
		const offset = (Number(offsetHours) * 60 + Number(offsetMinutes)) * 60_000;
		ms += sign === "+" ? -offset : offset;
	}
	if (ms < MIN_MS || ms > MAX_MS) return null;
	const micros = fraction.padEnd(6, "0").slice(0, 6);
	return `${new Date(ms).toISOString().slice(0, 19)}.${micros}Z`;
}

/** Microseconds since the epoch of a canonical timestamp. */
export const microsOf = (canonical: string): number =>
	Date.parse(`${canonical.slice(0, 19)}Z`) * 1000 + Number(canonical.slice(20, 26));

/** A clock whose readings strictly increase, so every commit has its own time and versions never collide. */
export class CommitClock {
	private last = 0;

	/** Moves the clock past a time already used (one loaded from disk). */
	observe(micros: number): void {
		this.last = Math.max(this.last, micros);
	}

	next(): number {
		this.last = Math.max(this.last + 1, Date.now() * 1000);
		return this.last;
	}

	now(): number {
		return Math.max(this.last, Date.now() * 1000);
	}
}
