import { useEffect, useState } from "react";
import type { Link } from "../src/links/types";
import { CopyField } from "../src/ui/CopyField";
import { AliasPopover } from "./AliasPopover";
import { usePopupEnvironment } from "./environment";
import { QrCode } from "./QrCode";
import { RecentLinks } from "./RecentLinks";

/**
 * The short link, large, focused and selected, copied on arrival when `autoCopy` is on. A custom alias
 * replaces the link shown in place (and is copied the same way); the tools open below it, so the link
 * itself never moves.
 */
export function ShortLinkView({ link, autoCopy }: { link: Link; autoCopy: boolean }) {
	const { copy } = usePopupEnvironment();
	const [shown, setShown] = useState(link);
	const [qrShown, setQrShown] = useState(false);
	// When the link first reached the screen, for DevTools' performance panel and tests/bench/popup.ts.
	useEffect(() => {
		performance.mark("shorty:link-shown");
	}, []);
	return (
		<>
			<section className="short-link">
				<CopyField
					label="Short link for this page"
					value={shown.shortUrl}
					copy={copy}
					autoCopy={autoCopy}
					focusOnMount
				/>
				<div className="short-link__footer">
					<p className="short-link__target" title={shown.url}>
						{shown.url}
					</p>
					<a className="short-link__open" href={shown.shortUrl} target="_blank" rel="noopener">
						Open
					</a>
				</div>
			</section>
			<div className="link-tools">
				<AliasPopover link={shown} onSaved={setShown} />
				<button
					type="button"
					className="secondary-button"
					aria-pressed={qrShown}
					onClick={() => setQrShown((shownBefore) => !shownBefore)}
				>
					QR code
				</button>
			</div>
			{qrShown && <QrCode link={shown} />}
			<RecentLinks shownCode={shown.code} />
		</>
	);
}
