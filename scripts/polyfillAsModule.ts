/**
 * webextension-polyfill, which ships only as a CommonJS (UMD) file, read as an ES module whose default
 * export is the `module.exports` its factory sets. Imported as CommonJS, the bundler hands it over through
 * its interop, which copies every own property of that object; from Chrome 148, and in Firefox, the object
 * is the browser's own `browser`, whose API namespaces Chrome builds only when first touched, so the copy
 * built them all at every start of the background (docs/architecture.md, "A classic background script").
 * The wrapper shadows `define` and gives `exports`, so the UMD always takes its CommonJS branch, which calls
 * the factory with the wrapper's `module`; nothing is set on the global object.
 */
import type { Plugin } from "vite";

const POLYFILL = /[\\/]node_modules[\\/]webextension-polyfill[\\/]dist[\\/]browser-polyfill\.js$/;

export function polyfillAsModule(): Plugin {
	return {
		name: "shorty:polyfill-as-module",
		transform(code, id) {
			if (!POLYFILL.test(id)) return null;
			// The wrapper opens on the file's first line, so `npm start`'s source map stays true line for line.
			return {
				code: `const module = { exports: {} }; (function (define, exports) { ${code}
})(undefined, module.exports);
export default module.exports;`,
				map: null,
			};
		},
	};
}
