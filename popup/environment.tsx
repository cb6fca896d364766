import { createContext, type ReactNode, useContext } from "react";
import type { Settings } from "../src/messages";
import type { TabAddress } from "../src/pageToShorten";

/** The tab the popup was opened on. */
export type ActiveTab = TabAddress;

/**
 * What the popup needs from the browser, as plain functions. Components get it from context, so tests
 * render them in jsdom with simple working implementations instead of mocked extension APIs.
 */
export interface PopupEnvironment {
	activeTab(): Promise<ActiveTab>;
	/** The settings as stored (src/settings.ts), read without the worker for the popup's first requests. */
	settings(): Promise<Settings>;
	/** Rejects when the browser refuses the clipboard. */
	copy(text: string): Promise<void>;
	openOptions(): void;
	/** Where short links live ("https://sho.rt/"), so a short link is recognised before any request. */
	shortLinkBase: string;
	/** The short-link site's other names (shortLinkSiteHosts), recognised as short links too. */
	siteHosts: readonly string[];
	network: Network;
}

/** Whether the browser has a network connection, and word when that changes. */
export interface Network {
	online(): boolean;
	/** Calls `listener` whenever the answer may have changed; returns the unsubscribe. */
	subscribe(listener: () => void): () => void;
}

const PopupEnvironmentContext = createContext<PopupEnvironment | null>(null);

export function PopupEnvironmentProvider({
	environment,
	children,
}: {
	environment: PopupEnvironment;
	children: ReactNode;
}) {
	return <PopupEnvironmentContext.Provider value={environment}>{children}</PopupEnvironmentContext.Provider>;
}

export function usePopupEnvironment(): PopupEnvironment {
	const environment = useContext(PopupEnvironmentContext);
	if (!environment) throw new Error("usePopupEnvironment() needs a <PopupEnvironmentProvider> above it");
	return environment;
}
