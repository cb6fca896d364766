/**
 * The extension pages' entry to extension APIs: the browser's own namespace, `browser` in Firefox and in
 * Chrome from 148, `chrome` in earlier Chrome. In Manifest V3 every asynchronous call a page makes (tabs,
 * storage, runtime messaging) returns a promise in all of them, as webextension-polyfill's types describe
 * (i18n's are synchronous everywhere), and a page's message listener never answers. The polyfill is for
 * the worker (src/browser.ts), whose listener answers with a promise, which Chrome's onMessage took only
 * from 148. The polyfill was half the popup's first script, which runs sooner without it
 * (docs/architecture.md, "The pages use the browser's own API").
 */
import type { Browser } from "webextension-polyfill";

const extensionGlobals: { browser?: unknown; chrome?: unknown } = globalThis;

export const browser = (extensionGlobals.browser ?? extensionGlobals.chrome) as Browser;
