// Patterns that get an MV3 extension rejected from the Chrome Web Store as "remotely hosted code".
// They arrive with dependencies rather than our own code: `firebase/auth` (unlike
// `firebase/auth/web-extension`) bundles loaders for apis.google.com and reCAPTCHA.
const REMOTE_CODE_MARKERS: ReadonlyArray<readonly [string, RegExp]> = [
	["Google API loader (apis.google.com)", /apis\.google\.com/],
	["reCAPTCHA script (google.com/recaptcha)", /google\.com\/recaptcha/],
	["script from gstatic", /gstatic\.com\/[^"'`\s]*\.js/],
	["eval()", /(?<![\w$.])eval\s*\(/],
	["new Function()", /\bnew\s+Function\s*\(/],
	["importScripts() of a URL", /importScripts\(\s*["'`]https?:/],
	["import() of a URL", /\bimport\(\s*["'`]https?:/],
	["<script src> of a URL", /<script[^>]+src\s*=\s*["']?(?:https?:)?\/\//i],
];

/** Names every remote-code marker found in `source`. */
export function findRemoteCode(source: string): string[] {
	return REMOTE_CODE_MARKERS.filter(([, pattern]) => pattern.test(source)).map(([name]) => name);
}
