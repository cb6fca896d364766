/**
 * The import graph of Shorty's own code, read from the sources with TypeScript's parser: every static
 * import and re-export, `import type` included, every dynamic import() and every `typeof import()`.
 * Modules are repository paths ("popup/main.tsx"); packages keep their specifier ("firebase/app").
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import ts from "typescript";

export const REPO_ROOT = join(import.meta.dirname, "..", "..");

/** What one module imports, and which browser globals it reaches for. */
export interface ModuleInfo {
	/** Modules of the repository, by path. */
	files: string[];
	/** Packages, by specifier ("firebase/auth/web-extension"). */
	packages: string[];
	/** `chrome` or `browser` used as an object (chrome.tabs, browser["storage"]). */
	browserGlobals: string[];
}

const CODE = /\.(ts|tsx|mts|js|mjs)$/;
const isPackage = (specifier: string) => !specifier.startsWith(".") && !specifier.startsWith("/");

/** A relative specifier as the bundler resolves it: the file itself, or with a TypeScript extension. */
function resolveRelative(from: string, specifier: string): string | null {
	const base = join(REPO_ROOT, dirname(from), specifier);
	const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")];
	const found = candidates.find((path) => existsSync(path) && statSync(path).isFile());
	if (found === undefined) throw new Error(`${from} imports ${specifier}, which does not exist`);
	const path = relative(REPO_ROOT, found);
	// Styles and data are assets: they import no code.
	return CODE.test(path) ? path : null;
}

function specifiers(source: ts.SourceFile): string[] {
	const found: string[] = [];
	const visit = (node: ts.Node) => {
		if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
			if (ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
		} else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
			const [argument] = node.arguments;
			if (argument && ts.isStringLiteralLike(argument)) found.push(argument.text);
			else throw new Error(`${source.fileName}: an import() whose target cannot be read`);
		} else if (ts.isImportTypeNode(node)) {
			const argument = node.argument;
			if (ts.isLiteralTypeNode(argument) && ts.isStringLiteral(argument.literal)) found.push(argument.literal.text);
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

function browserGlobals(source: ts.SourceFile): string[] {
	const found: string[] = [];
	const visit = (node: ts.Node) => {
		if (
			(ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) &&
			ts.isIdentifier(node.expression) &&
			(node.expression.text === "chrome" || node.expression.text === "browser")
		) {
			found.push(node.getText(source));
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

export function readModule(path: string): ModuleInfo {
	const text = readFileSync(join(REPO_ROOT, path), "utf8");
	const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
	const all = specifiers(source);
	const files = all.flatMap((specifier) => {
		const resolved = isPackage(specifier) ? null : resolveRelative(path, specifier);
		return resolved === null ? [] : [resolved];
	});
	return {
		files: [...new Set(files)],
		packages: [...new Set(all.filter(isPackage))],
		browserGlobals: browserGlobals(source),
	};
}

/** The scripts an HTML page loads (`<script type="module" src>`), as repository paths. */
export function pageScripts(htmlPath: string): string[] {
	const html = readFileSync(join(REPO_ROOT, htmlPath), "utf8");
	return [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map(([, src = ""]) =>
		relative(REPO_ROOT, join(REPO_ROOT, dirname(htmlPath), src)),
	);
}

export class ImportGraph {
	private readonly modules = new Map<string, ModuleInfo>();

	module(path: string): ModuleInfo {
		let info = this.modules.get(path);
		if (!info) {
			info = readModule(path);
			this.modules.set(path, info);
		}
		return info;
	}

	/**
	 * The modules and packages `start` reaches, each with the chain of imports that leads there (for the
	 * message when a rule is broken). `start` reaches itself.
	 */
	reachable(start: string): Reach {
		const files = new Map<string, string[]>([[start, [start]]]);
		const packages = new Map<string, string[]>();
		const queue = [start];
		for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
			const chain = files.get(path) ?? [];
			const { files: imported, packages: used } = this.module(path);
			for (const name of used) if (!packages.has(name)) packages.set(name, [...chain, name]);
			for (const target of imported) {
				if (files.has(target)) continue;
				files.set(target, [...chain, target]);
				queue.push(target);
			}
		}
		return { files, packages };
	}
}

export interface Reach {
	files: Map<string, string[]>;
	packages: Map<string, string[]>;
}
