import { useEffect } from "react";
import { t } from "../src/i18n/translate";
import { type AccountFormMode, AccountForms } from "../src/ui/account/AccountForms";

/**
 * The account forms, in place of the link while open (the link stays mounted underneath, so nothing of
 * it is lost). Escape or "Close account forms" closes it; so does signing in or up.
 */
export function AccountPanel({ mode, onClose }: { mode: AccountFormMode; onClose: () => void }) {
	useEffect(() => {
		const onKeyDown = (event: KeyboardEvent) => {
			if (event.key !== "Escape") return;
			event.preventDefault();
			onClose();
		};
		document.addEventListener("keydown", onKeyDown);
		return () => document.removeEventListener("keydown", onKeyDown);
	}, [onClose]);
	return (
		<section className="account-panel" aria-label={t("accountForms")}>
			<AccountForms initialMode={mode} onDone={onClose} />
			{/* After the forms in reading and Tab order; shown level with their heading. */}
			<button type="button" className="link-button account-panel__close" onClick={onClose}>
				{t("closeAccountForms")}
			</button>
		</section>
	);
}
