/** What the user sees when shortening happened without the popup: a notification and a brief badge. */
import { browser } from "../src/browser";
import type { AppError } from "../src/errors";
import { errorText } from "../src/i18n/errorText";
import { t } from "../src/i18n/translate";
import type { Link } from "../src/links/types";

const BADGE_MS = 2_000;
const MESSAGE_CHARS = 120;

let badgeTimer: ReturnType<typeof setTimeout> | undefined;

function truncate(text: string): string {
	const characters = [...text];
	return characters.length <= MESSAGE_CHARS ? text : `${characters.slice(0, MESSAGE_CHARS - 1).join("")}…`;
}

async function flashBadge(text: string, color: string): Promise<void> {
	// A second shorten within the two seconds restarts the clock instead of being cleared by the first.
	clearTimeout(badgeTimer);
	await browser.action.setBadgeBackgroundColor({ color });
	await browser.action.setBadgeText({ text });
	// If the worker stops first, the badge simply stays until the next shorten replaces it.
	badgeTimer = setTimeout(() => void browser.action.setBadgeText({ text: "" }), BADGE_MS);
}

/**
 * Shows a notification under a fresh id (`<kind><time>`), after clearing what Shorty still shows of the same
 * `kinds`: pressing the shortcut twice on a page stacked two identical "Copied" notifications (or a failed copy's
 * beside its retry's success), where the newer says all. A fresh id, not the same one again, so that the
 * notification shows anew even where the system keeps the last in a list. The ids are read from the browser
 * rather than kept here, since the worker that showed one may have stopped since.
 */
async function announce(
	kind: string,
	kinds: readonly string[],
	title: string,
	message: string,
	badge: [string, string],
): Promise<void> {
	const shown = Object.keys(await browser.notifications.getAll().catch(() => ({})));
	const superseded = shown.filter((id) => kinds.some((earlier) => isOfKind(id, earlier)));
	await Promise.all(superseded.map((id) => browser.notifications.clear(id).catch(() => false)));
	await browser.notifications.create(`${kind}${Date.now()}`, {
		type: "basic",
		iconUrl: browser.runtime.getURL("icons/128.png"),
		title,
		message,
	});
	await flashBadge(...badge);
}

/**
 * Whether `id` was made by `announce` for `kind`: the time alone follows it, since an alias may hold a dash
 * (`shorty-link-shortener-…` is not of the kind `shorty-link-`).
 */
function isOfKind(id: string, kind: string): boolean {
	return id.startsWith(kind) && /^\d+$/.test(id.slice(kind.length));
}

/** Everything Shorty may be showing about one link: whether it was copied or not, the newest replaces it. */
function aboutLink(link: Link): [string, string] {
	return [`shorty-${link.code}-`, `shorty-not-copied-${link.code}-`];
}

export function announceCopied(link: Link): Promise<void> {
	const kinds = aboutLink(link);
	return announce(kinds[0], kinds, link.shortUrl, t("notifyCopied", { url: truncate(link.url) }), ["✓", "#17803d"]);
}

/** Why a link that was made is not on the clipboard. */
export type NotCopied = "clipboard-failed" | "newer-copied";

/** A link made but not copied: named by its short link, as a copied one is, so the user can find it. */
export function announceNotCopied(link: Link, why: NotCopied): Promise<void> {
	const message =
		why === "clipboard-failed"
			? errorText({ code: "clipboard-failed" })
			: t("notifyNewerCopied", { url: truncate(link.url) });
	const kinds = aboutLink(link);
	return announce(kinds[1], kinds, link.shortUrl, message, ["!", "#b54708"]);
}

export function announceFailure(error: AppError): Promise<void> {
	return announce("shorty-error-", ["shorty-error-"], t("notifyFailedTitle"), errorText(error), ["!", "#b42318"]);
}
