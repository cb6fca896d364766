import { useEffect, useState } from "react";
import type { AppError } from "../src/errors";
import type { Session } from "../src/messages";
import { useBackground } from "../src/ui/BackgroundContext";
import { useBackgroundEvents } from "../src/ui/BackgroundEvents";

export type SessionState =
	| { status: "loading" }
	| { status: "ready"; session: Session }
	| { status: "failed"; error: AppError };

/** Who is signed in: asked once, then followed through the background's session-changed events. */
export function useSession(): SessionState {
	const call = useBackground();
	const [state, setState] = useState<SessionState>({ status: "loading" });

	useEffect(() => {
		let current = true;
		void call({ type: "session" }).then((reply) => {
			if (!current) return;
			// An event may have arrived first; it is newer than this answer, so it wins.
			setState((was) =>
				was.status === "ready"
					? was
					: reply.ok
						? { status: "ready", session: reply.data }
						: { status: "failed", error: reply.error },
			);
		});
		return () => {
			current = false;
		};
	}, [call]);

	useBackgroundEvents((event) => {
		if (event.type === "session-changed") setState({ status: "ready", session: event.session });
	});
	return state;
}
