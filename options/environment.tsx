import { createContext, type ReactNode, useContext } from "react";

/**
 * What the options page needs from the browser, as plain functions. Components get it from context, so
 * tests render them in jsdom with simple working implementations instead of mocked extension APIs.
 */
export interface OptionsEnvironment {
	/** Rejects when the browser refuses the clipboard. */
	copy(text: string): Promise<void>;
	/** Hands a finished file to the browser, as a download named `name`. */
	saveFile(file: Blob, name: string): void;
	/** Where short links live ("https://sho.rt/"): shown in Settings, and what edits are checked against. */
	shortLinkBase: string;
	/** The short-link site's other names (<project>.web.app, ...): an edit may not point at any of them either. */
	siteHosts: readonly string[];
}

const OptionsEnvironmentContext = createContext<OptionsEnvironment | null>(null);

export function OptionsEnvironmentProvider({
	environment,
	children,
}: {
	environment: OptionsEnvironment;
	children: ReactNode;
}) {
	return <OptionsEnvironmentContext.Provider value={environment}>{children}</OptionsEnvironmentContext.Provider>;
}

export function useOptionsEnvironment(): OptionsEnvironment {
	const environment = useContext(OptionsEnvironmentContext);
	if (!environment) throw new Error("useOptionsEnvironment() needs an <OptionsEnvironmentProvider> above it");
	return environment;
}
