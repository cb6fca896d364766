import { useEffect, useId, useState } from "react";
import type { Link } from "../src/links/types";
import { useBackground } from "../src/ui/BackgroundContext";
import { CopyField } from "../src/ui/CopyField";
import { usePopupEnvironment } from "./environment";

/** One page of the newest links: enough for five once the link on screen is left out. */
const PAGE_SIZE = 10;
const SHOWN = 5;

/**
 * The user's latest links, each with its own Copy, except the one already on screen. Asked for only once
 * this component mounts, under a link that has arrived, so the list never competes with the main shorten;
 * nothing is shown while it loads, when it fails (a new anonymous user may have no session yet) or when
 * there is nothing to show.
 */
export function RecentLinks({ shownCode }: { shownCode: string }) {
	const call = useBackground();
	const { copy } = usePopupEnvironment();
	const headingId = useId();
	const [links, setLinks] = useState<Link[]>([]);

	useEffect(() => {
		let current = true;
		void call({ type: "listLinks", pageSize: PAGE_SIZE }).then((reply) => {
			if (current && reply.ok) setLinks(reply.data.links);
		});
		return () => {
			current = false;
		};
	}, [call]);

	const recent = links.filter((link) => link.code !== shownCode).slice(0, SHOWN);
	if (recent.length === 0) return null;
	return (
		<section className="recent-links" aria-labelledby={headingId}>
			<h2 id={headingId} className="recent-links__title">
				Recent links
			</h2>
			<ul className="recent-links__list">
				{recent.map((link) => (
					<li key={link.code} className="recent-link">
						<CopyField
							label={link.title || link.url}
							value={link.shortUrl}
							copy={copy}
							copyName={`Copy link to ${link.title || link.host}`}
						/>
					</li>
				))}
			</ul>
		</section>
	);
}
