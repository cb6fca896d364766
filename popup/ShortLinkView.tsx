import type { Link } from "../src/links/types";
import { CopyField } from "../src/ui/CopyField";
import { usePopupEnvironment } from "./environment";

/** The short link, large, focused and selected, copied on arrival when `autoCopy` is on. */
export function ShortLinkView({ link, autoCopy }: { link: Link; autoCopy: boolean }) {
	const { copy } = usePopupEnvironment();
	return (
		<section className="short-link">
			<CopyField label="Short link for this page" value={link.shortUrl} copy={copy} autoCopy={autoCopy} focusOnMount />
			<div className="short-link__footer">
				<p className="short-link__target" title={link.url}>
					{link.url}
				</p>
				<a className="short-link__open" href={link.shortUrl} target="_blank" rel="noopener">
					Open
				</a>
			</div>
		</section>
	);
}
