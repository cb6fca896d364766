import { type AppError, type ErrorCode, MIN_PASSWORD_LENGTH } from "../errors";
import { parseInputProblem } from "../links/inputProblem";
import { parseRateLimit, type RateLimit } from "../links/rateLimit";
import { MAX_CODE_LENGTH, MAX_TAG_LENGTH, MAX_TAGS_PER_LINK, MAX_URL_LENGTH, MIN_CODE_LENGTH } from "../links/schema";
import { REQUEST_TIMEOUT_MS } from "../messages";
import type { MessageKey, PlaceholderName } from "./catalogue";
import { inputProblemText } from "./inputProblemText";
import { formatSeconds, t, tOneOf, tPlural, uiLocale } from "./translate";

type Underscored<S extends string> = S extends `${infer Head}-${infer Tail}`
	? Underscored<`${Head}_${Tail}`>
	: S extends `${infer Head}/${infer Tail}`
		? Underscored<`${Head}_${Tail}`>
		: S;

/** A code's message key ("auth/weak-password" → "error_auth_weak_password"); one missing fails typecheck. */
type ErrorKey<C extends ErrorCode = ErrorCode> = `error_${Underscored<C>}` & MessageKey;
const everyCodeHasAMessage: `error_${Underscored<ErrorCode>}` extends MessageKey ? true : never = true;
void everyCodeHasAMessage;

export function errorKey(code: ErrorCode): ErrorKey {
	return `error_${code.replace(/[-/]/g, "_")}` as ErrorKey;
}

/** The codes whose message has placeholders. */
type CodeWithFigures = {
	[C in ErrorCode]: [PlaceholderName<ErrorKey<C>>] extends [never] ? never : C;
}[ErrorCode];

/**
 * The figures a message names, from the constants the checks enforce, so the text cannot drift from what is
 * refused. Exactly the codes whose message has placeholders, each with every one of them: a placeholder
 * added to a message without its value here fails typecheck, as does a value for a message that names
 * none. Functions, because the words depend on the UI's language, installed after this module loads.
 */
const FIGURES: { [C in CodeWithFigures]: () => Record<PlaceholderName<ErrorKey<C>>, string | number> } = {
	timeout: () => ({ duration: formatSeconds(REQUEST_TIMEOUT_MS / 1000) }),
	"url-too-long": () => ({ maximum: MAX_URL_LENGTH }),
	"alias-invalid": () => ({ minimum: MIN_CODE_LENGTH, maximum: MAX_CODE_LENGTH }),
	"tag-too-long": () => ({ maximum: MAX_TAG_LENGTH }),
	"too-many-tags": () => ({ maximum: MAX_TAGS_PER_LINK }),
	"auth/weak-password": () => ({ minimum: MIN_PASSWORD_LENGTH }),
};

/** The message of `code` alone, its figures filled in (numbers in the UI's locale). */
function codeText(code: ErrorCode): string {
	const figures: (() => Record<string, string | number>) | undefined = FIGURES[code as CodeWithFigures];
	return tOneOf(errorKey(code), figures?.());
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
	const message = codeText(error.code);
	const sentence = detailSentence(error);
	if (sentence) return `${message} ${sentence}`;
	return error.detail ? t("errorWithDetail", { message, detail: error.detail }) : message;
}
