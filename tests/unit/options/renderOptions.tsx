import { cleanup, configure, render, screen, within } from "@testing-library/react";
import { vi } from "vitest";
import { OptionsEnvironmentProvider } from "../../../options/environment";
import { Options } from "../../../options/Options";
import { BackgroundProvider } from "../../../src/ui/BackgroundContext";
import { BackgroundEventsProvider } from "../../../src/ui/BackgroundEvents";
import { type OptionsBackground, SHORT_LINK_BASE, SITE_HOSTS } from "./localBackground";

// Every answer crosses a real Firestore server on a machine shared with other suites: allow it time.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

/** Files the page handed to the browser to download. */
export interface SavedFile {
	name: string;
	file: Blob;
}

export interface OptionsPage {
	clipboard: string[];
	saved: SavedFile[];
}

/** The options page against `background`, with a clipboard and downloads that record what they get. */
export function renderOptions(background: OptionsBackground): OptionsPage {
	const page: OptionsPage = { clipboard: [], saved: [] };
	const environment = {
		copy: async (text: string) => {
			page.clipboard.push(text);
		},
		saveFile: (file: Blob, name: string) => page.saved.push({ name, file }),
		shortLinkBase: SHORT_LINK_BASE,
		siteHosts: SITE_HOSTS,
	};
	render(
		<BackgroundProvider call={background.call}>
			<BackgroundEventsProvider events={background.hub.events}>
				<OptionsEnvironmentProvider environment={environment}>
					<Options />
				</OptionsEnvironmentProvider>
			</BackgroundEventsProvider>
		</BackgroundProvider>,
	);
	return page;
}

/** Unmounts the page and forgets its place and remembered page size, as a new tab would. */
export function resetPage(): void {
	cleanup();
	history.replaceState(null, "", "/");
	localStorage.clear();
}

/** The links table: a grid, whose rows move by arrow keys. */
export function linksTable(): HTMLElement {
	return screen.getByRole("grid");
}

/** The short links in the table, top to bottom, as shown ("sho.rt/abc1234"). */
export function shownCodes(): string[] {
	return within(linksTable())
		.getAllByRole("rowheader")
		.map((cell) => within(cell).getByRole("link").textContent?.replace("sho.rt/", "") ?? "");
}

/** "1–25 of 253" and the like. */
export function rangeShown(): string {
	return within(screen.getByRole("navigation", { name: "Pages of links" })).getByText(/ of /).textContent ?? "";
}
