/**
 * Reads the facts firestore.rules states (field lists, size limits, patterns) out of its text, for the
 * tests that compare them with src/links/schema.ts and run its patterns through RE2. Every reader throws
 * when it does not find exactly what it looks for, so a reformatted rules file fails these tests
 * instead of passing them with nothing compared.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const RULES_PATH = fileURLToPath(new URL("../../../firestore.rules", import.meta.url));

export const RULES_TEXT = readFileSync(RULES_PATH, "utf8");

function fail(what: string): never {
	throw new Error(`firestore.rules: ${what}. Has the file been reformatted? Update tests/unit/links/firestoreRules.ts`);
}

/** The index just past the string literal that starts at `start` (a quote). */
function endOfString(text: string, start: number): number {
	const quote = text[start];
	for (let i = start + 1; i < text.length; i++) {
		if (text[i] === "\\") i++;
		else if (text[i] === quote) return i + 1;
	}
	return fail(`a string starting at offset ${start} is not closed`);
}

/** The text between the bracket at `open` and its partner, skipping brackets inside string literals. */
function bracketed(text: string, open: number): string {
	const pairs: Record<string, string> = { "(": ")", "[": "]", "{": "}" };
	const closing = pairs[text[open] ?? ""] ?? fail(`no bracket at offset ${open}`);
	let depth = 0;
	for (let i = open; i < text.length; i++) {
		const char = text[i] as string;
		if (char === "'" || char === '"') {
			i = endOfString(text, i) - 1;
		} else if (char === text[open]) {
			depth++;
		} else if (char === closing && --depth === 0) {
			return text.slice(open + 1, i);
		}
	}
	return fail(`the bracket at offset ${open} is not closed`);
}

/** Offsets of every occurrence of `needle` in `text`. */
function occurrences(text: string, needle: string): number[] {
	const found: number[] = [];
	for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) found.push(at);
	return found;
}

function exactlyOne<T>(items: T[], what: string): T {
	if (items.length !== 1) fail(`expected exactly one ${what}, found ${items.length}`);
	return items[0] as T;
}

/** The body of `function name(...) { ... }`. */
export function functionBody(name: string): string {
	const at = exactlyOne(occurrences(RULES_TEXT, `function ${name}(`), `function ${name}`);
	return bracketed(RULES_TEXT, RULES_TEXT.indexOf("{", at));
}

/** The body of `match /collection/{code} { ... }`. */
export function matchBody(collection: string, id = "code"): string {
	const match = `match /${collection}/{${id}}`;
	const at = exactlyOne(occurrences(RULES_TEXT, match), match);
	return bracketed(RULES_TEXT, RULES_TEXT.indexOf("{", at + `match /${collection}/{`.length));
}

/** Every N of `subject <= N` in `body`, in order. */
export function upperBounds(body: string, subject: string): number[] {
	const pattern = new RegExp(`${subject.replace(/\./g, "\\.")} <= (\\d+)`, "g");
	return [...body.matchAll(pattern)].map((match) => Number(match[1]));
}

/** The argument texts of every call that starts `call(` in `body`, e.g. call = "data.host.matches". */
function argumentsOf(body: string, call: string): string[] {
	return occurrences(body, `${call}(`).map((at) => bracketed(body, at + call.length).trim());
}

/** The one argument of the one `call(...)` in `body`. */
export function argumentOf(body: string, call: string, where: string): string {
	return exactlyOne(argumentsOf(body, call), `${call}(...) in ${where}`);
}

/** A rules string literal's value: '\\.' in the file is the two characters \. of the pattern. */
export function stringValue(literal: string): string {
	const text = literal.trim();
	if (!/^'.*'$/s.test(text) || endOfString(text, 0) !== text.length) fail(`${text} is not one string literal`);
	return text
		.slice(1, -1)
		.replace(/\\(.)/g, (sequence, char: string) => ("\\'".includes(char) ? char : fail(`unknown escape ${sequence}`)));
}

/**
 * The value of a string expression made of literals and calls of functions that return one, joined by
 * "+", as `'^https?://' + hostPattern() + '/[!-~]*$'`.
 */
export function stringExpression(expression: string): string {
	const parts: string[] = [];
	let rest = expression.trim();
	while (rest !== "") {
		const call = /^([A-Za-z]\w*)\(\)/.exec(rest);
		const end = call ? call[0].length : rest.startsWith("'") ? endOfString(rest, 0) : fail(`cannot read ${rest}`);
		const part = rest.slice(0, end);
		parts.push(call ? stringValue(returned(functionBody(call[1] as string))) : stringValue(part));
		rest = rest.slice(end).trim();
		if (rest !== "" && !rest.startsWith("+")) fail(`expected + in ${expression}`);
		rest = rest.replace(/^\+/, "").trim();
	}
	if (parts.length === 0) fail("an empty string expression");
	return parts.join("");
}

/** What `return ...;` returns in a function body that holds only that. */
function returned(body: string): string {
	const match = /^\s*return\s+([\s\S]*);\s*$/.exec(body) ?? fail(`expected a single return in ${body.trim()}`);
	return match[1] as string;
}

/** A list literal of strings, `['url', 'host']`. */
export function stringList(text: string): string[] {
	const inside = /^\[(.*)\]$/s.exec(text.trim()) ?? fail(`${text} is not a list literal`);
	return (inside[1] as string).split(",").map(stringValue);
}

/** N of `subject.size() <= N`, exactly once in `body`. */
export function sizeLimit(body: string, subject: string, where: string): number {
	const pattern = new RegExp(`${subject.replace(/\./g, "\\.")}\\.size\\(\\) <= (\\d+)`, "g");
	const limits = [...body.matchAll(pattern)].map((match) => Number(match[1]));
	return exactlyOne(limits, `${subject}.size() <= N in ${where}`);
}

/** The field list that a comment of the form `// name/{code} ...: { a, b, c }` states. */
export function commentedFields(collection: string, id = "code"): string[] {
	const line = exactlyOne(
		RULES_TEXT.split("\n").filter((text) => text.startsWith(`// ${collection}/{${id}}`)),
		`comment line on ${collection}/{${id}}`,
	);
	const fields = /\{ ([\w, ]+) \}$/.exec(line) ?? fail(`no { fields } at the end of "${line}"`);
	return (fields[1] as string).split(", ");
}
