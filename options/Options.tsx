import { useRef } from "react";
import { BackgroundStatus } from "../src/ui/BackgroundStatus";
import { Brand } from "../src/ui/Brand";
import { AccountSection } from "./AccountSection";
import { LinksSection } from "./LinksSection";
import { SettingsSection } from "./SettingsSection";
import { type SessionState, useSession } from "./useSession";

/** The options page: every link, then settings, the account and the connection to the background. */
export function Options() {
	const session = useSession();
	const accountHeading = useRef<HTMLHeadingElement>(null);
	return (
		<div className="options">
			<header>
				<Brand title="Shorty options" />
			</header>
			<main>
				<Links session={session} goToAccount={() => accountHeading.current?.focus()} />
				<SettingsSection />
				<AccountSection ref={accountHeading} session={session} />
			</main>
			<footer>
				<section aria-labelledby="connection-heading">
					<h2 id="connection-heading">Connection</h2>
					<BackgroundStatus />
				</section>
			</footer>
		</div>
	);
}

/** The links of whoever is signed in (an anonymous session has links too); with nobody, a way to start. */
function Links({ session, goToAccount }: { session: SessionState; goToAccount: () => void }) {
	const user = session.status === "ready" ? session.session.user : null;
	// Keyed by user: another account's list starts afresh, with nothing selected and no undo pending.
	if (user) return <LinksSection key={user.uid} />;
	return (
		<section className="links-section" aria-labelledby="links-heading">
			<h2 id="links-heading">Your links</h2>
			{session.status === "loading" ? (
				<p role="status">Loading your links…</p>
			) : session.status === "failed" ? (
				<p className="error-text" role="alert">
					{session.error.message}
				</p>
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
