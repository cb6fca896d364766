import { lazy, Suspense, useEffect, useState } from "react";
import type { Link } from "../src/links/types";
import { CopyField } from "../src/ui/CopyField";
import { usePopupEnvironment } from "./environment";
import { RecentLinks } from "./RecentLinks";

// Loaded on first use: Radix's popover and the QR encoder are a third of the popup's script, and none of
// it is needed to show the link, which is what the popup is opened for.
const AliasPopover = lazy(() => import("./AliasPopover").then((module) => ({ default: module.AliasPopover })));
const QrCode = lazy(() => import("./QrCode").then((module) => ({ default: module.QrCode })));

/**
 * The short link, large, focused and selected, copied on arrival when `autoCopy` is on. A custom alias
 * replaces the link shown in place (and is copied the same way); the tools open below it, so the link
 * itself never moves.
 */
export function ShortLinkView({ link, autoCopy }: { link: Link; autoCopy: boolean }) {
	const { copy } = usePopupEnvironment();
	const [shown, setShown] = useState(link);
	const [qrShown, setQrShown] = useState(false);
	const [aliasWanted, setAliasWanted] = useState(false);
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
				{aliasWanted ? (
					<Suspense fallback={<CustomAliasButton disabled />}>
						<AliasPopover link={shown} onSaved={setShown} defaultOpen />
					</Suspense>
				) : (
					<CustomAliasButton onClick={() => setAliasWanted(true)} />
				)}
				<button
					type="button"
					className="secondary-button"
					aria-pressed={qrShown}
					onClick={() => setQrShown((shownBefore) => !shownBefore)}
				>
					QR code
				</button>
			</div>
			{qrShown && (
				<Suspense fallback={null}>
					<QrCode link={shown} />
				</Suspense>
			)}
			<RecentLinks shownCode={shown.code} />
		</>
	);
}

/** Stands in for the popover's own trigger until its code has loaded; the same look and name. */
function CustomAliasButton(props: { onClick?: () => void; disabled?: boolean }) {
	return (
		<button type="button" className="secondary-button" {...props}>
			Custom alias
		</button>
	);
}
