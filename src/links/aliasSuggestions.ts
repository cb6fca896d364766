/**
 * Other aliases to offer when the one asked for is taken: the alias with a word of the page added, or
 * with a number. These are candidates only, every one a valid alias; which of them are free is the link
 * store's question (freeAmong). Pure, so the background and the tests share it.
 */
import { checkAlias } from "./codes";
import { decodeURIComponentSafely } from "./percentDecoding";
import { MAX_CODE_LENGTH } from "./schema";

/** How many candidates to make: enough that three are usually free after the store has checked. */
const CANDIDATES = 8;
const WORD_LENGTH = { min: 3, max: 16 };
/** Words that say nothing about a page, so an alias gains nothing by them. */
const EMPTY_WORDS = new Set([
	"about",
	"and",
	"are",
	"but",
	"can",
	"com",
	"for",
	"from",
	"has",
	"have",
	"how",
	"html",
	"http",
	"https",
	"index",
	"into",
	"its",
	"net",
	"not",
	"org",
	"our",
	"php",
	"that",
	"the",
	"their",
	"this",
	"was",
	"what",
	"when",
	"why",
	"will",
	"with",
	"www",
	"you",
	"your",
]);

export interface SuggestionPage {
	url: string;
	title?: string;
}

/**
 * Valid aliases close to `alias` (assumed valid itself) for `page`, best first: the next number
 * ("docs-2", or "docs-3" for a taken "docs-2"), then the alias with a word of the page's title or address
 * ("docs-pricing"; a numbered alias adds its word to the stem: "docs-pricing" for "docs-2"), then further numbers. Case is kept, as aliases are case-sensitive; duplicates and
 * candidates that would be too long or reserved are left out.
 */
export function aliasCandidates(alias: string, page: SuggestionPage): string[] {
	const numbered = alias.match(/^(.+)-(\d{1,6})$/);
	const stem = numbered?.[1] ?? alias;
	const firstNumber = numbered ? Number(numbered[2]) + 1 : 2;
	const numbers = Array.from({ length: CANDIDATES }, (_, index) => withSuffix(stem, String(firstNumber + index)));
	const words = pageWords(page)
		.filter((word) => !stem.toLowerCase().includes(word))
		.map((word) => withSuffix(stem, word));
	const ordered = [...numbers.slice(0, 1), ...words.slice(0, 3), ...numbers.slice(1)];
	const valid = ordered.filter((candidate) => checkAlias(candidate).ok);
	return [...new Set(valid)].slice(0, CANDIDATES);
}

/** `stem-suffix`, with the stem shortened if the whole would pass the longest alias allowed. */
function withSuffix(stem: string, suffix: string): string {
	const room = MAX_CODE_LENGTH - suffix.length - 1;
	return `${stem.slice(0, room).replace(/[-_]+$/, "")}-${suffix}`;
}

/** The title's words, then the address's path and host words: lower-case ASCII, each once. */
function pageWords(page: SuggestionPage): string[] {
	const words = [...wordsOf(page.title ?? ""), ...addressWords(page.url)];
	return [...new Set(words)].filter(
		(word) => word.length >= WORD_LENGTH.min && word.length <= WORD_LENGTH.max && !EMPTY_WORDS.has(word),
	);
}

function addressWords(url: string): string[] {
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		return [];
	}
	// The host's own name, not its top-level domain: "github" of github.com, "docs" and "python" of
	// docs.python.org. A punycode label (xn--...) spells no word.
	const hostLabels = parsed.hostname
		.split(".")
		.slice(0, -1)
		.filter((label) => !label.startsWith("xn--"));
	return [...wordsOf(decodeURIComponentSafely(parsed.pathname)), ...hostLabels.flatMap(wordsOf)];
}

function wordsOf(text: string): string[] {
	return text
		.normalize("NFKD")
		.replace(/[\u0300-\u036f]/g, "")
		.toLowerCase()
		.split(/[^a-z0-9]+/)
		.filter((word) => word !== "" && !/^\d+$/.test(word));
}
