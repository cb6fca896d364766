import { type ActionPopup, fillPopupField, pressPopupButton } from "./extension";

/** The popup's own short link; the recent links below it use the same field. */
export const SHORT_LINK = ".short-link .copy-field__link";

/** The short link the popup shows, once it shows one: the field's text, which is the whole link. */
export function shownShortLink(popup: ActionPopup): Promise<string> {
	return popup.waitFor((selector) => document.querySelector(selector)?.textContent, SHORT_LINK);
}

/** Opens the alias form, types `alias` and saves it, as a user would. */
export async function saveAlias(popup: ActionPopup, alias: string): Promise<void> {
	await pressPopupButton(popup, "Custom alias");
	await fillPopupField(popup, "Alias", alias);
	await pressPopupButton(popup, "Save");
}
