import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { type AppError, appError } from "../src/errors";
import { errorText } from "../src/i18n/errorText";
import type { Link } from "../src/links/types";
import { type PageToShorten, pageToShorten, shortenRequest, shortensOnOpen } from "../src/pageToShorten";
import { useSession } from "../src/ui/account/useSession";
import { useBackground } from "../src/ui/BackgroundContext";
import { type ActiveTab, usePopupEnvironment } from "./environment";

export type ShortLinkState =
	| { kind: "waiting" }
	| { kind: "restricted"; error: AppError }
	/**
	 * Nothing is sent until the user presses the button shown with the page: shortenOnOpen is off, the
	 * address is private, or another account has just signed in.
	 */
	| { kind: "idle"; page: PageToShorten }
	/** The user signed out on purpose: no account is made for them until they choose. */
	| { kind: "signed-out" }
	| { kind: "ready"; link: Link }
	| { kind: "failed"; message: string }
	| { kind: "offline"; message: string };

export interface ShortLink {
	state: ShortLinkState;
	/** Tries again, even while the browser says it is offline (a local backend may still answer). */
	retry(): void;
	/** "Shorten this page", when the popup waits to be asked. */
	shortenNow(): void;
	/** "Shorten without an account", after an explicit sign-out: the background may start an anonymous session. */
	shortenWithoutAccount(): void;
}

/**
 * Shortens `tab` (null while it is still being read) once it is wanted: at once when `shortenOnOpen`
 * (null until the settings are known), else when the user asks. A private address is never shortened
 * unasked: the link would publish it. Offline, nothing is sent; coming back online tries again by itself,
 * and so does going offline mid-request once the connection returns. Every try is safe to repeat: the
 * background returns the existing link for an address it already has.
 * After an explicit sign-out the background refuses to make an account unasked; the popup then offers
 * the choice, and shortens without an account only when told to. Another account signing in (or the
 * user signing in from that choice) puts the page back to "Shorten this page": the link shown belonged
 * to someone else, and a new one is made, and copied, only when asked. The account signing out takes its
 * link away and offers the same choice. Signing up from the anonymous session keeps its user, and so its
 * link.
 */
export function useShortLink(
	tab: ActiveTab | null,
	shortenOnOpen: boolean | null,
	online: boolean,
	/** The link of `tab` already made by the popup's first requests (firstRequests.ts), if any. */
	known?: Link,
): ShortLink {
	const call = useBackground();
	const { shortLinkBase, siteHosts } = usePopupEnvironment();
	const checked = useMemo(() => tab && pageToShorten(tab, shortLinkBase, siteHosts), [tab, shortLinkBase, siteHosts]);
	const page = checked?.ok ? checked.page : null;
	const [asked, setAsked] = useState(false);
	// Set once the account changed under the popup: from then on it waits to be asked.
	const [accountChanged, setAccountChanged] = useState(false);
	const [allowAnonymous, setAllowAnonymous] = useState(false);
	// A Retry press forces its try, and only that one: sent whatever navigator.onLine says.
	const [{ attempt, forced }, setTry] = useState({ attempt: 0, forced: false });
	const nextTry = useCallback(
		(forced: boolean) => setTry((previous) => ({ attempt: previous.attempt + 1, forced })),
		[],
	);
	const [link, setLink] = useState<Link | null>(known ?? null);
	// Tagged with its attempt, so a retry shows the skeleton at once and a late answer to an old try is ignored.
	const [failure, setFailure] = useState<{ attempt: number; error: AppError } | null>(null);
	// The account signed out while the popup was open: its link and tools went with it.
	const [accountLeft, setAccountLeft] = useState(false);

	const unasked = page !== null && shortenOnOpen !== null && !accountChanged && shortensOnOpen(page, shortenOnOpen);
	const wanted = page !== null && (unasked || asked);
	const failed = failure?.attempt === attempt ? failure.error : null;
	const signedOut = accountLeft || failed?.code === "signed-out-by-user";
	const sending = wanted && link === null && failed === null && (online || forced);

	useEffect(() => {
		if (!sending || page === null) return;
		let current = true;
		void call(shortenRequest(page, allowAnonymous)).then((reply) => {
			if (!current) return;
			if (reply.ok) setLink(reply.data);
			else setFailure({ attempt, error: reply.error });
		});
		// Going offline abandons this try (its answer is ignored); coming back online starts a new one.
		return () => {
			current = false;
		};
	}, [call, page, attempt, sending, allowAnonymous]);

	const retry = useCallback(() => nextTry(true), [nextTry]);

	// Going offline starts a new, unforced try, so the one out is abandoned even if Retry forced it. Back
	// online, a failure from the offline spell is forgotten, so the try is sent again (once: coming back
	// online alone re-sends a try that going offline abandoned).
	const wasOnline = useRef(online);
	useEffect(() => {
		if (!online && wasOnline.current) nextTry(false);
		if (online && !wasOnline.current) setFailure(null);
		wasOnline.current = online;
	}, [online, nextTry]);

	// Someone signed in: another account than the link's, or anyone while the popup offers the choice
	// after a sign-out. The page waits to be asked again, for that account. The account signing out (here
	// or in another page) takes its link away, whose alias and tags could no longer be saved, and the popup
	// offers the choice it offers when opened after a sign-out.
	const uid = useSession().session?.user?.uid ?? null;
	const owner = useRef(uid);
	useEffect(() => {
		const signedIn = uid !== null && ((owner.current !== null && owner.current !== uid) || signedOut);
		const left = uid === null && owner.current !== null;
		if (signedIn || left) {
			setLink(null);
			setFailure(null);
			setAsked(false);
			setAccountChanged(true);
			setAccountLeft(left);
		}
		owner.current = uid;
	}, [uid, signedOut]);

	const shortenNow = useCallback(() => setAsked(true), []);
	const shortenWithoutAccount = useCallback(() => {
		setAccountLeft(false);
		setAllowAnonymous(true);
		setAsked(true);
		nextTry(false);
	}, [nextTry]);

	let state: ShortLinkState = { kind: "waiting" };
	if (checked && !checked.ok) state = { kind: "restricted", error: checked.error };
	else if (link) state = { kind: "ready", link };
	else if (signedOut) state = { kind: "signed-out" };
	else if (page && !wanted && shortenOnOpen !== null) state = { kind: "idle", page };
	// Offline, any failure is most likely the connection: say that, not the error it caused.
	else if (wanted && !online && (failed || !forced))
		state = { kind: "offline", message: errorText(appError("offline")) };
	else if (failed) state = { kind: "failed", message: errorText(failed) };
	return { state, retry, shortenNow, shortenWithoutAccount };
}
