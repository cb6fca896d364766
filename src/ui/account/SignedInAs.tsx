import { useEffect, useId, useRef, useState } from "react";
import type { AppError } from "../../errors";
import type { Session } from "../../messages";
import { useBackground } from "../BackgroundContext";
import { FormError } from "./fields";
import { useLinkCount } from "./useLinkCount";
import { useSession } from "./useSession";
import "./account.css";
import { errorText } from "../../i18n/errorText";
import { t, tPlural } from "../../i18n/translate";
import { Message } from "../Message";

/** While the count is unknown the links are spoken of as several, as in the warning above the button. */
const UNKNOWN_MANY = 2;

type SignedIn = NonNullable<Session["user"]>;

/**
 * Who is signed in, and Sign out. An anonymous session's links belong to a user nobody can sign back in
 * to, so signing out of one that has links asks first, saying what it costs.
 */
export function SignedInAs({ user, onSignedOut }: { user: SignedIn; onSignedOut?: () => void }) {
	const call = useBackground();
	const { accept } = useSession();
	const count = useLinkCount(user.anonymous ? user.uid : null);
	const [confirming, setConfirming] = useState(false);
	const [pending, setPending] = useState(false);
	const [error, setError] = useState<AppError | null>(null);
	const warningId = useId();
	const signOutButton = useRef<HTMLButtonElement>(null);
	const confirmButton = useRef<HTMLButtonElement>(null);
	const asked = useRef(false);

	// Links deleted meanwhile (here or in another page) leave nothing to warn of: the question goes.
	useEffect(() => {
		if (confirming && count === 0) setConfirming(false);
	}, [confirming, count]);

	// Into the question when it appears, back to Sign out when it is cancelled (not on first render).
	useEffect(() => {
		if (confirming) asked.current = true;
		if (asked.current) (confirming ? confirmButton : signOutButton).current?.focus();
	}, [confirming]);

	async function signOut() {
		if (pending) return;
		setPending(true);
		setError(null);
		const reply = await call({ type: "signOut" });
		setPending(false);
		if (!reply.ok) return setError(reply.error);
		accept(reply.data);
		onSignedOut?.();
	}

	return (
		<div className="signed-in-as">
			<p className="signed-in-as__who">
				{user.anonymous ? (
					t("usingWithoutAccount")
				) : (
					<Message
						name="signedInAs"
						values={{ email: <strong className="signed-in-as__email">{user.email}</strong> }}
					/>
				)}
			</p>
			{confirming ? (
				<div className="account-notice account-notice--warning">
					<p id={warningId}>
						{count === null ? t("signOutLosesLinks") : tPlural("signOutLosesLinks", count, { count })}
					</p>
					<div className="signed-in-as__actions">
						<button
							ref={confirmButton}
							type="button"
							aria-describedby={warningId}
							aria-disabled={pending}
							onClick={() => void signOut()}
						>
							{pending ? t("signingOut") : tPlural("signOutAndLose", count ?? UNKNOWN_MANY, {})}
						</button>
						<button type="button" className="secondary-button" onClick={() => setConfirming(false)}>
							{t("cancel")}
						</button>
					</div>
				</div>
			) : (
				<button
					ref={signOutButton}
					type="button"
					className="secondary-button"
					aria-disabled={pending}
					onClick={() => (user.anonymous && count !== 0 ? setConfirming(true) : void signOut())}
				>
					{pending ? t("signingOut") : t("signOut")}
				</button>
			)}
			<FormError message={error && errorText(error)} />
		</div>
	);
}
