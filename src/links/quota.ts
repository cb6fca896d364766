/**
 * The owner's count of new links, quotas/{uid} (./schema.ts), which firestore.rules requires in the batch
 * that creates a link: the rules, not the extension, hold a user to CREATION_LIMITS. Given the document
 * as read, this decides what the batch writes, or that the user must wait.
 */
import type { Timestamp } from "firebase/firestore/lite";
import { type AppError, appError } from "../errors";
import { rateLimitDetail } from "./rateLimit";
import { CREATION_LIMITS, CREATION_WINDOW_HOURS, type QuotaDocument } from "./schema";
import { incrementBy, SERVER_TIME, type WriteValue } from "./store/writes";
import type { Checked } from "./types";

export type StoredQuota = QuotaDocument<Timestamp>;
/** What the create batch merges into quotas/{uid}. */
export type QuotaWrite = { [Field in keyof QuotaDocument<unknown>]?: WriteValue };

const WINDOW_MS = CREATION_WINDOW_HOURS * 3_600_000;

export function creationLimit(anonymous: boolean): number {
	return anonymous ? CREATION_LIMITS.anonymous : CREATION_LIMITS.account;
}

/**
 * One more link in the current window, as an increment: the server adds it, so the owner's concurrent
 * shortens (other tabs, another browser) do not conflict, and it needs no read of the quota first. The
 * rules refuse it when there is no window yet or the window is full.
 */
export function oneMore(code: string): QuotaWrite {
	return { lastCode: code, lastAt: SERVER_TIME, created: incrementBy(1) };
}

/**
 * Counts the new link `code` from the quota as read: one more while the window is under `limit`; a new
 * window when there is none yet, or when the count is full and its hour is over by `now`. A window under
 * its limit is kept even when its hour is over: the rules accept that too, and only a new window depends
 * on this clock agreeing with the server's. A full window within its hour is `rate-limited`, saying when
 * the user can make links again.
 */
export function countNewLink(
	quota: StoredQuota | undefined,
	code: string,
	now: number,
	anonymous: boolean,
): Checked<QuotaWrite> {
	const newWindow = { lastCode: code, lastAt: SERVER_TIME, windowStart: SERVER_TIME, created: 1 };
	if (quota === undefined) return { ok: true, value: newWindow };
	if (quota.created < creationLimit(anonymous)) return { ok: true, value: oneMore(code) };
	const windowEnd = quota.windowStart.toMillis() + WINDOW_MS;
	if (now >= windowEnd) return { ok: true, value: newWindow };
	return { ok: false, error: rateLimited(windowEnd, anonymous) };
}

/**
 * The wait said when a full window this computer's clock thought over was refused (its clock runs ahead of
 * the server's): a guess, as by how much it runs ahead, and so when the server's hour ends, is not known
 * here. Clocks kept by the network differ by seconds; a minute is then an honest "shortly".
 */
export const CLOCK_AHEAD_WAIT_MS = 60_000;

/**
 * What the next commit counts after the server refused `sent`: as countNewLink, except that a new window
 * refused while the quota is still full means the server's clock says the window's hour is not over, and
 * this one runs ahead. That is `rate-limited` (not the rules' bare refusal, and no further commit), until
 * the window's end by this clock or, when that has passed here, CLOCK_AHEAD_WAIT_MS from now. Any refusal
 * of such a commit is read as the quota's: with the code still free, nothing else of it is refused.
 */
export function countAfterRefusal(
	sent: QuotaWrite,
	quota: StoredQuota | undefined,
	code: string,
	now: number,
	anonymous: boolean,
): Checked<QuotaWrite> {
	const newWindowRefused = sent.windowStart === SERVER_TIME && quota !== undefined;
	if (!newWindowRefused || quota.created < creationLimit(anonymous)) return countNewLink(quota, code, now, anonymous);
	const windowEnd = quota.windowStart.toMillis() + WINDOW_MS;
	return { ok: false, error: rateLimited(Math.max(windowEnd, now + CLOCK_AHEAD_WAIT_MS), anonymous) };
}

/** When the user may make links again, as data the page words in its own language (./rateLimit.ts). */
function rateLimited(windowEnd: number, anonymous: boolean): AppError {
	return appError(
		"rate-limited",
		rateLimitDetail(anonymous ? { until: windowEnd, accountLimit: CREATION_LIMITS.account } : { until: windowEnd }),
	);
}
