/** What the user sees when shortening happened without the popup: a notification and a brief badge. */
import { browser } from "../src/browser";
import type { AppError } from "../src/errors";
import type { Link } from "../src/links/types";

const BADGE_MS = 2_000;
const MESSAGE_CHARS = 120;

function shorten(text: string): string {
	const characters = [...text];
	return characters.length <= MESSAGE_CHARS ? text : `${characters.slice(0, MESSAGE_CHARS - 1).join("")}…`;
}

async function flashBadge(text: string, color: string): Promise<void> {
	await browser.action.setBadgeBackgroundColor({ color });
	await browser.action.setBadgeText({ text });
	// If the worker stops first, the badge simply stays until the next shorten replaces it.
	setTimeout(() => void browser.action.setBadgeText({ text: "" }), BADGE_MS);
}

export async function announceCopied(link: Link): Promise<void> {
	await browser.notifications.create(`shorty-${link.code}-${Date.now()}`, {
		type: "basic",
		iconUrl: browser.runtime.getURL("icons/128.png"),
		title: link.shortUrl,
		message: `Copied. Leads to ${shorten(link.url)}`,
	});
	await flashBadge("✓", "#17803d");
}

export async function announceFailure(error: AppError): Promise<void> {
	await browser.notifications.create(`shorty-error-${Date.now()}`, {
		type: "basic",
		iconUrl: browser.runtime.getURL("icons/128.png"),
		title: "Shorty could not shorten that",
		message: error.message,
	});
	await flashBadge("!", "#b42318");
}
