import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import type { Handlers } from "../../../src/messages";
import { SessionProvider } from "../../../src/ui/account/useSession";
import { BackgroundProvider } from "../../../src/ui/BackgroundContext";
import { BackgroundEventsProvider } from "../../../src/ui/BackgroundEvents";
import { inProcessBackground } from "../inProcessBackground";
import type { TestAccounts } from "./testAccounts";

/** `ui` as a page hosts it: a background with `accounts` (plus `handlers`), and the session it announces. */
export function renderWithAccounts(ui: ReactNode, accounts: TestAccounts, handlers: Partial<Handlers> = {}) {
	const call = inProcessBackground({ ...accounts.handlers(), ...handlers });
	return render(
		<BackgroundProvider call={call}>
			<BackgroundEventsProvider events={accounts.events}>
				<SessionProvider>{ui}</SessionProvider>
			</BackgroundEventsProvider>
		</BackgroundProvider>,
	);
}

/** The text that describes `field` to a screen reader. */
export function description(field: HTMLElement): string | null | undefined {
	const id = field.getAttribute("aria-describedby");
	return id ? document.getElementById(id)?.textContent : undefined;
}

/** What a screen reader was last told about `field` unasked: its live region's text, not its description. */
export function announcement(field: HTMLElement): string | null | undefined {
	return field.parentElement?.querySelector("[aria-live]")?.textContent;
}
