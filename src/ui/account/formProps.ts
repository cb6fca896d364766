import type { Session } from "../../messages";
import type { FormHeadingProps } from "./fields";

export type AccountFormMode = "sign-up" | "sign-in" | "reset-password";

/** What AccountForms hands each of its forms. */
export interface AccountFormProps {
	/** The address typed in the previous form, so switching forms never means typing it again. */
	email: string;
	/** The form's heading: its id (which names the form) and level, which follows the host page's outline. */
	heading: FormHeadingProps;
	/** Called once signed in (or up); the session is already accepted by then. */
	onDone(session: Session): void;
	switchTo(mode: AccountFormMode, email: string): void;
}
