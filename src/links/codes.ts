/** Short codes: the generated ones and the aliases users choose. Both become a document id in links/ and targets/. */
import { type AppError, appError } from "../errors";
import { inputError } from "./inputProblem";
import { CODE_PATTERN, MAX_CODE_LENGTH, MIN_CODE_LENGTH } from "./schema";
import type { Checked, RandomBytes } from "./types";

/**
 * The characters of generated codes: letters and digits without 0 O 1 l I, which people misread when
 * they type a link off a screen or a slide ("clUWb6O" looks like "cIUWb6O" in many fonts). Aliases keep
 * the whole range.
 */
export const CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** 57^7 is about 1.95 trillion codes, so random ones rarely collide and cannot be enumerated. */
export const CODE_LENGTH = 7;

/** 228 = 4 × 57: every character has four bytes below it, while 228-255 would favour the first 28. */
const UNBIASED_BYTE_LIMIT = 4 * CODE_ALPHABET.length;

const ALIAS_CHARACTER = /^[A-Za-z0-9_-]$/;

/** The rules' validCode (firestore.rules): generated codes and aliases alike. */
const CODE = new RegExp(CODE_PATTERN);

/** Firestore refuses document ids of the form __x__ (https://firebase.google.com/docs/firestore/quotas#collections_documents_and_fields). */
const FIRESTORE_RESERVED_ID = /^__.*__$/;

/**
 * Aliases refused in any case (firestore.rules' notReserved refuses them as codes too, in any case): routes the redirect site has or may grow, words that would make a link
 * look official, and "undefined"/"null", where a bug that interpolates a missing code would land.
 */
export const RESERVED_ALIASES: ReadonlySet<string> = new Set([
	"about",
	"abuse",
	"account",
	"accounts",
	"admin",
	"administrator",
	"api",
	"app",
	"assets",
	"auth",
	"blog",
	"contact",
	"dashboard",
	"delete",
	"docs",
	"edit",
	"favicon",
	"help",
	"home",
	"index",
	"legal",
	"link",
	"links",
	"login",
	"logout",
	"manifest",
	"new",
	"null",
	"oauth",
	"official",
	"options",
	"password",
	"privacy",
	"public",
	"register",
	"report",
	"robots",
	"security",
	"settings",
	"shorty",
	"signin",
	"signout",
	"signup",
	"sitemap",
	"static",
	"stats",
	"status",
	"support",
	"terms",
	"undefined",
	"verify",
	"www",
]);

/** Whether the rules refuse `code` as reserved, which they do in any case ("Admin" is "admin"). */
export function isReserved(code: string): boolean {
	return RESERVED_ALIASES.has(code.toLowerCase());
}

/**
 * A random code of CODE_LENGTH characters of CODE_ALPHABET, each equally likely (rejection sampling), and
 * never a reserved word: "account" or "options" can come out of the alphabet, and the rules refuse them.
 */
export function generateCode(random: RandomBytes): string {
	for (;;) {
		const code = randomCode(random);
		if (!isReserved(code)) return code;
	}
}

function randomCode(random: RandomBytes): string {
	let code = "";
	while (code.length < CODE_LENGTH) {
		for (const byte of random(CODE_LENGTH - code.length)) {
			if (byte < UNBIASED_BYTE_LIMIT) code += CODE_ALPHABET.charAt(byte % CODE_ALPHABET.length);
		}
	}
	return code;
}

/** Checks a user's alias, trimmed and with its case kept: "Docs2" and "docs2" are two links. */
export function checkAlias(input: string): Checked<string> {
	const alias = input.trim();
	const error = aliasProblem(alias);
	return error ? { ok: false, error } : { ok: true, value: alias };
}

function aliasProblem(alias: string): AppError | undefined {
	const forbidden = [...alias].find((character) => !ALIAS_CHARACTER.test(character));
	if (forbidden !== undefined) {
		return inputError(
			"alias-invalid",
			/\s/.test(forbidden) ? { problem: "space" } : { problem: "character-not-allowed", character: forbidden },
		);
	}
	const { length } = alias;
	if (length < MIN_CODE_LENGTH) {
		return inputError("alias-invalid", { problem: "too-short", length, minimum: MIN_CODE_LENGTH });
	}
	if (length > MAX_CODE_LENGTH) {
		return inputError("alias-invalid", { problem: "too-long", length, maximum: MAX_CODE_LENGTH });
	}
	if (FIRESTORE_RESERVED_ID.test(alias)) return inputError("alias-reserved", { problem: "database-reserved" });
	return isReserved(alias) ? appError("alias-reserved") : undefined;
}

/** Whether `value` can be a document id in links/ and targets/: a generated code or an alias. */
export function isCode(value: string): boolean {
	return CODE.test(value) && !FIRESTORE_RESERVED_ID.test(value);
}
