import type { Session } from "../../messages";
import { useBackground } from "../BackgroundContext";
import { type AccountForm, useAccountForm } from "./useAccountForm";
import { useSession } from "./useSession";

/** The email and password form behind signing in and signing up; a success is accepted as the session. */
export function useCredentialsForm(
	type: "signIn" | "signUp",
	email: string,
	onDone: (session: Session) => void,
): AccountForm<"email" | "password"> {
	const call = useBackground();
	const { accept } = useSession();
	return useAccountForm({
		fields: ["email", "password"] as const,
		initial: { email },
		async submit(values) {
			const reply = await call({ type, ...values });
			if (!reply.ok) return reply.error;
			accept(reply.data);
			onDone(reply.data);
			return null;
		},
	});
}
