import type { AppError, ErrorCode } from "../errors";
import { parseInputProblem } from "../links/inputProblem";
import { parseRateLimit, type RateLimit } from "../links/rateLimit";
import type { MessageKey } from "./catalogue";
import { inputProblemText } from "./inputProblemText";
import { t, tPlural, uiLocale } from "./translate";

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

/** "You can make more at 14:32, in 23 minutes." and what an account allows, in the page's language and time. */
function rateLimitText(limit: RateLimit): string {
	const time = new Intl.DateTimeFormat(uiLocale(), { hour: "2-digit", minute: "2-digit" }).format(limit.until);
	const minutes = Math.max(1, Math.ceil((limit.until - Date.now()) / 60_000));
	const wait = tPlural("rateLimitedWait", minutes, { time, minutes });
	return limit.accountLimit ? `${wait} ${t("rateLimitedAccount", { limit: limit.accountLimit })}` : wait;
}

/** The detail as a sentence in the UI's language, when it is data rather than words; null otherwise. */
function detailSentence(error: AppError): string | null {
	const limit = error.code === "rate-limited" ? parseRateLimit(error.detail) : null;
	if (limit) return rateLimitText(limit);
	const problem = parseInputProblem(error);
	return problem && inputProblemText(problem);
}

/**
 * What the user reads for `error`, in the UI's language: its message, then its detail said in the same
 * language, or, for a detail in someone's words (an older worker's, a server's), that detail as it came.
 */
export function errorText(error: AppError): string {
	const message = t(errorKey(error.code));
	const sentence = detailSentence(error);
	if (sentence) return `${message} ${sentence}`;
	return error.detail ? t("errorWithDetail", { message, detail: error.detail }) : message;
}
