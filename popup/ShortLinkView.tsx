import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import type { MessageKey } from "../src/i18n/catalogue";
import { t } from "../src/i18n/translate";
import type { Link } from "../src/links/types";
import { afterNextPaint } from "../src/ui/afterNextPaint";
import { CopyField } from "../src/ui/CopyField";
import { TargetLine } from "../src/ui/TargetLine";
import { LinkTags } from "../src/ui/tags/LinkTags";
import { useLazyComponent } from "../src/ui/useLazyComponent";
import { AliasForm } from "./AliasForm";
import { usePopupEnvironment } from "./environment";
import { RecentLinks, useRecentLinks } from "./RecentLinks";

/**
 * The QR code's component, fetched once the link is on screen and never before it: the QR encoder is a
 * large part of the popup's script, and the link is what the popup is opened for. Asked for from the
 * mount's effects, the fetch ran before the link's first paint: Vite's loader adding its preload links
 * was the largest of those effects in a Chromium profile of the popup.
 */
type QrCodeComponent = typeof import("./QrCode").QrCode;
const loadQrCode = async (): Promise<QrCodeComponent> => {
	await afterNextPaint();
	return (await import("./QrCode")).QrCode;
};

/** What opens under the tools: one at a time, so the popup stays within Chrome's 600 px. */
type Extra = "alias" | "qr" | "recent";

const extraNames = { alias: "customAlias", qr: "qrCode", recent: "recentLinks" } as const satisfies Record<
	Extra,
	MessageKey
>;

/**
 * The short link, whole and focused with its text selected, copied on arrival when `autoCopy` is on. The
 * custom alias form, the QR code and the recent links open below the tools, one at a time, so the link
 * itself never moves or hides. A saved alias replaces the link shown in place, copied and focused the
 * same way (the field is new for each save, of the alias already shown too), and its tags in place of the
 * old link's. Escape closes whichever is open and returns to its button.
 */
export function ShortLinkView({ link, autoCopy }: { link: Link; autoCopy: boolean }) {
	const { copy } = usePopupEnvironment();
	const [shown, setShown] = useState(link);
	/**
	 * Alias saves so far: the link field is made anew for each, so a save of the alias already shown copies
	 * and focuses it as any saved alias is, rather than closing the form onto nothing.
	 */
	const [saves, setSaves] = useState(0);
	const [extra, setExtra] = useState<Extra | null>(null);
	const qrCode = useLazyComponent(loadQrCode);
	const recent = useRecentLinks();
	const extrasId = useId();
	const buttons = useRef<Partial<Record<Extra, HTMLButtonElement | null>>>({});
	// When the link first reached the screen, for DevTools' performance panel and tests/bench/popup.ts.
	useEffect(() => {
		performance.mark("shorty:link-shown");
	}, []);
	const toggle = (which: Extra) => setExtra((open) => (open === which ? null : which));
	/** From inside the open tool, focus goes back to its button; on a button it stays there. */
	const closeOnEscape = (event: KeyboardEvent, focusItsButton: boolean) => {
		if (event.key !== "Escape" || extra === null) return;
		event.preventDefault();
		if (focusItsButton) buttons.current[extra]?.focus();
		setExtra(null);
	};
	const disclosure = (which: Extra) => (
		<button
			ref={(button) => {
				buttons.current[which] = button;
			}}
			type="button"
			className="secondary-button"
			aria-expanded={extra === which}
			aria-controls={extrasId}
			onClick={() => toggle(which)}
			// A click leaves focus here: Escape closes what is open from the buttons too.
			onKeyDown={(event) => closeOnEscape(event, false)}
		>
			{t(extraNames[which])}
		</button>
	);

	return (
		<>
			<section className="short-link">
				<CopyField
					key={`${shown.code} ${saves}`}
					label={t("shortLinkForPage")}
					value={shown.shortUrl}
					copy={copy}
					autoCopy={autoCopy}
					focusOnMount
				/>
				<div className="short-link__footer">
					<TargetLine url={shown.url} className="short-link__target" />
					<a className="short-link__open" href={shown.shortUrl} target="_blank" rel="noopener">
						{t("open")}
					</a>
				</div>
			</section>
			<LinkTags key={shown.code} link={shown} />
			<div className="link-tools">
				{disclosure("alias")}
				{qrCode !== "failed" && disclosure("qr")}
				{disclosure("recent")}
			</div>
			{qrCode === "failed" && (
				<p className="link-tools--failed" role="alert">
					{t("qrFailed")}
				</p>
			)}
			<section
				id={extrasId}
				className="link-extras"
				aria-label={t(extraNames[extra ?? "recent"])}
				hidden={extra === null}
				onKeyDown={(event) => closeOnEscape(event, true)}
			>
				{extra === "alias" && (
					<AliasForm
						link={shown}
						onSaved={(made) => {
							setExtra(null);
							setShown(made);
							setSaves((count) => count + 1);
						}}
					/>
				)}
				{extra === "qr" && <QrPanel qrCode={qrCode} link={shown} />}
				{extra === "recent" && <RecentLinks state={recent} shownCode={shown.code} />}
			</section>
		</>
	);
}

function QrPanel({
	qrCode: QrCode,
	link,
}: {
	qrCode: ReturnType<typeof useLazyComponent<QrCodeComponent>>;
	link: Link;
}) {
	if (typeof QrCode === "function") return <QrCode link={link} />;
	// Until the encoder arrives, a box of the code's size holds its place, so nothing below jumps.
	return (
		<div className="qr-code" aria-busy="true">
			<div className="qr-code__image" />
		</div>
	);
}
