import type { Session } from "../src/messages";
import { LinksSection } from "./LinksSection";
import type { PendingDeletes } from "./usePendingDeletes";
import type { Toasts } from "./useToasts";

export interface LinksAreaProps {
	session: Session | undefined;
	deletes: PendingDeletes;
	toasts: Toasts;
	/** Takes the reader to the sign-in form. */
	goToAccount: () => void;
}

/** The links of whoever is signed in (an anonymous session has links too); with nobody, a way to start. */
export function LinksArea({ session, deletes, toasts, goToAccount }: LinksAreaProps) {
	const user = session?.user ?? null;
	// Keyed by user: another account's list starts afresh, with nothing selected.
	if (user) return <LinksSection key={user.uid} deletes={deletes} toasts={toasts} />;
	return (
		<section className="links-section" aria-labelledby="links-heading">
			<h2 id="links-heading">Your links</h2>
			{session === undefined ? (
				<p role="status">Loading your links…</p>
			) : (
				<div className="empty-list">
					<p>Nobody is signed in, so there are no links to show.</p>
					<p>
						Shorten any page with Shorty's toolbar button to start, or{" "}
						<button type="button" className="link-button" onClick={goToAccount}>
							sign in to your account
						</button>
						.
					</p>
				</div>
			)}
		</section>
	);
}
