// The worker's entry to extension APIs: webextension-polyfill, whose promise-based `browser.*` matches
// Firefox natively and wraps `chrome.*` on Chromium. The worker needs it for its message listener, which
// answers with a promise: Chrome's own onMessage takes an answer only through sendResponse. The pages,
// whose listeners never answer, use the browser's own namespace (src/ui/pageBrowser.ts).
import browser from "webextension-polyfill";

export { browser };
