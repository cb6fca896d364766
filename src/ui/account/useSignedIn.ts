import { useEffect, useRef } from "react";
import type { Session } from "../../messages";
import { useSession } from "./useSession";

type User = Session["user"];

/** Whether `user` is an account (not anonymous, not signed out) other than `before`. */
function isNewAccount(user: User, before: User): boolean {
	if (!user || user.anonymous) return false;
	return !before || before.anonymous || before.uid !== user.uid;
}

/**
 * Calls `onDone` once, with the first session that is signed in to an account other than the one known
 * when the forms opened: whether the form's own answer brings it (the returned function) or the
 * background's announcement does, after the form's request timed out but went through all the same.
 */
export function useSignedIn(onDone: (session: Session) => void): (session: Session) => void {
	const { session } = useSession();
	// The first session known here: forms opened before the session is read take the one that comes first.
	const opened = useRef<Session | undefined>(session);
	const done = useRef(false);
	const latest = useRef(onDone);
	latest.current = onDone;

	const finish = useRef((next: Session) => {
		if (done.current) return;
		done.current = true;
		latest.current(next);
	}).current;

	useEffect(() => {
		if (!session) return;
		if (!opened.current) opened.current = session;
		else if (isNewAccount(session.user, opened.current.user)) finish(session);
	}, [session, finish]);
	return finish;
}
