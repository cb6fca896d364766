import { useCallback, useEffect, useId, useRef, useState } from "react";
import type { Link } from "../src/links/types";
import { CopyField } from "../src/ui/CopyField";
import { usePopupEnvironment } from "./environment";
import { RecentLinks, useRecentLinks } from "./RecentLinks";

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

/** What opens under the tools: one at a time, so the popup stays within Chrome's 600 px. */
type Extra = "qr" | "recent";

/**
 * The short link, large, focused and selected, copied on arrival when `autoCopy` is on. A custom alias
 * replaces the link shown in place (and is copied the same way), then takes focus; the QR code and the
 * recent links open below the tools, one at a time, so the link itself never moves.
 */
export function ShortLinkView({ link, autoCopy }: { link: Link; autoCopy: boolean }) {
	const { copy } = usePopupEnvironment();
	const [shown, setShown] = useState(link);
	const [extra, setExtra] = useState<Extra | null>(null);
	// A click on the stand-in before the popover has loaded: it opens as soon as it arrives.
	const [aliasWanted, setAliasWanted] = useState(false);
	const tools = useTools();
	const recent = useRecentLinks();
	const card = useRef<HTMLElement>(null);
	const extrasId = useId();
	// When the link first reached the screen, for DevTools' performance panel and tests/bench/popup.ts.
	useEffect(() => {
		performance.mark("shorty:link-shown");
	}, []);
	// The field selects itself on focus, so Enter copies and Ctrl+C works at once.
	const focusLink = useCallback(() => card.current?.querySelector("input")?.focus(), []);
	const toggle = (which: Extra) => setExtra((open) => (open === which ? null : which));
	const disclosure = (which: Extra, label: string) => (
		<button
			type="button"
			className="secondary-button"
			aria-expanded={extra === which}
			aria-controls={extrasId}
			onClick={() => toggle(which)}
		>
			{label}
		</button>
	);

	return (
		<>
			<section ref={card} className="short-link">
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
				{tools === "loading" && <CustomAliasButton onClick={() => setAliasWanted(true)} />}
				{typeof tools === "object" && (
					<tools.AliasPopover link={shown} onSaved={setShown} focusAfterSave={focusLink} defaultOpen={aliasWanted} />
				)}
				{tools !== "failed" && disclosure("qr", "QR code")}
				{disclosure("recent", "Recent links")}
			</div>
			{tools === "failed" && (
				<p className="link-tools--failed" role="alert">
					The alias and QR code tools did not load. Close the popup and open it again.
				</p>
			)}
			<section
				id={extrasId}
				className="link-extras"
				aria-label={extra === "qr" ? "QR code" : "Recent links"}
				hidden={extra === null}
			>
				{extra === "qr" && <QrPanel tools={tools} link={shown} />}
				{extra === "recent" && <RecentLinks state={recent} shownCode={shown.code} />}
			</section>
		</>
	);
}

function QrPanel({ tools, link }: { tools: Tools | "loading" | "failed"; link: Link }) {
	if (typeof tools === "object") return <tools.QrCode link={link} />;
	// Until the encoder arrives, a box of the code's size holds its place, so nothing below jumps.
	return (
		<div className="qr-code" aria-busy="true">
			<div className="qr-code__image" />
		</div>
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
