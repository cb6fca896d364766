/**
 * Why an address, an alias or a tag was refused, as data rather than words: which problem, with the number or
 * the character at fault. It travels as the error's detail, so the page that shows it says it in the
 * user's language (src/i18n/errorText.ts), as ./rateLimit.ts does for the rate limit. Plain data, no
 * Firebase: the popup's bundle reads it.
 */
import { type AppError, appError } from "../errors";

/**
 * Every problem each error code can carry, with its fields' types: the one table the types below and
 * parseInputProblem are read from, so a detail is read back exactly as it was written.
 */
const PROBLEMS = {
	"invalid-url": {
		empty: {},
		"control-character": { character: "string" },
		"line-break": {},
		"invisible-character": { character: "string" },
		"needs-scheme": {},
		"empty-host": {},
		"space-in-host": {},
		unreadable: {},
		"runs-code": { scheme: "string" },
		"inline-content": { scheme: "string" },
		"page-only": { scheme: "string" },
		"not-web": { scheme: "string" },
		credentials: {},
		"host-too-long": { limit: "number" },
		"not-a-host-name": { host: "string" },
		"scheme-as-host": { name: "string" },
		"label-too-long": { limit: "number" },
	},
	"restricted-page": {
		"local-file": {},
		"browser-page": { scheme: "string" },
		"extension-store": {},
	},
	"url-too-long": {
		"address-too-long": { length: "number", limit: "number" },
	},
	"alias-invalid": {
		"character-not-allowed": { character: "string" },
		space: {},
		"too-short": { length: "number", minimum: "number" },
		"too-long": { length: "number", maximum: "number" },
	},
	"alias-reserved": {
		"database-reserved": {},
	},
	"tag-invalid": {
		"character-not-allowed": { character: "string" },
	},
} as const;

type Problems = typeof PROBLEMS;

/** The error codes whose detail is an InputProblem. */
export type CodeWithProblem = keyof Problems;

type FieldValues<Fields> = { -readonly [F in keyof Fields]: Fields[F] extends "number" ? number : string };

/** The problems `code` can carry, e.g. { problem: "too-short", length: 2, minimum: 3 } for alias-invalid. */
export type InputProblemOf<C extends CodeWithProblem> = {
	[P in keyof Problems[C]]: { problem: P } & FieldValues<Problems[C][P]>;
}[keyof Problems[C]];

export type InputProblem = { [C in CodeWithProblem]: InputProblemOf<C> }[CodeWithProblem];

/** The refusal `code` for `problem`, its detail written in the one format parseInputProblem reads. */
export function inputError<C extends CodeWithProblem>(code: C, problem: InputProblemOf<C>): AppError {
	return appError(code, JSON.stringify(problem));
}

const hasProblems = (code: string): code is CodeWithProblem => Object.hasOwn(PROBLEMS, code);

/** The problem in an error's detail; null for a detail that is not one (an older worker's or a server's words). */
export function parseInputProblem(error: AppError): InputProblem | null {
	if (!hasProblems(error.code)) return null;
	try {
		const value: unknown = JSON.parse(error.detail ?? "");
		if (typeof value !== "object" || value === null) return null;
		const { problem, ...fields } = value as Record<string, unknown>;
		const problems: Record<string, Record<string, string>> = PROBLEMS[error.code];
		if (typeof problem !== "string" || !Object.hasOwn(problems, problem)) return null;
		const expected = Object.entries(problems[problem] ?? {});
		const wellTyped =
			expected.length === Object.keys(fields).length && expected.every(([name, type]) => typeof fields[name] === type);
		return wellTyped ? (value as InputProblem) : null;
	} catch {
		return null;
	}
}

const UNPRINTABLE = /^[\p{C}\p{Z}]$/u;

/** Whether a reader can see `character`: not a control, a space of some kind or half a surrogate pair. */
export function isVisibleCharacter(character: string): boolean {
	return !UNPRINTABLE.test(character);
}

/**
 * A character the reader could not see, as a detail shows it: by its number ("U+200B"). One they can see
 * is shown as itself, for each language's sentence to quote in its own marks.
 */
export function codePointName(character: string): string {
	return `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
}
