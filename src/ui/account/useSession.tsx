import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import type { Session } from "../../messages";
import { useBackground } from "../BackgroundContext";
import { useBackgroundEvents } from "../BackgroundEvents";

export interface SessionValue {
	/** Undefined until the background has said who is signed in (and while it cannot). */
	session: Session | undefined;
	/** Takes the session a sign-in, sign-up or sign-out answered with, without waiting for the announcement. */
	accept(session: Session): void;
	/** The background did not say who is signed in (an error or no answer): say so, with `retry`. */
	unavailable: boolean;
	/** Asks the background again who is signed in. */
	retry(): void;
}

const SessionContext = createContext<SessionValue | null>(null);

/**
 * Who is signed in, for everything below it: asked once, then kept current by the background's
 * `session-changed` announcements, so a sign-in in another page (or the anonymous sign-in the first
 * shorten makes) shows here too. A question that fails is asked again on `retry`; an announcement
 * answers it too.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
	const call = useBackground();
	const [session, setSession] = useState<Session>();
	const [failed, setFailed] = useState(false);
	// Once an announcement or an answer has arrived, the first question's reply may be older than it.
	const settled = useRef(false);
	const accept = useCallback((next: Session) => {
		settled.current = true;
		setSession(next);
	}, []);

	useBackgroundEvents((event) => {
		if (event.type === "session-changed") accept(event.session);
	});

	// Returns the cancel: an answer that arrives after the page has gone (or the background changed) is dropped.
	const ask = useCallback(() => {
		let current = true;
		setFailed(false);
		void call({ type: "session" }).then((reply) => {
			if (!current || settled.current) return;
			if (reply.ok) setSession(reply.data);
			else setFailed(true);
		});
		return () => {
			current = false;
		};
	}, [call]);
	useEffect(ask, [ask]);
	const retry = useCallback(() => void ask(), [ask]);
	const unavailable = failed && session === undefined;
	const value = useMemo(() => ({ session, accept, unavailable, retry }), [session, accept, unavailable, retry]);
	return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
	const value = useContext(SessionContext);
	if (!value) throw new Error("useSession() needs a <SessionProvider> above it");
	return value;
}
