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
 * What a notification is about, the first parts of its id (`shorty-copied:<code>:<time>`): a colon, which no
 * code holds, ends each, so no code's id can be read as another's or as a failure's.
 */
type Subject = `shorty-${"copied" | "not-copied"}:${string}` | "shorty-error";

/** Whether a notification shown at `shownAt` about `subject` is one the new one takes the place of. */
type Replaces = (subject: string, shownAt: number) => boolean;

/** Announcements one at a time: each reads what is shown after the one before has shown its own. */
let announcing: Promise<unknown> = Promise.resolve();

/**
 * Shows a notification under a fresh id, after clearing those Shorty still shows that it `replaces`:
 * pressing the shortcut twice on a page stacked two identical "Copied" notifications (or a failed copy's
 * beside its retry's success), where the newer says all. A fresh id, not the same one again, so that the
 * notification shows anew even where the system keeps the last in a list. The ids are read from the browser
 * rather than kept here, since the worker that showed one may have stopped since; one without a colon is
 * from a version before these ids, and goes too.
 */
function announce(subject: Subject, replaces: Replaces, title: string, message: string, badge: [string, string]) {
	const shown = announcing.then(async () => {
		const ids = Object.keys(await browser.notifications.getAll().catch(() => ({})));
		const superseded = ids.filter((id) => {
			const at = id.lastIndexOf(":");
			return at === -1 || replaces(id.slice(0, at), Number(id.slice(at + 1)));
		});
		await Promise.all(superseded.map((id) => browser.notifications.clear(id).catch(() => false)));
		await browser.notifications.create(`${subject}:${Date.now()}`, {
			type: "basic",
			iconUrl: browser.runtime.getURL("icons/128.png"),
			title,
			message,
		});
	});
	announcing = shown.catch(() => undefined);
	return shown.then(() => flashBadge(...badge));
}

/**
 * What a link's notification replaces: the link's own before it, copied or not, and a failure shown before
 * its request was made (`askedAt`), which a shorten that worked since has made old news (a retry's, most
 * often); a failure that came while it was on its way is another request's, and stays.
 */
function aboutLink(link: Link, askedAt: number): { copied: Subject; notCopied: Subject; replaces: Replaces } {
	const copied: Subject = `shorty-copied:${link.code}`;
	const notCopied: Subject = `shorty-not-copied:${link.code}`;
	const replaces: Replaces = (subject, shownAt) =>
		subject === copied || subject === notCopied || (subject === "shorty-error" && shownAt < askedAt);
	return { copied, notCopied, replaces };
}

/** `askedAt`: when the click or keypress asked for the link (Date.now()). */
export function announceCopied(link: Link, askedAt: number): Promise<void> {
	const { copied, replaces } = aboutLink(link, askedAt);
	return announce(copied, replaces, link.shortUrl, t("notifyCopied", { url: truncate(link.url) }), ["✓", "#17803d"]);
}

/** Why a link that was made is not on the clipboard. */
export type NotCopied = "clipboard-failed" | "newer-copied";

/** A link made but not copied: named by its short link, as a copied one is, so the user can find it. */
export function announceNotCopied(link: Link, why: NotCopied, askedAt: number): Promise<void> {
	const message =
		why === "clipboard-failed"
			? errorText({ code: "clipboard-failed" })
			: t("notifyNewerCopied", { url: truncate(link.url) });
	const { notCopied, replaces } = aboutLink(link, askedAt);
	return announce(notCopied, replaces, link.shortUrl, message, ["!", "#b54708"]);
}

export function announceFailure(error: AppError): Promise<void> {
	const replaces: Replaces = (subject) => subject === "shorty-error";
	return announce("shorty-error", replaces, t("notifyFailedTitle"), errorText(error), ["!", "#b42318"]);
}
