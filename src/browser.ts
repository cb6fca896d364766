// The worker's entry to extension APIs: webextension-polyfill, whose promise-based `browser.*` is
// Firefox's own and Chrome's own from Chrome 148, and wraps `chrome.*` in earlier Chrome. The worker needs
// it for its message listener, which answers with a promise: Chrome's onMessage before 148 takes an answer
// only through sendResponse. The pages, whose listeners never answer, use the browser's own namespace
// (src/ui/pageBrowser.ts).
import browser from "webextension-polyfill";

export { browser };
