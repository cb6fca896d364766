import { useMemo, useRef } from "react";
import { errorText } from "../src/i18n/errorText";
import { t } from "../src/i18n/translate";
import { SessionProvider, useSession } from "../src/ui/account/useSession";
import { BackgroundProvider, useBackground } from "../src/ui/BackgroundContext";
import { BackgroundStatus } from "../src/ui/BackgroundStatus";
import { Brand } from "../src/ui/Brand";
import { ToastRegion } from "../src/ui/Toast";
import { AccountSection } from "./AccountSection";
import { LinksArea } from "./LinksArea";
import { SettingsSection } from "./SettingsSection";
import { sendingDeletesFirst } from "./sendingDeletesFirst";
import { type DeleteOutcome, usePendingDeletes } from "./usePendingDeletes";
import { type Toasts, useToasts } from "./useToasts";

/** The options page: every link, then settings and the account; Shorty's version at the foot. */
export function Options() {
	return (
		<SessionProvider>
			<OptionsPage />
		</SessionProvider>
	);
}

function OptionsPage() {
	const { session } = useSession();
	const call = useBackground();
	const toasts = useToasts();
	const deletes = usePendingDeletes(session?.user?.uid ?? null, {
		onSending: (sending) => toasts.settle(sending.toast),
		onSent: (outcome) => reportDelete(outcome, toasts),
	});
	const { flush } = deletes;
	const accountCall = useMemo(() => sendingDeletesFirst(call, flush), [call, flush]);
	const account = useRef<HTMLElement>(null);
	return (
		<div className="options">
			<header>
				{/* React puts it in <head>, over the HTML file's English title. */}
				<title>{t("optionsTitle")}</title>
				<Brand title={t("optionsTitle")} />
			</header>
			<main>
				<LinksArea
					session={session}
					deletes={deletes}
					toasts={toasts}
					// The sign-in form's first field: where someone who asked to sign in goes on.
					goToAccount={() => account.current?.querySelector("input")?.focus()}
				/>
				<div className="options__more">
					<SettingsSection />
					<BackgroundProvider call={accountCall}>
						<AccountSection ref={account} session={session} onSessionChanged={() => account.current?.focus()} />
					</BackgroundProvider>
				</div>
			</main>
			<footer>
				<BackgroundStatus />
			</footer>
			<ToastRegion
				toast={toasts.toast}
				onClose={(closed) => {
					// The undo is over, unless its toast comes back from behind a notice: a delete it held goes now.
					if (!toasts.close(closed)) void flush();
				}}
			/>
		</div>
	);
}

/** A delete that went is shown by the reload its links-changed announcement brings; only failures are told. */
function reportDelete(outcome: DeleteOutcome, toasts: Toasts): void {
	if ("error" in outcome) toasts.show(t("deleteNotFinished", { error: errorText(outcome.error) }));
	else if ("accountChanged" in outcome) {
		toasts.show(t("deleteAccountChanged"));
	}
}
