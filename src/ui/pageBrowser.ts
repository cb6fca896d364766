/**
 * The extension pages' entry to extension APIs: the browser's own namespace, `browser` in Firefox and
 * `chrome` in Chrome. In Manifest V3 every call a page makes (tabs, storage, runtime messaging, i18n)
 * returns a promise in both, as webextension-polyfill's types describe, and a page's message listener
 * never answers. The polyfill is for the worker (src/browser.ts), whose listener answers with a promise,
 * which Chrome's own onMessage does not take. The polyfill was half the popup's first script, which runs
 * sooner without it (docs/architecture.md, "The pages use the browser's own API").
 */
import type { Browser } from "webextension-polyfill";

const extensionGlobals: { browser?: unknown; chrome?: unknown } = globalThis;

export const browser = (extensionGlobals.browser ?? extensionGlobals.chrome) as Browser;
