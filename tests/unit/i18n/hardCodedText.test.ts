/**
 * Every word a user sees comes from _locales: a sentence typed into a component shows in English to
 * everyone. This reads each page's JSX with TypeScript's parser and lists text children and the
 * attributes people read (aria-label, title, placeholder, alt, label) that hold words written in place.
 * Punctuation, symbols and numbers between messages (" · ", "×", "‹") are no language's.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../../..");
const FOLDERS = ["popup", "options", "src/ui"];
const READ_ATTRIBUTES = new Set(["aria-label", "title", "placeholder", "alt", "label", "pendingLabel", "hint"]);
const hasWords = (text: string) => /\p{L}{2,}/u.test(text);

function tsxFiles(folder: string): string[] {
	return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
		const path = join(folder, entry.name);
		if (entry.isDirectory()) return tsxFiles(path);
		return entry.name.endsWith(".tsx") ? [path] : [];
	});
}

/** The words written in place in `path`'s JSX, each as "file:line text". */
function hardCodedText(path: string, source = readFileSync(join(ROOT, path), "utf8")): string[] {
	const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
	const found: string[] = [];
	const report = (node: ts.Node, text: string) => {
		const { line } = file.getLineAndCharacterOfPosition(node.getStart());
		found.push(`${relative(ROOT, join(ROOT, path))}:${line + 1} ${text.trim()}`);
	};
	const literalText = (node: ts.Expression | undefined): string | null => {
		if (!node) return null;
		if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
		if (ts.isTemplateExpression(node))
			return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(" ");
		if (ts.isJsxExpression(node)) return literalText(node.expression);
		if (ts.isConditionalExpression(node)) return [literalText(node.whenTrue), literalText(node.whenFalse)].join(" ");
		return null;
	};
	const visit = (node: ts.Node) => {
		if (ts.isJsxText(node) && hasWords(node.text)) report(node, node.text);
		if (ts.isJsxExpression(node) && node.parent && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
			const text = literalText(node.expression);
			if (text && hasWords(text)) report(node, text);
		}
		if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText(file))) {
			const text = literalText(node.initializer as ts.Expression | undefined);
			if (text && hasWords(text)) report(node, text);
		}
		ts.forEachChild(node, visit);
	};
	visit(file);
	return found;
}

describe("the pages' text", () => {
	it("finds words written in place, so the check below cannot pass on nothing", () => {
		const sample = `export const A = () => <p title="Open it" aria-label={\`Copy \${x}\`}>Hello {"there"} · {t("ok")}</p>;`;
		expect(hardCodedText("sample.tsx", sample).map((line) => line.replace(/^\S+ /, ""))).toEqual([
			"Open it",
			"Copy",
			"Hello",
			"there",
		]);
	});

	it("comes from _locales everywhere in the popup, the options page and the shared UI", () => {
		const files = FOLDERS.flatMap(tsxFiles);
		expect(files.length).toBeGreaterThan(40);
		expect(files.flatMap((path) => hardCodedText(path))).toEqual([]);
	});
});
