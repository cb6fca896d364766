/**
 * The order people expect of names in a list (tags, link titles): case and accents aside, numbers by their
 * value ("q2" before "q10"), in the browser's language.
 *
 * One collator, made at the first comparison rather than when a module loads: making the first one in a
 * process loads the language's collation data, most of a stopped worker's script run at every start before
 * (docs/architecture.md, "The shortcut in a real window"), and the pages loaded it with the code they share
 * with the worker, whether they sorted anything or not. No shorten compares names.
 */
let collator: Intl.Collator | undefined;

export function compareNames(a: string, b: string): number {
	collator ??= new Intl.Collator(undefined, { sensitivity: "base", numeric: true });
	return collator.compare(a, b);
}
