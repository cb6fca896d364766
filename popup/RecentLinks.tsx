import { useEffect, useState } from "react";
import type { AppError } from "../src/errors";
import { t } from "../src/i18n/translate";
import type { Link } from "../src/links/types";
import { useSession } from "../src/ui/account/useSession";
import { useBackground } from "../src/ui/BackgroundContext";
import { CopyField } from "../src/ui/CopyField";
import { displayTarget } from "../src/ui/displayUrl";
import { usePopupEnvironment } from "./environment";

/** Enough for five once the link on screen is left out. */
const ASKED = 6;
const SHOWN = 5;

export type RecentLinksState =
	| { kind: "loading" }
	| { kind: "failed"; error: AppError }
	| { kind: "loaded"; links: Link[] };

/**
 * The user's newest links. Asked for once the link on screen has arrived (this hook lives under it), so
 * the list never competes with the main shorten and is there before anyone opens it; asked again when a
 * different user signs in.
 */
export function useRecentLinks(): RecentLinksState {
	const call = useBackground();
	const uid = useSession().session?.user?.uid;
	// Tagged with its user: a new user is a new list, never one user's links under another's name.
	const [answer, setAnswer] = useState<{ uid: string | undefined; state: RecentLinksState } | null>(null);
	useEffect(() => {
		let current = true;
		void call({ type: "recentLinks", count: ASKED }).then((reply) => {
			if (!current) return;
			setAnswer({
				uid,
				state: reply.ok ? { kind: "loaded", links: reply.data.links } : { kind: "failed", error: reply.error },
			});
		});
		return () => {
			current = false;
		};
	}, [call, uid]);
	return answer !== null && answer.uid === uid ? answer.state : { kind: "loading" };
}

/** The latest links, each with its own Copy, except the one already on screen. */
export function RecentLinks({ state, shownCode }: { state: RecentLinksState; shownCode: string }) {
	const { copy } = usePopupEnvironment();
	if (state.kind === "loading") return <p className="link-extras__note">{t("loadingRecentLinks")}</p>;
	if (state.kind === "failed") {
		// Signed out (after Sign out, say) is not a failure to apologise for.
		const note = state.error.code === "signed-out" ? t("signInForRecentLinks") : t("recentLinksFailed");
		return <p className="link-extras__note">{note}</p>;
	}
	const recent = state.links.filter((link) => link.code !== shownCode).slice(0, SHOWN);
	if (recent.length === 0) return <p className="link-extras__note">{t("noOtherLinks")}</p>;
	return (
		<ul className="recent-links">
			{recent.map((link) => (
				<li key={link.code} className="recent-link">
					<CopyField
						label={link.title || displayTarget(link.url)}
						value={link.shortUrl}
						copy={copy}
						copyName={t("copyLinkTo", { page: link.title || link.host })}
						secondary
					/>
				</li>
			))}
		</ul>
	);
}
