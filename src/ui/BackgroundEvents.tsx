import { createContext, type ReactNode, useContext, useEffect, useRef } from "react";
import type { BackgroundEvent } from "../messages";

/** Subscribes to what the background announces; returns the unsubscribe. */
export type BackgroundEvents = (listener: (event: BackgroundEvent) => void) => () => void;

/** A page mounted without a source hears nothing, which is what every test that does not care wants. */
const silence: BackgroundEvents = () => () => undefined;

// Through context, like the background call, so tests announce events in-process without extension APIs.
const BackgroundEventsContext = createContext<BackgroundEvents>(silence);

export function BackgroundEventsProvider({ events, children }: { events: BackgroundEvents; children: ReactNode }) {
	return <BackgroundEventsContext.Provider value={events}>{children}</BackgroundEventsContext.Provider>;
}

/** Calls `listener` (its latest version) for every background event while the component is mounted. */
export function useBackgroundEvents(listener: (event: BackgroundEvent) => void): void {
	const events = useContext(BackgroundEventsContext);
	const latest = useRef(listener);
	latest.current = listener;
	useEffect(() => events((event) => latest.current(event)), [events]);
}
