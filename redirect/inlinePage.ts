/**
 * A Vite plugin that turns the built page into one self-contained HTML file: its script and styles
 * inlined (one request before the database read, none after), a Content-Security-Policy that allows
 * exactly those inline blocks (by hash) and Firestore, and a copy as 404.html, which Hosting serves with
 * status 404 for paths firebase.json's rewrite does not send to the page (paths that are not codes).
 */
import { createHash } from "node:crypto";
import type { Plugin } from "vite";

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/** The tag Vite wrote for `fileName` (a script or a stylesheet link), however it ordered the attributes. */
function tagFor(html: string, fileName: string): string {
	const escaped = fileName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
	const tag = new RegExp(`<(script|link)\\b[^>]*"/?${escaped}"[^>]*>(</script>)?`).exec(html)?.[0];
	if (!tag) throw new Error(`inlinePage: index.html has no tag for ${fileName}`);
	return tag;
}

/** Inline text must not close its own element early. */
function checkInlinable(text: string, element: "script" | "style"): string {
	if (text.toLowerCase().includes(`</${element}`)) throw new Error(`inlinePage: the ${element} contains </${element}`);
	return text;
}

export function inlinePage({ connectSrc }: { connectSrc: string }): Plugin {
	return {
		name: "shorty:inline-page",
		enforce: "post",
		generateBundle(_options, bundle) {
			const page = bundle["index.html"];
			if (page?.type !== "asset") throw new Error("inlinePage: the build made no index.html");
			let html = String(page.source);
			const scripts: string[] = [];
			const styles: string[] = [];
			for (const [fileName, output] of Object.entries(bundle)) {
				if (fileName === "index.html") continue;
				if (output.type === "chunk") {
					const code = checkInlinable(output.code.trim(), "script");
					scripts.push(code);
					// Where Vite put the tag (the head) still works: a module script runs once the document is parsed.
					html = html.replace(tagFor(html, fileName), () => `<script type="module">${code}</script>`);
				} else if (fileName.endsWith(".css")) {
					const css = checkInlinable(String(output.source).trim(), "style");
					styles.push(css);
					html = html.replace(tagFor(html, fileName), () => `<style>${css}</style>`);
				} else {
					throw new Error(`inlinePage: ${fileName} would be a second file; the page inlines everything`);
				}
				delete bundle[fileName];
			}
			const policy = [
				"default-src 'none'",
				`script-src ${scripts.map(sha256).join(" ")}`,
				`style-src ${styles.map(sha256).join(" ")}`,
				`connect-src ${connectSrc}`,
				"img-src data:",
				"base-uri 'none'",
				"form-action 'none'",
			].join("; ");
			html = html.replace(
				"<head>",
				() => `<head>\n\t\t<meta http-equiv="Content-Security-Policy" content="${policy}" />`,
			);
			page.source = html;
			this.emitFile({ type: "asset", fileName: "404.html", source: html });
		},
	};
}
