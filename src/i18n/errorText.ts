import type { AppError, ErrorCode } from "../errors";
import type { MessageKey } from "./catalogue";
import { t } from "./translate";

type Underscored<S extends string> = S extends `${infer Head}-${infer Tail}`
	? Underscored<`${Head}_${Tail}`>
	: S extends `${infer Head}/${infer Tail}`
		? Underscored<`${Head}_${Tail}`>
		: S;

/** Every error code's message key ("auth/weak-password" → "error_auth_weak_password"); one missing fails typecheck. */
type ErrorKey = `error_${Underscored<ErrorCode>}` & MessageKey;
const everyCodeHasAMessage: `error_${Underscored<ErrorCode>}` extends MessageKey ? true : never = true;
void everyCodeHasAMessage;

export function errorKey(code: ErrorCode): ErrorKey {
	return `error_${code.replace(/[-/]/g, "_")}` as ErrorKey;
}

/** What the user reads for `error`, in the UI's language, with its detail (in the developer's words) after it. */
export function errorText(error: AppError): string {
	const message = t(errorKey(error.code));
	return error.detail ? t("errorWithDetail", { message, detail: error.detail }) : message;
}
