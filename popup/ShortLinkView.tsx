import { useEffect, useState } from "react";
import type { Link } from "../src/links/types";
import { CopyField } from "../src/ui/CopyField";
import { usePopupEnvironment } from "./environment";
import { RecentLinks } from "./RecentLinks";

interface Tools {
	AliasPopover: typeof import("./AliasPopover").AliasPopover;
	QrCode: typeof import("./QrCode").QrCode;
}

/**
 * The alias popover and the QR code, fetched once the link is on screen and never before it: Radix and
 * the QR encoder are a third of the popup's script, and the link is what the popup is opened for.
 */
function useTools(): Tools | "loading" | "failed" {
	const [tools, setTools] = useState<Tools | "loading" | "failed">("loading");
	useEffect(() => {
		let current = true;
		Promise.all([import("./AliasPopover"), import("./QrCode")]).then(
			([alias, qr]) => current && setTools({ AliasPopover: alias.AliasPopover, QrCode: qr.QrCode }),
			() => current && setTools("failed"),
		);
		return () => {
			current = false;
		};
	}, []);
	return tools;
}

/**
 * The short link, large, focused and selected, copied on arrival when `autoCopy` is on. A custom alias
 * replaces the link shown in place (and is copied the same way); the tools open below it, so the link
 * itself never moves.
 */
export function ShortLinkView({ link, autoCopy }: { link: Link; autoCopy: boolean }) {
	const { copy } = usePopupEnvironment();
	const [shown, setShown] = useState(link);
	const [qrShown, setQrShown] = useState(false);
	// A click on the stand-in before the popover has loaded: it opens as soon as it arrives.
	const [aliasWanted, setAliasWanted] = useState(false);
	const tools = useTools();
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
			{tools === "failed" ? (
				<p className="link-tools link-tools--failed" role="alert">
					The alias and QR code tools did not load. Close the popup and open it again.
				</p>
			) : (
				<div className="link-tools">
					{tools === "loading" ? (
						<CustomAliasButton onClick={() => setAliasWanted(true)} />
					) : (
						<tools.AliasPopover link={shown} onSaved={setShown} defaultOpen={aliasWanted} />
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
			)}
			{qrShown &&
				tools !== "failed" &&
				(tools === "loading" ? (
					// Until the encoder arrives, a box of the code's size holds its place, so nothing below jumps.
					<section className="qr-code" aria-busy="true">
						<div className="qr-code__image" />
					</section>
				) : (
					<tools.QrCode link={shown} />
				))}
			<RecentLinks shownCode={shown.code} />
		</>
	);
}

/** Stands in for the popover's own trigger until its code has loaded; the same look and name. */
function CustomAliasButton(props: { onClick: () => void }) {
	return (
		<button type="button" className="secondary-button" {...props}>
			Custom alias
		</button>
	);
}
