import { render, screen } from "@testing-library/react";
import { expect, vi } from "vitest";
import { type ActiveTab, type PopupEnvironment, PopupEnvironmentProvider } from "../../../popup/environment";
import { sendFirstRequests } from "../../../popup/firstRequests";
import { Popup } from "../../../popup/Popup";
import type { Link } from "../../../src/links/types";
import type { Handlers, RequestOf } from "../../../src/messages";
import { readSettings } from "../../../src/settings";
import { BackgroundProvider } from "../../../src/ui/BackgroundContext";
import { BackgroundEventsProvider } from "../../../src/ui/BackgroundEvents";
import { TestAccounts } from "../account/testAccounts";
import { inProcessBackground } from "../inProcessBackground";
import { TestNetwork } from "./testNetwork";

export const SHORT_LINK_BASE = "https://sho.rt/";

/** A clipboard that holds what was written, or refuses as a browser does for an unfocused document. */
export class TestClipboard {
	text = "";
	refuses = false;

	write = async (text: string): Promise<void> => {
		if (this.refuses) throw new DOMException("Document is not focused.", "NotAllowedError");
		this.text = text;
	};
}

/**
 * The popup's short link: a read-only textbox (the site quiet, the code large) whose text is the whole
 * link. `name` picks a recent link by its title.
 */
export function linkField(name = "Short link for this page"): HTMLElement {
	return screen.getByRole("textbox", { name });
}

/** The short link's own status ("Copied"): the one without a name, as the tags' is named "Tags". */
export function copyStatus(): HTMLElement {
	return screen.getByRole("status", { name: "" });
}

/** The short link the popup shows, once it shows `url`. */
export function findLink(url: string): Promise<HTMLElement> {
	return vi.waitFor(() => {
		const field = linkField();
		expect(field.textContent).toBe(url);
		return field;
	});
}

/** `field` has focus with all of its text selected, so Ctrl+C takes the whole link. */
export function expectSelected(field: HTMLElement): void {
	expect(document.activeElement).toBe(field);
	expect(window.getSelection()?.toString()).toBe(field.textContent);
}

export function linkFor(url: string, code = "aB3dE5g"): Link {
	return {
		code,
		url,
		host: new URL(url).host,
		title: "",
		shortUrl: `${SHORT_LINK_BASE}${code}`,
		createdAt: 1,
		updatedAt: 1,
		custom: false,
	};
}

/** storage.sync as the popup and the worker read the settings from it (src/settings.ts). */
export type SettingsStorage = Parameters<typeof readSettings>[0];

/** Storage that refuses every read, as a broken profile's does. */
export const unreadableSettings: SettingsStorage = {
	get: () => Promise.reject(new Error("storage.sync is unavailable")),
};

interface PopupSetup {
	tab: ActiveTab;
	/** Where the settings are kept; by default an area holding `autoCopy` and `shortenOnOpen`. */
	settingsStorage?: SettingsStorage;
	/** What the background does with a shorten; by default, a link to the requested URL. */
	shorten?: Handlers["shorten"];
	autoCopy?: boolean;
	shortenOnOpen?: boolean;
	clipboard?: TestClipboard;
	/** The background's accounts; by default nobody is signed in yet, as on a first run. */
	accounts?: TestAccounts;
	network?: TestNetwork;
	/** The background's other handlers the test needs (listLinks, ...); they replace the accounts' own. */
	handlers?: Partial<Handlers>;
}

/**
 * The popup against a real in-process background whose shorten handler the test supplies, a tab that is
 * simply given, a clipboard that records what it receives, and a network the test can switch off. As in
 * the extension, its first requests go out before it renders (popup/firstRequests.ts); `render` renders
 * it with whatever has arrived by then.
 */
export function popupSetup({
	tab,
	shorten,
	autoCopy = true,
	shortenOnOpen = true,
	clipboard = new TestClipboard(),
	accounts = new TestAccounts(),
	network = new TestNetwork(),
	handlers = {},
	settingsStorage = { get: async () => ({ autoCopy, shortenOnOpen }) },
}: PopupSetup) {
	const shortenRequests: RequestOf<"shorten">[] = [];
	const optionsOpened: string[] = [];
	const call = inProcessBackground({
		...accounts.handlers(),
		getSettings: () => readSettings(settingsStorage),
		...handlers,
		shorten: (request) => {
			shortenRequests.push(request);
			return shorten ? shorten(request) : linkFor(request.url);
		},
	});
	const environment: PopupEnvironment = {
		activeTab: async () => tab,
		settings: () => readSettings(settingsStorage),
		copy: clipboard.write,
		openOptions: () => optionsOpened.push("options"),
		shortLinkBase: SHORT_LINK_BASE,
		siteHosts: [],
		network,
	};
	const first = sendFirstRequests(call, environment);
	const renderNow = () =>
		render(
			<BackgroundProvider call={first.call}>
				<BackgroundEventsProvider events={accounts.events}>
					<PopupEnvironmentProvider environment={first.environment}>
						<Popup arrived={first.arrived()} />
					</PopupEnvironmentProvider>
				</BackgroundEventsProvider>
			</BackgroundProvider>,
		);
	return { clipboard, shortenRequests, optionsOpened, accounts, network, render: renderNow };
}

/** The popup set up as popupSetup does and rendered at once, before any of its first replies is in. */
export function renderPopup(setup: PopupSetup) {
	const popup = popupSetup(setup);
	popup.render();
	return popup;
}
