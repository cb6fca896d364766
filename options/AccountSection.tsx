import { type ReactNode, type Ref, useState } from "react";
import { useBackground } from "../src/ui/BackgroundContext";
import type { SessionState } from "./useSession";

export interface AccountSectionProps {
	session: SessionState;
	/**
	 * The sign-up, sign-in and password-reset forms (src/ui/account, shared with the popup) go here; this
	 * section shows who is signed in and offers sign-out.
	 */
	forms?: ReactNode;
	/** The heading, which takes focus when the links section sends someone here to sign in. */
	ref?: Ref<HTMLHeadingElement>;
}

/** Who is signed in, with sign-out, and the account forms. */
export function AccountSection({ session, forms, ref }: AccountSectionProps) {
	return (
		<section className="account" aria-labelledby="account-heading">
			<h2 id="account-heading" ref={ref} tabIndex={-1}>
				Account
			</h2>
			<SessionSummary session={session} />
			{forms}
		</section>
	);
}

function SessionSummary({ session }: { session: SessionState }) {
	const call = useBackground();
	const [error, setError] = useState<string | null>(null);
	if (session.status === "loading") return <p>Checking who is signed in…</p>;
	if (session.status === "failed") return <p className="error-text">{session.error.message}</p>;
	const { user } = session.session;
	if (!user)
		return <p>Not signed in. Shortening a page starts a private session; sign in to see an account's links.</p>;
	if (user.anonymous) {
		return (
			<p>
				Anonymous session: your links are kept, but only this browser can reach them until you create an account (your
				links come with you).
			</p>
		);
	}
	return (
		<div className="account__signed-in">
			<p>
				Signed in as <strong>{user.email}</strong>.
			</p>
			<button
				type="button"
				className="secondary-button"
				onClick={async () => {
					setError(null);
					const reply = await call({ type: "signOut" });
					if (!reply.ok) setError(reply.error.message);
				}}
			>
				Sign out
			</button>
			{error && (
				<p className="error-text" role="alert">
					{error}
				</p>
			)}
		</div>
	);
}
