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

async function announce(id: string, title: string, message: string, badge: [string, string]): Promise<void> {
	await browser.notifications.create(`${id}-${Date.now()}`, {
		type: "basic",
		iconUrl: browser.runtime.getURL("icons/128.png"),
		title,
		message,
	});
	await flashBadge(...badge);
}

export function announceCopied(link: Link): Promise<void> {
	return announce(`shorty-${link.code}`, link.shortUrl, t("notifyCopied", { url: truncate(link.url) }), [
		"✓",
		"#17803d",
	]);
}

/** Why a link that was made is not on the clipboard. */
export type NotCopied = "clipboard-failed" | "newer-copied";

/** A link made but not copied: named by its short link, as a copied one is, so the user can find it. */
export function announceNotCopied(link: Link, why: NotCopied): Promise<void> {
	const message =
		why === "clipboard-failed"
			? errorText({ code: "clipboard-failed" })
			: t("notifyNewerCopied", { url: truncate(link.url) });
	return announce(`shorty-not-copied-${link.code}`, link.shortUrl, message, ["!", "#b54708"]);
}

export function announceFailure(error: AppError): Promise<void> {
	return announce("shorty-error", t("notifyFailedTitle"), errorText(error), ["!", "#b42318"]);
}
