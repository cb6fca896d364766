import { Brand } from "../src/ui/Brand";
import { ErrorState } from "./ErrorState";
import { usePopupEnvironment } from "./environment";
import { LinkSkeleton } from "./LinkSkeleton";
import { RestrictedPage } from "./RestrictedPage";
import { ShortLinkView } from "./ShortLinkView";
import { useActiveTab } from "./useActiveTab";
import { useAutoCopy } from "./useAutoCopy";
import { type ShortLinkState, useShortLink } from "./useShortLink";

/** What the toolbar button opens: the current tab, shortened at once. */
export function Popup() {
	const { openOptions } = usePopupEnvironment();
	const { state, retry } = useShortLink(useActiveTab());
	const autoCopy = useAutoCopy();
	return (
		<main className="popup">
			<header className="popup__header">
				<Brand title="Shorty" />
				<button type="button" className="link-button" onClick={openOptions}>
					Options
				</button>
			</header>
			<PopupBody state={state} retry={retry} autoCopy={autoCopy} />
		</main>
	);
}

function PopupBody({ state, retry, autoCopy }: { state: ShortLinkState; retry: () => void; autoCopy: boolean }) {
	switch (state.kind) {
		case "waiting":
			return <LinkSkeleton />;
		case "restricted":
			return <RestrictedPage error={state.error} />;
		case "ready":
			return <ShortLinkView link={state.link} autoCopy={autoCopy} />;
		case "failed":
			return <ErrorState message={state.message} onRetry={retry} />;
	}
}
