import { useCallback, useEffect, useRef, useState } from "react";
import { t } from "../src/i18n/translate";
import type { AccountFormMode } from "../src/ui/account/AccountForms";
import { SessionProvider } from "../src/ui/account/useSession";
import { Brand } from "../src/ui/Brand";
import { AccountLine } from "./AccountLine";
import { AccountPanel } from "./AccountPanel";
import { ErrorState } from "./ErrorState";
import { usePopupEnvironment } from "./environment";
import type { Arrived } from "./firstRequests";
import { LinkSkeleton } from "./LinkSkeleton";
import { RestrictedPage } from "./RestrictedPage";
import { ShortenPrompt } from "./ShortenPrompt";
import { ShortLinkView } from "./ShortLinkView";
import { SignedOutChoice } from "./SignedOutChoice";
import { useActiveTab } from "./useActiveTab";
import { useOnline } from "./useOnline";
import { useSettings } from "./useSettings";
import { type ShortLink, useShortLink } from "./useShortLink";

/**
 * What the toolbar button opens: the current tab, shortened at once (or on request), and the account.
 * `arrived`: what the popup's first requests brought before its first render (firstRequests.ts).
 */
export function Popup({ arrived = {} }: { arrived?: Arrived }) {
	return (
		<SessionProvider>
			<PopupPage arrived={arrived} />
		</SessionProvider>
	);
}

function PopupPage({ arrived }: { arrived: Arrived }) {
	const { openOptions } = usePopupEnvironment();
	const settings = useSettings(arrived.settings);
	const tab = useActiveTab(arrived.tab);
	const shortLink = useShortLink(tab, settings?.shortenOnOpen ?? null, useOnline(), arrived.link);
	const account = useAccountPanel();
	return (
		<main className="popup">
			<header className="popup__header">
				<Brand title={t("extName")} />
				<button type="button" className="link-button" onClick={openOptions}>
					{t("options")}
				</button>
			</header>
			{/*
			 * Hidden, not unmounted, while the account forms are open: the link, its alias and copy state stay.
			 * A link arriving meanwhile cannot take focus from the forms: display: none is not focusable.
			 */}
			<div className="popup__page" hidden={account.mode !== null}>
				<PopupBody shortLink={shortLink} autoCopy={settings?.autoCopy ?? false} onOpenAccount={account.open} />
			</div>
			{account.mode !== null && <AccountPanel mode={account.mode} onClose={account.close} />}
			{/* After a sign-out the page itself offers the account choices; the line would repeat them. */}
			<AccountLine
				ref={account.line}
				hidden={account.mode !== null || shortLink.state.kind === "signed-out"}
				onOpen={account.open}
				focusLine={account.focusLine}
			/>
		</main>
	);
}

/**
 * Which account form is open, if any. Closing returns focus to the button that opened it, or, when that
 * is gone (signed in: the line now shows the account), to the account line itself.
 */
function useAccountPanel() {
	const [mode, setMode] = useState<AccountFormMode | null>(null);
	const opener = useRef<HTMLElement | null>(null);
	const line = useRef<HTMLElement>(null);
	const [closings, setClosings] = useState(0);
	const focusLine = useCallback(() => line.current?.focus(), []);

	useEffect(() => {
		if (closings === 0) return;
		if (opener.current?.isConnected) opener.current.focus();
		else line.current?.focus();
	}, [closings]);

	const open = useCallback((next: AccountFormMode, from: HTMLElement) => {
		opener.current = from;
		setMode(next);
	}, []);
	const shown = useRef(mode);
	shown.current = mode;
	const close = useCallback(() => {
		// A form's answer that comes after the user closed the forms (a sign-up still under way) closes
		// nothing, and leaves focus where the user has gone since.
		if (shown.current === null) return;
		setMode(null);
		setClosings((count) => count + 1);
	}, []);
	return { mode, open, close, line, focusLine };
}

interface PopupBodyProps {
	shortLink: ShortLink;
	autoCopy: boolean;
	onOpenAccount: (mode: AccountFormMode, opener: HTMLElement) => void;
}

function PopupBody({ shortLink, autoCopy, onOpenAccount }: PopupBodyProps) {
	const { state, retry, shortenNow, shortenWithoutAccount } = shortLink;
	switch (state.kind) {
		case "waiting":
			return <LinkSkeleton />;
		case "restricted":
			return <RestrictedPage error={state.error} />;
		case "idle":
			return <ShortenPrompt page={state.page} onShorten={shortenNow} />;
		case "signed-out":
			return <SignedOutChoice onOpenAccount={onOpenAccount} onShortenWithoutAccount={shortenWithoutAccount} />;
		case "ready":
			return <ShortLinkView link={state.link} autoCopy={autoCopy} />;
		case "failed":
		case "offline":
			return <ErrorState message={state.message} onRetry={retry} />;
	}
}
