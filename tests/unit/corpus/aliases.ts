/**
 * Hostile and odd aliases for checkAlias, each with the outcome it must get. An alias becomes a document
 * id in links/ and targets/ and the path of a public short link, so anything beyond [A-Za-z0-9_-] could
 * make a path, a query, a look-alike or an id Firestore refuses.
 */
import { RESERVED_ALIASES } from "../../../src/links/codes";
import { MAX_CODE_LENGTH, MIN_CODE_LENGTH } from "../../../src/links/schema";
import { type CorpusRow, caseVariants, char, codePointName } from "./rows";

const TEN_KB = 10 * 1024;

/** Every reserved word in every case pattern, and padded with whitespace that is trimmed away. */
const reserved: CorpusRow[] = [...RESERVED_ALIASES].flatMap((word): CorpusRow[] => [
	...caseVariants(word).map((spelling): CorpusRow => [spelling, "alias-reserved", `the reserved word ${word}`]),
	[` ${word}\t`, "alias-reserved", `the reserved word ${word}, padded`],
]);

/** Every printable ASCII character outside [A-Za-z0-9_-], inside an otherwise fine alias. */
const punctuation: CorpusRow[] = [..." !\"#$%&'()*+,./:;<=>?@[\\]^`{|}~"].map(
	(character): CorpusRow => [`ab${character}cd`, "alias-invalid", `${JSON.stringify(character)} inside`],
);

/** Every C0 control character and DEL inside an alias. */
const controls: CorpusRow[] = [...Array.from({ length: 0x20 }, (_, i) => i), 0x7f].map(
	(codePoint): CorpusRow => [`ab${char(codePoint)}cd`, "alias-invalid", `${codePointName(codePoint)} inside`],
);

const shapes: CorpusRow[] = [
	["", "alias-invalid", "empty"],
	["   ", "alias-invalid", "only spaces, empty once trimmed"],
	["a", "alias-invalid", "1 character"],
	["ab", "alias-invalid", `2 characters, under ${MIN_CODE_LENGTH}`],
	["  ab  ", "alias-invalid", "2 characters once trimmed"],
	["abc", "ok", "3 characters, the shortest"],
	["a".repeat(MAX_CODE_LENGTH), "ok", "64 characters, the longest"],
	["a".repeat(MAX_CODE_LENGTH + 1), "alias-invalid", "65 characters"],
	[` ${"a".repeat(MAX_CODE_LENGTH)} `, "ok", "64 characters with spaces around, trimmed"],
	["a".repeat(TEN_KB), "alias-invalid", "10 KB"],
	["é".repeat(TEN_KB), "alias-invalid", "10 KB of an accented letter"],
	["Spring-sale_2025", "ok", "letters, digits, hyphen and underscore"],
	["---", "ok", "only hyphens"],
	["___", "ok", "only underscores"],
	["-abc", "ok", "a leading hyphen"],
	["123", "ok", "only digits"],
	["abc1234", "ok", "the shape of a generated code"],
	["MyLink", "ok", "case is kept"],
	["admins", "ok", "contains a reserved word, is not one"],
	["my-admin", "ok", "contains a reserved word"],
	["__proto__", "alias-reserved", "Firestore refuses document ids of the form __x__"],
	["__name__", "alias-reserved", "Firestore's own name field"],
	["____", "alias-reserved", "four underscores are __x__ with an empty x"],
	["__abc", "ok", "only a leading double underscore"],
	["abc__", "ok", "only a trailing double underscore"],
	["_a_", "ok", "single underscores around"],
	["constructor", "ok", "an Object.prototype name is an ordinary id"],
	["toString", "ok", "another one"],
	["hasOwnProperty", "ok", "and another"],
	[".", "alias-invalid", "a dot, Firestore's current-folder id"],
	["..", "alias-invalid", "two dots, the parent folder"],
	["...", "alias-invalid", "three dots"],
	["a/../b", "alias-invalid", "a path climbing out"],
	["../admin", "alias-invalid", "a relative path to a reserved word"],
	["my.link", "alias-invalid", "a dot"],
	["my/link", "alias-invalid", "a slash makes a sub-path"],
	["a+b", "alias-invalid", "a plus"],
	["100%off", "alias-invalid", "a percent sign"],
	["%2e%2e", "alias-invalid", "encoded dots"],
	["%41bc", "alias-invalid", "an encoded letter"],
	["abc?x=1", "alias-invalid", "a query"],
	["abc#top", "alias-invalid", "a fragment"],
	["my link", "alias-invalid", "a space inside"],
	["my\tlink", "alias-invalid", "a tab inside"],
	["  promo\t\n", "ok", "surrounding whitespace is trimmed"],
	[`${char(0x00a0)}promo${char(0x00a0)}`, "ok", "no-break spaces around are trimmed"],
	[`promo${char(0x200b)}`, "alias-invalid", "a trailing zero-width space is not whitespace, so not trimmed"],
	[`${char(0xfeff)}promo`, "ok", "a leading byte order mark is trimmed"],
	[`pro${char(0x00ad)}mo`, "alias-invalid", "a soft hyphen"],
	[`pro${char(0x202e)}mo`, "alias-invalid", "a right-to-left override"],
	["café", "alias-invalid", "an accented letter"],
	["cafe\u0301", "alias-invalid", "a combining accent"],
	["p\u0430ypal", "alias-invalid", "a Cyrillic а, a look-alike of a Latin a"],
	["\u0430dmin", "alias-invalid", "a look-alike of the reserved admin"],
	["\u212aelvin", "alias-invalid", "the Kelvin sign, which lower-cases to k"],
	["ADM\u0130N", "alias-invalid", "a dotted capital I"],
	["ｐｒｏｍｏ", "alias-invalid", "fullwidth letters"],
	["１２３", "alias-invalid", "fullwidth digits"],
	["go🚀now", "alias-invalid", "an emoji"],
	["👍👍👍", "alias-invalid", "three emoji"],
	["🏳️‍🌈", "alias-invalid", "an emoji sequence with a zero-width joiner"],
	["\ud800abc", "alias-invalid", "a lone surrogate"],
	["例え例え", "alias-invalid", "Japanese"],
	["пример", "alias-invalid", "Cyrillic"],
	["<script>", "alias-invalid", "markup"],
	["' OR 1=1 --", "alias-invalid", "SQL"],
	// biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder is the hostile input.
	["${x}", "alias-invalid", "a template placeholder"],
	["javascript:alert(1)", "alias-invalid", "a scheme"],
];

export const ALIAS_CORPUS: readonly CorpusRow[] = [...reserved, ...punctuation, ...controls, ...shapes];
