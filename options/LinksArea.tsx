import { t } from "../src/i18n/translate";
import type { Session } from "../src/messages";
import { Message } from "../src/ui/Message";
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
			<h2 id="links-heading">{t("yourLinks")}</h2>
			{session === undefined ? (
				<p role="status">{t("loadingLinks")}</p>
			) : (
				<div className="empty-list">
					<p>{t("nobodySignedInNoLinks")}</p>
					<p>
						<Message
							name="startHint"
							values={{
								signin: (
									<button type="button" className="link-button" onClick={goToAccount}>
										{t("signInToAccount")}
									</button>
								),
							}}
						/>
					</p>
				</div>
			)}
		</section>
	);
}
