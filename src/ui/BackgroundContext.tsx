import { createContext, type ReactNode, useContext } from "react";
import type { BackgroundCall } from "../messages";

// Components receive the client through context rather than importing it, so tests can render
// them against an in-process background without loading extension APIs.
const BackgroundContext = createContext<BackgroundCall | null>(null);

export function BackgroundProvider({ call, children }: { call: BackgroundCall; children: ReactNode }) {
	return <BackgroundContext.Provider value={call}>{children}</BackgroundContext.Provider>;
}

export function useBackground(): BackgroundCall {
	const call = useContext(BackgroundContext);
	if (!call) throw new Error("useBackground() needs a <BackgroundProvider> above it");
	return call;
}
