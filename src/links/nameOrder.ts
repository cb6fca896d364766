/**
 * The order people expect of names in a list (tags, link titles): case and accents aside, numbers by their
 * value ("q2" before "q10"), in the browser's language.
 *
 * One collator, made at the first comparison rather than when a module loads: making the first one in a
 * process loads the language's collation data, which took about 18 ms of a stopped worker's 44 ms from its
 * start to its script's end (half of it the collator), before the shortcut's copy could begin; and the
 * pages loaded it with the code they share with the worker, whether they sorted anything or not.
 */
let collator: Intl.Collator | undefined;

export function compareNames(a: string, b: string): number {
	collator ??= new Intl.Collator(undefined, { sensitivity: "base", numeric: true });
	return collator.compare(a, b);
}
